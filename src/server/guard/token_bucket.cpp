#include "server/guard/token_bucket.hpp"

#include <algorithm>
#include <cmath>

namespace bw::server {

namespace {
double refilled(double tokens, double rate, double burst, std::chrono::duration<double> idle) {
  return std::min(burst, tokens + rate * idle.count());
}
}  // namespace

bool TokenBucket::take(Clock::time_point now) {
  tokens_ = refilled(tokens_, rate_, burst_, now - last_refill_);
  last_refill_ = now;
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

bool TokenBucket::ready(Clock::time_point now) const {
  return refilled(tokens_, rate_, burst_, now - last_refill_) >= 1;
}

std::chrono::duration<double> TokenBucket::wait_for_token() const {
  return std::chrono::duration<double>(std::max(0.0, 1 - tokens_) / rate_);
}

bool TokenBucket::full_at(Clock::time_point now) const {
  return refilled(tokens_, rate_, burst_, now - last_refill_) >= burst_;
}

int TokenBucket::retry_ms(std::size_t waiting) const {
  return static_cast<int>(std::ceil(1000.0 * static_cast<double>(waiting) / rate_));
}

}  // namespace bw::server
