#include "server/guard/client_limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "server/errors.hpp"

namespace bw::server {

void ClientLimits::count_creation(const std::string& client) {
  auto now = TokenBucket::Clock::now();
  const double per_second = settings_.tables_per_minute / 60;
  std::lock_guard lock(mutex_);
  // Full buckets hold nothing worth keeping: forget them rather than grow without bound.
  if (creations_.size() > 100000)
    std::erase_if(creations_, [&](const auto& entry) { return entry.second.full_at(now); });
  TokenBucket& bucket = creations_.try_emplace(client, per_second, settings_.tables_burst, now).first->second;
  if (bucket.take(now)) return;
  const int wait = std::max(1, static_cast<int>(std::ceil(bucket.wait_for_token().count())));
  throw OverLimit("rate-limited",
                  "at most " + fmt::format("{:g}", settings_.tables_per_minute) +
                      " new tables a minute from one address; try again in " + std::to_string(wait) + " s",
                  wait);
}

bool ClientLimits::open_connection(const std::string& client) {
  std::lock_guard lock(mutex_);
  auto& count = connections_[client];
  if (count >= settings_.connections) return false;
  ++count;
  return true;
}

void ClientLimits::close_connection(const std::string& client) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(client);
  if (it == connections_.end()) return;
  if (--it->second == 0) connections_.erase(it);
}

}  // namespace bw::server
