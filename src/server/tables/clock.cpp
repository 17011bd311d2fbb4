// A table's clocks and the one timer that ends a wait: a person's time is up,
// or a person has been gone on their own decision for the table's away_after.
// Runs on the table's strand, like table.cpp.
#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/tables/table.hpp"

namespace bw::server {

using json = nlohmann::json;

// A decision begins (after a move, a take-back or a restore): a person's clock
// runs, a bot's does not.
void Table::decision_started(std::int64_t now) {
  decision_started_ms_ = now;
  if (!everyone_arrived_) return;
  if (row_.time.timed()) {
    clocks_.stop(now);
    if (!state_->is_terminal() && !agent_for(state_->current_player())) clocks_.start(state_->current_player(), now);
  }
  arm_deadline();
}

void Table::arm_deadline() {
  deadline_timer_.cancel();
  if (!everyone_arrived_ || retired_ || expired_ || state_->is_terminal()) return;
  const Player current = state_->current_player();
  if (agent_for(current)) return;
  std::optional<std::int64_t> due = clocks_.running() == current ? clocks_.deadline() : std::nullopt;
  const Seat& seat = seats_[static_cast<std::size_t>(current)];
  if (row_.time.away_ms > 0 && seat.client.expired()) {
    const std::int64_t away_due = std::max(decision_started_ms_, seat.gone_since_ms) + row_.time.away_ms;
    due = due ? std::min(*due, away_due) : away_due;
  }
  if (!due) return;
  deadline_timer_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, *due - now_ms())));
  deadline_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->on_deadline();
  });
}

void Table::on_deadline() {
  // Busy: the person's move is being stored (the next decision re-arms the timer).
  if (busy_ || retired_ || expired_ || state_->is_terminal()) return;
  const Player current = state_->current_player();
  if (agent_for(current)) return;
  const std::int64_t now = now_ms();
  const Seat& seat = seats_[static_cast<std::size_t>(current)];
  if (clocks_.running() == current && clocks_.remaining(current, now) <= 0) return stand_in_for(current, "clock");
  if (row_.time.away_ms > 0 && seat.client.expired() &&
      now >= std::max(decision_started_ms_, seat.gone_since_ms) + row_.time.away_ms)
    return stand_in_for(current, "away");
  arm_deadline();  // woken early: the wall clock and the timer's clock drift apart
}

json Table::clock_message(std::int64_t at_ms) const {
  return {{"type", "clock"},
          {"running", clocks_.running() >= 0 ? json(clocks_.running()) : json(nullptr)},
          {"remaining", clocks_.snapshot(at_ms)},
          {"at", at_ms}};
}

// A clock message states the clocks at a moment the store holds, so that a
// kill right after it gives nobody back time it showed them using (a restart
// charges the running clock up to the last heartbeat): the moment of the move
// just stored, or else now, once a heartbeat at now is committed. Clock
// messages keep their order: the store commits and calls back in order.
void Table::send_clock_at(std::int64_t stored_ms) { send_to_all(make_frame(clock_message(stored_ms))); }

void Table::send_clock() {
  const std::int64_t now = now_ms();
  if (!context_.beats) return send_clock_at(now);  // a node: a takeover charges a running clock on anyway
  // Sent even if the beat failed: the page needs its clocks, and the store's trouble is logged by its next write.
  context_.store.heartbeat(now, [self = shared_from_this(), now](bool, const std::string&) {
    boost::asio::post(self->strand_, [self, now] { self->send_clock_at(now); });
  });
}

}  // namespace bw::server
