// The analysis threads' pacer (server/analysis/cpu_pacer.hpp): its own
// threads' CPU never makes the process busy, another thread's does, and the
// share follows. Waits poll for up to a minute, so a loaded machine only
// slows the test; no figure of time is asserted.
#include "server/analysis/cpu_pacer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "server/analysis/thread_cpu.hpp"

namespace bw::server {
namespace {

using namespace std::chrono_literals;

// Spins on the calling thread for `seconds` of its own CPU time.
void spin_for(double seconds) {
  const double start = thread_cpu_seconds();
  volatile std::uint64_t turns = 0;
  while (thread_cpu_seconds() - start < seconds) turns = turns + 1;
}

bool becomes(const std::function<bool()>& condition) {
  for (auto until = std::chrono::steady_clock::now() + 60s; std::chrono::steady_clock::now() < until;) {
    if (condition()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return condition();
}

// Whether `condition` holds at every look for `seconds` (several of the pacer's windows).
bool stays(const std::function<bool()>& condition, std::chrono::seconds seconds) {
  for (auto until = std::chrono::steady_clock::now() + seconds; std::chrono::steady_clock::now() < until;) {
    if (!condition()) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

TEST(CpuPacer, ItsOwnThreadsNeverMakeTheProcessBusyAndAnotherThreadDoes) {
  CpuPacer pacer({.quiet = 0.6, .busy = 0.05});
  std::atomic<bool> stop{false};
  // A paced thread at 0.6 of a core: far above the busy line, yet not "the rest".
  std::jthread analysis([&] {
    while (!stop) {
      spin_for(0.002);
      pacer.pace();
    }
  });
  // Busy until a window has looked; then the windows see only the paced thread, working at its quiet share.
  ASSERT_TRUE(becomes([&] { return !pacer.busy(); }));
  EXPECT_TRUE(stays([&] { return !pacer.busy(); }, 3s)) << "the paced thread's own CPU counted as the rest's";
  EXPECT_EQ(pacer.share(), 0.6);

  std::atomic<bool> stop_other{false};
  std::jthread other([&] {
    while (!stop_other) spin_for(0.01);
  });
  EXPECT_TRUE(becomes([&] { return pacer.busy(); })) << "a spinning thread of the process went unseen";
  EXPECT_EQ(pacer.share(), 0.05);

  stop_other = true;
  other.join();
  EXPECT_TRUE(becomes([&] { return !pacer.busy(); })) << "the process stayed busy after the other thread stopped";
  EXPECT_EQ(pacer.share(), 0.6);
  stop = true;
}

TEST(CpuPacer, TheBusyShareIsNeverAboveTheQuietOne) {
  CpuPacer pacer({.quiet = 0.1, .busy = 0.5});
  std::atomic<bool> stop{false};
  std::jthread other([&] {
    while (!stop) spin_for(0.01);
  });
  std::jthread paced([&] {
    while (!stop) {
      spin_for(0.002);
      pacer.pace();
    }
  });
  ASSERT_TRUE(becomes([&] { return pacer.busy(); }));
  EXPECT_EQ(pacer.share(), 0.1);
  stop = true;
}

}  // namespace
}  // namespace bw::server
