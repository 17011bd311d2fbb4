// The win meter at a table (docs/protocol.md, "The win meter"): a person
// alone with bots may see every seat's chance to win from their own seat's
// view (the coach's meter), and a spectator from the public view where at
// most one person plays. A reading is made only from that view
// (analysis::win_chances redeals what the viewer cannot see), on the bots'
// pool, never on the table's strand; a reading that comes back after the
// table moved on is dropped and the next one made, so at most one per view
// is under way.
#include <algorithm>
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

// Offered only where no person could be told anything by it: to the one
// person among bots, and to spectators while at most one person plays.
std::optional<Table::Refusal> Table::meter_refusal(std::uint32_t seats) const {
  if (context_.meter_worlds <= 0) return Refusal{"meter-refused", "this server offers no meter"};
  if (seats == 0)
    return people_ <= 1 ? std::nullopt
                        : std::optional<Refusal>({"meter-refused", "no meter is shown while two or more people play"});
  if (std::popcount(seats) != 1 || row_.hotseat)
    return Refusal{"meter-refused", "the meter reads one seat's view: not at a table whose seats share a screen"};
  if (people_ != 1)
    return Refusal{"meter-refused", "the meter is offered only where every other seat is a bot (coach mode)"};
  return std::nullopt;
}

void Table::do_meter(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (auto refusal = meter_refusal(seats)) return refuse(client, message, *refusal);
  if (seats == 0) {
    std::erase_if(meter_spectators_, [&](const auto& held) {
      auto other = held.lock();
      return !other || other == client;
    });
    if (message.on) meter_spectators_.push_back(client);
  } else if (message.on) {
    meter_client_ = client;
    meter_seat_ = static_cast<Player>(std::countr_zero(seats));
  } else {
    meter_client_.reset();
  }
  if (message.on) read_meter();
}

void Table::read_meter() {
  if (state_->is_terminal()) return;
  if (auto client = meter_client_.lock()) {
    if (meter_refusal(seats_of(client.get())))  // another person came, or the seat was given up
      meter_client_.reset();
    else read_meter_as(meter_seat_);
  }
  std::erase_if(meter_spectators_, [](const auto& held) { return held.expired(); });
  if (!meter_spectators_.empty()) {
    if (people_ > 1) meter_spectators_.clear();  // a second person sat down: the public meter stops
    else read_meter_as(kSpectator);
  }
}

void Table::read_meter_as(Player viewer) {
  bool& reading = viewer == kSpectator ? public_reading_ : coach_reading_;
  if (reading) return;
  reading = true;
  const std::uint64_t version = actions_.size();
  std::shared_ptr<const AnyState> snapshot = state_;  // never changed in place: no copy needed
  const int worlds = context_.meter_worlds;
  const std::uint64_t seed = meter_seed(row_.id, version);
  asio::post(context_.bots, [self = shared_from_this(), snapshot, viewer, worlds, seed, version] {
    std::vector<double> chances;
    try {
      chances = analysis::live_win_chances(*snapshot, viewer, worlds, seed);
    } catch (const std::exception& e) {
      log("table {}: no meter reading: {}", self->row_.id, e.what());
    }
    asio::post(self->strand_, [self, chances = std::move(chances), viewer, version] {
      (viewer == kSpectator ? self->public_reading_ : self->coach_reading_) = false;
      if (version != self->actions_.size()) return self->read_meter();  // the table moved on meanwhile
      if (chances.empty()) return;
      json reading{{"type", "meter"}, {"table", self->row_.id}, {"version", version}, {"chances", chances}};
      if (viewer == kSpectator) {
        reading["seat"] = nullptr;
        const Frame frame = make_frame(reading);
        for (const auto& held : self->meter_spectators_)
          if (auto client = held.lock()) client->send(frame);
        return;
      }
      auto client = self->meter_client_.lock();
      if (!client || self->meter_seat_ != viewer) return;
      reading["seat"] = viewer;
      client->send(make_frame(reading));
    });
  });
}

}  // namespace bw::server
