#pragma once
// A token bucket: `rate` tokens a second, holding at most `burst`, full at the
// start. The WebSocket message limit of a connection (ws_session.cpp) and the
// table-creation limit of a client (client_limits.cpp). The clock is passed
// in, so that tests can move time as they like.
#include <chrono>
#include <cstddef>

namespace bw::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  TokenBucket(double rate, double burst, Clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_refill_(now) {}

  // Refills for the time since the last refill, then takes a token if one is there.
  bool take(Clock::time_point now);
  // Whether take(now) would find a token (nothing is taken).
  bool ready(Clock::time_point now) const;
  // How long after the last refill one whole token is there again (zero if one is).
  std::chrono::duration<double> wait_for_token() const;
  // The retry time to tell a message refused behind `waiting` others: as many
  // tokens' worth of refill, in whole milliseconds rounded up.
  int retry_ms(std::size_t waiting) const;
  // Whether the bucket would be full again at `now` (then it remembers nothing).
  bool full_at(Clock::time_point now) const;

  double rate() const { return rate_; }
  double tokens() const { return tokens_; }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_refill_;
};

}  // namespace bw::server
