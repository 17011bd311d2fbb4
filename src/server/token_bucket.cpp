#include "server/token_bucket.hpp"

#include <algorithm>
#include <cmath>

namespace bw::server {

bool TokenBucket::take(Clock::time_point now) {
  tokens_ = std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_refill_).count());
  last_refill_ = now;
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

std::chrono::duration<double> TokenBucket::wait_for_token() const {
  return std::chrono::duration<double>(std::max(0.0, 1 - tokens_) / rate_);
}

int TokenBucket::retry_ms(std::size_t waiting) const {
  return static_cast<int>(std::ceil(1000.0 * static_cast<double>(waiting) / rate_));
}

}  // namespace bw::server
