#include "server/meeting/matchmaker.hpp"

#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/errors.hpp"
#include "server/log.hpp"
#include "server/meeting/match_rule.hpp"
#include "server/store/store.hpp"
#include "server/tables/hub.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

// The create request of a match's table: its people in seat order, then its
// bots; public, the tickets' clock, rated when two people or more sit there.
json table_request(const std::vector<TicketRow>& waiting, const Match& match) {
  const TicketRow& first = waiting[match.people.front()];
  json seats = json::array();
  for (std::size_t person : match.people) seats.push_back({{"agent", "human"}, {"name", waiting[person].name}});
  for (int bot = 0; bot < match.bots; ++bot) seats.push_back({{"agent", match.bot}});
  json request{{"game", first.game}, {"seats", std::move(seats)}, {"public", true}, {"time", json::parse(first.time)}};
  if (match.people.size() >= 2) request["rated"] = true;
  return request;
}

}  // namespace

Matchmaker::Matchmaker(Store& store, Hub& hub, MatchmakerSettings settings)
    : store_(store), hub_(hub), settings_(std::move(settings)) {}

bool Matchmaker::holds_lease() {
  if (!settings_.clustered) return true;
  std::promise<bool> granted;
  store_.claim(kMatchmakerLease, [&](bool yes) { granted.set_value(yes); });
  return granted.get_future().get();
}

std::size_t Matchmaker::round() {
  if (!holds_lease()) return 0;
  const std::int64_t now = settings_.wall_clock();
  if (now - last_forget_ms_ >= 5000) {
    store_.forget_tickets(now - kTicketUnseenMs, now - kSeatedTicketKeptMs);
    last_forget_ms_ = now;
  }
  return seat_matches(now);
}

std::size_t Matchmaker::seat_matches(std::int64_t now_ms) {
  std::vector<TicketRow> waiting = store_.waiting_tickets();
  std::vector<std::future<bool>> made;
  for (const Match& match : find_matches(waiting, now_ms)) {
    std::vector<std::string> accounts, tickets;
    for (std::size_t person : match.people) {
      accounts.push_back(waiting[person].account);
      tickets.push_back(waiting[person].account);
    }
    accounts.resize(accounts.size() + static_cast<std::size_t>(match.bots));  // bots' seats: no account
    auto stored = std::make_shared<std::promise<bool>>();
    made.push_back(stored->get_future());
    try {
      hub_.create_matched(table_request(waiting, match), std::move(accounts), std::move(tickets),
                          [stored](const std::optional<json>& answer, const std::string& error) {
                            if (!answer) log("Play now: a table was not made: {}", error);
                            stored->set_value(answer.has_value());
                          });
    } catch (const Error& e) {  // "full", or a ticket the game refuses (stored before an upgrade)
      log("Play now: a table was not made: {}", e.what());
      stored->set_value(false);
    }
  }
  // The next round reads the queue again: these tables' tickets must be seated by then.
  std::size_t tables = 0;
  for (auto& one : made) tables += one.get() ? 1 : 0;
  return tables;
}

void Matchmaker::run(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    try {
      round();
    } catch (const StoreError& e) {
      log("Play now: {}", e.what());  // the database is away: next round
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, settings_.every, [this] { return nudged_; });
    nudged_ = false;
  }
}

void Matchmaker::nudge() {
  {
    std::lock_guard lock(mutex_);
    nudged_ = true;
  }
  wake_.notify_one();
}

}  // namespace bw::server
