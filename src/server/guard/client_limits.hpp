#pragma once
// What one client (one address) may take of the server: tables created per
// minute, and WebSocket connections open at once. Thread-safe.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/guard/token_bucket.hpp"

namespace bw::server {

struct ClientLimitSettings {
  double tables_per_minute = 10;  // creation rate per client, in bursts of up to `tables_burst`
  double tables_burst = 10;
  std::size_t connections = 32;  // WebSocket connections open at once per client
};

class ClientLimits {
 public:
  explicit ClientLimits(ClientLimitSettings settings) : settings_(settings) {}
  const ClientLimitSettings& settings() const { return settings_; }

  // Counts a table `client` creates (by a POST or by asking for a rematch), or
  // throws OverLimit "rate-limited" saying in how many whole seconds it may.
  void count_creation(const std::string& client);
  // False when `client` already holds the most connections (nothing is counted then).
  bool open_connection(const std::string& client);
  void close_connection(const std::string& client);

 private:
  ClientLimitSettings settings_;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> creations_;
  std::unordered_map<std::string, std::size_t> connections_;
};

}  // namespace bw::server
