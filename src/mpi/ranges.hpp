#pragma once
// Which game indices a run has finished: sorted, disjoint, merged ranges
// [first, end), so a checkpoint of 10^8 games stays a few numbers long.
#include <cstdint>
#include <vector>

namespace bw::mpi {

struct Range {
  std::uint64_t first = 0, end = 0;  // [first, end)
  bool operator==(const Range&) const = default;
};

class RangeSet {
 public:
  // Adds [first, end); it must not overlap what is there (a game is played once).
  // Returns false, changing nothing, when it does.
  bool add(std::uint64_t first, std::uint64_t end);
  // What [0, total) holds that this set does not.
  std::vector<Range> gaps(std::uint64_t total) const;
  std::uint64_t count() const;
  const std::vector<Range>& ranges() const { return ranges_; }

 private:
  std::vector<Range> ranges_;
};

// Hands out blocks of the games a run has still to play, in index order,
// sized so that fast ranks take more and the run ends evenly: a block is at
// most `cap` games (about half a second of a thread's work, so checkpoints
// and the progress line stay fresh) and at most a quarter of a thread's share
// of what is left (so the last blocks are single games).
class Dealer {
 public:
  Dealer(std::uint64_t games, const RangeSet& done) : todo_(done.gaps(games)) {
    for (const auto& r : todo_) left_ += r.end - r.first;
  }
  // count 0: nothing left to deal.
  Range deal(std::uint64_t cap, std::uint64_t threads_in_all);
  std::uint64_t left() const { return left_; }

 private:
  std::vector<Range> todo_;
  std::size_t next_ = 0;
  std::uint64_t left_ = 0;
};

}  // namespace bw::mpi
