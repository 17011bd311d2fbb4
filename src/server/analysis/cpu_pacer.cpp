#include "server/analysis/cpu_pacer.hpp"

#include <pthread.h>

#include <algorithm>
#include <thread>

#include "server/analysis/thread_cpu.hpp"

namespace bw::server {

namespace {
// The slice a paced thread works before it rests in proportion to its share.
constexpr double kWorkSliceSeconds = 0.02;
}  // namespace

CpuPacer::CpuPacer(CpuShares shares)
    : shares_{shares.quiet, std::min(shares.busy, shares.quiet)},
      looked_at_(std::chrono::steady_clock::now()),
      process_cpu_at_look_(cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID)) {}

void CpuPacer::pace() {
  // A pool thread serves one pacer for its life: these are that thread's.
  thread_local const CpuPacer* paced_by = nullptr;
  thread_local double rested_at = 0;  // the thread's CPU time at its last rest
  if (paced_by != this) {
    clockid_t clock{};
    if (pthread_getcpuclockid(pthread_self(), &clock) == 0) {
      std::lock_guard lock(mutex_);
      paced_threads_.push_back(clock);
      paced_cpu_at_look_ += cpu_clock_seconds(clock);  // what it used before counts as the rest's, already seen
    }
    paced_by = this;
    rested_at = thread_cpu_seconds();
  }
  look_at_the_rest();
  const double share = this->share();
  const double worked = thread_cpu_seconds() - rested_at;
  if (share >= 1 || worked < kWorkSliceSeconds) return;
  std::this_thread::sleep_for(std::chrono::duration<double>(worked * (1 - share) / share));
  rested_at = thread_cpu_seconds();
}

double CpuPacer::share() { return busy() ? shares_.busy : shares_.quiet; }

bool CpuPacer::busy() {
  std::lock_guard lock(mutex_);
  return busy_;
}

void CpuPacer::look_at_the_rest() {
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock) return;  // another paced thread is looking
  const auto now = std::chrono::steady_clock::now();
  const double wall = std::chrono::duration<double>(now - looked_at_).count();
  if (wall < std::chrono::duration<double>(kWindow).count()) return;
  // After a long pause nothing says how busy the last moments were: busy until a window says otherwise.
  const bool stale = wall > 4 * std::chrono::duration<double>(kWindow).count();
  double paced = 0;
  for (clockid_t clock : paced_threads_) paced += cpu_clock_seconds(clock);
  const double process = cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  const double rest = (process - process_cpu_at_look_) - (paced - paced_cpu_at_look_);
  busy_ = stale || rest >= kBusyCores * wall;
  looked_at_ = now;
  process_cpu_at_look_ = process;
  paced_cpu_at_look_ = paced;
}

}  // namespace bw::server
