#pragma once
// How the analysis threads keep out of the players' way. Each works a slice,
// then rests in proportion to its share of a core. The share depends on the
// rest of the process (connections, bots, the store's writer): the quiet
// share while the rest is nearly idle, the busy share as soon as it uses a
// tenth of a core. Engine work on the same two cores raises the players' p99
// whatever its priority, by about a third at a quarter of a core and nice 10
// (docs/analysis.md, "What analyses cost the players"): the less of it runs
// beside their moves, the better. So an analysis on a quiet server is done in
// seconds, and one on a busy server trickles.
#include <chrono>
#include <ctime>
#include <mutex>
#include <vector>

namespace bw::server {

struct CpuShares {
  double quiet = 0.25;  // of a core, per paced thread, while the rest of the process is nearly idle
  double busy = 0.05;   // while the rest uses kBusyCores or more
};

class CpuPacer {
 public:
  // The rest of the process counts as busy from this much CPU per second of wall time.
  static constexpr double kBusyCores = 0.1;

  explicit CpuPacer(CpuShares shares);
  // Between two steps of work on a paced thread: rests when the thread has
  // used its share. The first call on a thread makes it a paced thread, whose
  // CPU no longer counts as the rest of the process.
  void pace();
  // The share in force (the quiet or the busy one), as of the last look.
  double share();
  // Whether the rest of the process was busy at the last look (at most every kWindow).
  bool busy();

 private:
  static constexpr std::chrono::milliseconds kWindow{500};
  void look_at_the_rest();

  const CpuShares shares_;
  std::mutex mutex_;
  std::vector<clockid_t> paced_threads_;  // their CPU clocks, so that the rest excludes them exactly
  std::chrono::steady_clock::time_point looked_at_;
  double process_cpu_at_look_ = 0, paced_cpu_at_look_ = 0;
  bool busy_ = true;  // until a window has seen the rest of the process
};

}  // namespace bw::server
