#pragma once
// What every front shows to teach a game, in the same shape for every game:
// an itemised final score. (Hints are strings, one per legal action.)
#include <string>
#include <vector>

namespace bw {

// One line of a seat's final score, e.g. {"bonus card: most horses", 6}.
struct ScoreItem {
  std::string category;
  double points = 0;
  bool operator==(const ScoreItem&) const = default;
};
// A seat's final score by category; the points add up to scores()[seat].
using ScoreBreakdown = std::vector<ScoreItem>;

}  // namespace bw
