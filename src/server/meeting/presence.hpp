#pragma once
// Who is online (docs/protocol.md, "Meeting people"): the accounts whose
// sessions were used lately. Each node gathers them in memory and writes
// them in one batch every few seconds, so that a lobby on any node lists
// the people on every node without a write per request.
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_set>

namespace bw::server {

class Store;

// An account counts as online this long after its session was last used.
inline constexpr std::int64_t kOnlineForMs = 120'000;

class Presence {
 public:
  explicit Presence(Store& store) : store_(store) {}
  void seen(const std::string& account);  // any thread
  // Writes whom it saw since the last flush; `done` (if any) runs once that is stored (or at once: nobody).
  void flush(std::int64_t now_ms, std::function<void(bool ok, const std::string& error)> done = {});

 private:
  Store& store_;
  std::mutex mutex_;
  std::unordered_set<std::string> seen_;
};

}  // namespace bw::server
