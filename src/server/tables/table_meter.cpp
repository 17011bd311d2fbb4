// The coach's meter (docs/protocol.md, "The coach's meter"): a person alone
// with bots may see their chance to win, and each seat's, after every move.
// The reading is made from that person's view only (analysis::win_chances
// redeals what they cannot see), on the bots' pool, never on the table's
// strand; a reading that comes back after the table moved on is dropped and
// the next one made, so at most one is under way per table.
#include <bit>
#include <boost/asio/post.hpp>
#include <functional>

#include "analysis/live_meter.hpp"
#include "server/log.hpp"
#include "server/tables/table.hpp"

namespace bw::server {

namespace asio = boost::asio;
using json = nlohmann::json;

std::uint64_t meter_seed(const std::string& table, std::uint64_t version) {
  return std::hash<std::string>{}(table) ^ (version * 0x9e3779b97f4a7c15ull);
}

// Offered only where no other person could be told anything by it: one
// person, one seat, every other seat a bot, on a server that reads meters.
std::optional<Table::Refusal> Table::meter_refusal(std::uint32_t seats) const {
  if (context_.meter_worlds <= 0) return Refusal{"meter-refused", "this server offers no meter"};
  if (seats == 0) return Refusal{"meter-refused", "the meter is for a player at a table of bots, not a spectator"};
  if (std::popcount(seats) != 1 || row_.hotseat)
    return Refusal{"meter-refused", "the meter reads one seat's view: not at a table whose seats share a screen"};
  if (people_ != 1)
    return Refusal{"meter-refused", "the meter is offered only where every other seat is a bot (coach mode)"};
  return std::nullopt;
}

void Table::do_meter(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (auto refusal = meter_refusal(seats)) return refuse(client, message, *refusal);
  if (!message.on) {
    meter_client_.reset();
    return;
  }
  meter_client_ = client;
  meter_seat_ = static_cast<Player>(std::countr_zero(seats));
  read_meter();
}

void Table::read_meter() {
  auto client = meter_client_.lock();
  if (!client || meter_reading_ || state_->is_terminal()) return;
  if (meter_refusal(seats_of(client.get()))) {  // another person came, or the seat was given up
    meter_client_.reset();
    return;
  }
  meter_reading_ = true;
  const std::uint64_t version = actions_.size();
  std::shared_ptr<const AnyState> snapshot = state_;  // never changed in place: no copy needed
  const Player seat = meter_seat_;
  const int worlds = context_.meter_worlds;
  const std::uint64_t seed = meter_seed(row_.id, version);
  asio::post(context_.bots, [self = shared_from_this(), snapshot, seat, worlds, seed, version] {
    std::vector<double> chances;
    try {
      chances = analysis::live_win_chances(*snapshot, seat, worlds, seed);
    } catch (const std::exception& e) {
      log("table {}: no meter reading: {}", self->row_.id, e.what());
    }
    asio::post(self->strand_, [self, chances = std::move(chances), seat, version] {
      self->meter_reading_ = false;
      auto client = self->meter_client_.lock();
      if (!client || self->meter_seat_ != seat) return;
      if (version != self->actions_.size()) return self->read_meter();  // the table moved on meanwhile
      if (chances.empty()) return;
      client->send(make_frame(json{
          {"type", "meter"}, {"table", self->row_.id}, {"version", version}, {"seat", seat}, {"chances", chances}}));
    });
  });
}

}  // namespace bw::server
