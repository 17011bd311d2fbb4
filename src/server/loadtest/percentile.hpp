#pragma once
// What both load tests report: quantiles of their samples.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace bw::server {

// The p-th quantile (0..1) of sorted samples, by nearest rank (0 for none).
inline double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  auto index = static_cast<std::size_t>(std::lround(p * static_cast<double>(sorted.size() - 1)));
  return sorted[std::min(index, sorted.size() - 1)];
}

}  // namespace bw::server
