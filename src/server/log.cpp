#include "server/log.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace bw::server {

namespace {
std::mutex log_mutex;
std::atomic<bool> logging{true};
}  // namespace

void set_logging(bool enabled) { logging = enabled; }

void log_line(std::string_view line) {
  if (!logging) return;
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  std::lock_guard lock(log_mutex);
  std::fprintf(stderr, "%s %.*s\n", stamp, static_cast<int>(line.size()), line.data());
}

}  // namespace bw::server
