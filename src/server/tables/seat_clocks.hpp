#pragma once
// The seats' clocks under a time control (docs/protocol.md, "Clocks and
// leaving"). Only bookkeeping on numbers the table passes in: wall-clock
// milliseconds, so that a clock stored before a crash means the same after it.
#include <cstdint>
#include <optional>
#include <vector>

#include "server/tables/time_control.hpp"

namespace bw::server {

// A seat whose game clock ran out and who took the seat back gets this much
// (or the increment, if larger) for each decision: a clock at zero would hand
// the seat straight back to the bot.
inline constexpr std::int64_t kGraceMs = 15'000;

// Every seat's time left; at most one seat's clock runs at a time.
class SeatClocks {
 public:
  SeatClocks(const TimeControl& time, std::size_t seats);

  // `seat`'s decision starts at `now_ms`: its clock runs (per move: from the full limit).
  void start(int seat, std::int64_t now_ms);
  // The running seat made its move at `now_ms`: the time is charged, the increment added, no clock runs.
  void moved(std::int64_t now_ms);
  // No clock runs (a bot decides, or the game is over); the running seat is charged up to `now_ms`.
  void stop(std::int64_t now_ms);

  int running() const { return running_; }  // -1: none
  std::int64_t started_ms() const { return started_ms_; }
  std::int64_t remaining(int seat, std::int64_t now_ms) const;  // never below 0
  // When the running seat's time is up, in wall-clock ms; nullopt when no clock runs.
  std::optional<std::int64_t> deadline() const;
  // Every seat's time left now (what the store keeps with each action).
  std::vector<std::int64_t> snapshot(std::int64_t now_ms) const;

  // After a restart: the times stored with the last action, and the running
  // seat's decision, which began at `started_ms` and is charged only up to
  // `alive_ms`, the last moment the old server was known to run. The outage
  // after it is charged to nobody.
  void restore(std::vector<std::int64_t> stored, int seat, std::int64_t started_ms, std::int64_t alive_ms,
               std::int64_t now_ms);

 private:
  TimeControl time_;
  std::vector<std::int64_t> left_ms_;  // at started_ms_ for the running seat
  int running_ = -1;
  std::int64_t started_ms_ = 0;
};

}  // namespace bw::server
