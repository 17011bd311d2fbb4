#include "server/client_limits.hpp"

#include <algorithm>
#include <cmath>

namespace bw::server {

int ClientLimits::take_creation(const std::string& client) {
  auto now = std::chrono::steady_clock::now();
  const double per_second = settings_.tables_per_minute / 60;
  std::lock_guard lock(mutex_);
  // Full buckets hold nothing worth keeping: forget them rather than grow without bound.
  if (creations_.size() > 100000)
    std::erase_if(creations_, [&](const auto& entry) {
      const Bucket& b = entry.second;
      return b.tokens + per_second * std::chrono::duration<double>(now - b.refilled).count() >= settings_.tables_burst;
    });
  auto [it, fresh] = creations_.try_emplace(client, Bucket{settings_.tables_burst, now});
  Bucket& bucket = it->second;
  bucket.tokens = std::min(settings_.tables_burst,
                           bucket.tokens + per_second * std::chrono::duration<double>(now - bucket.refilled).count());
  bucket.refilled = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return std::max(1, static_cast<int>(std::ceil((1 - bucket.tokens) / per_second)));
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
