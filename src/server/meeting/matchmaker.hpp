#pragma once
// Play now's matchmaker (docs/protocol.md, "Meeting people"): every round
// it reads the queue from the database, seats whom the matching rule seats
// at new tables, and forgets tickets whose people left. At a cluster only
// the node holding the matchmaker's lease matches; any node may take it
// when its holder is gone, so the queue outlives any one node.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stop_token>

namespace bw::server {

class Hub;
class Store;

struct MatchmakerSettings {
  bool clustered = false;  // several nodes: match only under the lease
  std::chrono::milliseconds every{500};
  std::function<std::int64_t()> wall_clock;  // unix ms
};

// A waiting ticket nobody asked about for this long is dropped (its person left);
// a seated one is kept this long, so that its person hears where to go.
inline constexpr std::int64_t kTicketUnseenMs = 60'000;
inline constexpr std::int64_t kSeatedTicketKeptMs = std::int64_t{10} * 60'000;
// The lease's name: no table id looks like it.
inline constexpr const char* kMatchmakerLease = "*bellwether matchmaker*";

class Matchmaker {
 public:
  Matchmaker(Store& store, Hub& hub, MatchmakerSettings settings);
  // One round; blocks on the database until the tables it makes are stored.
  // Returns how many tables it made (0 at a node without the lease).
  std::size_t round();
  // Rounds every `settings.every` until `stop` (a thread of its own: it blocks on the database).
  void run(const std::stop_token& stop);
  // Someone asked on this node: the next round starts now rather than at its time (any thread).
  void nudge();

 private:
  bool holds_lease();
  std::size_t seat_matches(std::int64_t now_ms);

  Store& store_;
  Hub& hub_;
  MatchmakerSettings settings_;
  std::int64_t last_forget_ms_ = 0;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool nudged_ = false;
};

}  // namespace bw::server
