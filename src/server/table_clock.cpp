// A table's clocks and the one timer that ends a wait: a person's time is up,
// or a person has been gone on their own decision for the table's away_after.
// Runs on the table's strand, like table.cpp.
#include <algorithm>

#include "server/table.hpp"

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
  deadline_timer_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, *due - wall_ms())));
  deadline_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->on_deadline();
  });
}

void Table::on_deadline() {
  // Busy: the person's move is being stored (the next decision re-arms the timer).
  if (busy_ || retired_ || expired_ || state_->is_terminal()) return;
  const Player current = state_->current_player();
  if (agent_for(current)) return;
  const std::int64_t now = wall_ms();
  const Seat& seat = seats_[static_cast<std::size_t>(current)];
  if (clocks_.running() == current && clocks_.remaining(current, now) <= 0) return stand_in_for(current, "clock");
  if (row_.time.away_ms > 0 && seat.client.expired() &&
      now >= std::max(decision_started_ms_, seat.gone_since_ms) + row_.time.away_ms)
    return stand_in_for(current, "away");
  arm_deadline();  // woken early: the wall clock and the timer's clock drift apart
}

json Table::clock_message() const {
  const std::int64_t now = wall_ms();
  const std::vector<std::int64_t> left = clocks_.snapshot(now);
  return {{"type", "clock"},
          {"running", clocks_.running() >= 0 ? json(clocks_.running()) : json(nullptr)},
          {"remaining", left},
          {"at", now}};
}

void Table::send_clock() { send_to_all(make_frame(clock_message())); }

}  // namespace bw::server
