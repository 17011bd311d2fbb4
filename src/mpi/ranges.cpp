#include "mpi/ranges.hpp"

#include <algorithm>

namespace bw::mpi {

bool RangeSet::add(std::uint64_t first, std::uint64_t end) {
  if (first >= end) return true;
  auto after = std::lower_bound(ranges_.begin(), ranges_.end(), first,
                                [](const Range& r, std::uint64_t value) { return r.first < value; });
  if (after != ranges_.end() && after->first < end) return false;
  if (after != ranges_.begin() && std::prev(after)->end > first) return false;
  bool joins_before = after != ranges_.begin() && std::prev(after)->end == first;
  bool joins_after = after != ranges_.end() && after->first == end;
  if (joins_before && joins_after) {
    std::prev(after)->end = after->end;
    ranges_.erase(after);
  } else if (joins_before) {
    std::prev(after)->end = end;
  } else if (joins_after) {
    after->first = first;
  } else {
    ranges_.insert(after, {first, end});
  }
  return true;
}

std::vector<Range> RangeSet::gaps(std::uint64_t total) const {
  std::vector<Range> out;
  std::uint64_t at = 0;
  for (const auto& r : ranges_) {
    if (r.first >= total) break;
    if (r.first > at) out.push_back({at, r.first});
    at = std::max(at, r.end);
  }
  if (at < total) out.push_back({at, total});
  return out;
}

std::uint64_t RangeSet::count() const {
  std::uint64_t n = 0;
  for (const auto& r : ranges_) n += r.end - r.first;
  return n;
}

Range Dealer::deal(std::uint64_t cap, std::uint64_t threads_in_all) {
  while (next_ < todo_.size() && todo_[next_].first == todo_[next_].end) ++next_;
  if (next_ == todo_.size()) return {};
  Range& gap = todo_[next_];
  std::uint64_t size = std::max<std::uint64_t>(1, left_ / (4 * std::max<std::uint64_t>(1, threads_in_all)));
  size = std::min({size, std::max<std::uint64_t>(1, cap), gap.end - gap.first});
  Range block{gap.first, gap.first + size};
  gap.first += size;
  left_ -= size;
  return block;
}

}  // namespace bw::mpi
