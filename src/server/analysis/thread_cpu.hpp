#pragma once
// CPU clocks: the calling thread's time is what the analysis threads ration
// (AnalysisQueue::pace) and what caps a lab job, whatever else runs beside.
#include <ctime>

namespace bw::server {

// The reading of a CPU clock (a thread's, the process's), in seconds; 0 for a clock that is gone.
inline double cpu_clock_seconds(clockid_t clock) {
  timespec now{};
  if (clock_gettime(clock, &now) != 0) return 0;
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

inline double thread_cpu_seconds() { return cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace bw::server
