#include "server/tables/seat_clocks.hpp"

#include <algorithm>

namespace bw::server {

SeatClocks::SeatClocks(const TimeControl& time, std::size_t seats)
    : time_(time), left_ms_(seats, time.mode == TimeControl::Mode::Clock ? time.base_ms : time.per_move_ms) {}

void SeatClocks::start(int seat, std::int64_t now_ms) {
  if (!time_.timed()) return;
  auto& left = left_ms_[static_cast<std::size_t>(seat)];
  if (time_.mode == TimeControl::Mode::PerMove) left = time_.per_move_ms;
  else if (left <= 0) left = std::max(kGraceMs, time_.increment_ms);
  running_ = seat;
  started_ms_ = now_ms;
}

void SeatClocks::stop(std::int64_t now_ms) {
  if (running_ < 0) return;
  auto& left = left_ms_[static_cast<std::size_t>(running_)];
  left = std::max<std::int64_t>(0, left - std::max<std::int64_t>(0, now_ms - started_ms_));
  running_ = -1;
}

void SeatClocks::moved(std::int64_t now_ms) {
  const int seat = running_;
  stop(now_ms);
  if (seat < 0) return;
  if (time_.mode == TimeControl::Mode::Clock) left_ms_[static_cast<std::size_t>(seat)] += time_.increment_ms;
  else left_ms_[static_cast<std::size_t>(seat)] = time_.per_move_ms;
}

std::int64_t SeatClocks::remaining(int seat, std::int64_t now_ms) const {
  std::int64_t left = left_ms_[static_cast<std::size_t>(seat)];
  if (seat == running_) left -= std::max<std::int64_t>(0, now_ms - started_ms_);
  return std::max<std::int64_t>(0, left);
}

std::optional<std::int64_t> SeatClocks::deadline() const {
  if (running_ < 0) return std::nullopt;
  return started_ms_ + left_ms_[static_cast<std::size_t>(running_)];
}

std::vector<std::int64_t> SeatClocks::snapshot(std::int64_t now_ms) const {
  std::vector<std::int64_t> out(left_ms_.size());
  for (std::size_t p = 0; p < out.size(); ++p) out[p] = remaining(static_cast<int>(p), now_ms);
  return out;
}

void SeatClocks::restore(std::vector<std::int64_t> stored, int seat, std::int64_t started_ms, std::int64_t alive_ms,
                         std::int64_t now_ms) {
  if (!time_.timed()) return;
  if (stored.size() == left_ms_.size()) left_ms_ = std::move(stored);
  running_ = -1;
  if (seat < 0) return;
  // What the seat had used of its decision when the old server was last known to run.
  const std::int64_t used = std::max<std::int64_t>(0, std::min(alive_ms, now_ms) - started_ms);
  auto& left = left_ms_[static_cast<std::size_t>(seat)];
  if (time_.mode == TimeControl::Mode::PerMove) left = time_.per_move_ms;
  else if (left <= 0) left = std::max(kGraceMs, time_.increment_ms);
  running_ = seat;
  started_ms_ = now_ms - used;
}

}  // namespace bw::server
