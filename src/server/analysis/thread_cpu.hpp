#pragma once
// The CPU time the calling thread has used: what the analysis threads ration
// (AnalysisQueue::pace) and what caps a lab job, whatever else runs beside.
#include <ctime>

namespace bw::server {

inline double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace bw::server
