#pragma once
// Words for a game's result, shared by the games whose winner is decided by one
// figure and then a tie-break figure (Black Sheep: points, then animals;
// Bye-Bye's stalled end: triplets, then zoo cards). Lists of names
// (join_names) are in core/wording.hpp, shared by every game.
#include <algorithm>
#include <string>
#include <vector>

#include "core/wording.hpp"

namespace bw {

// A figure every seat has at the end, e.g. {"point", "points", {31, 26, 19}}.
struct SeatFigure {
  const char* singular;
  const char* plural;
  std::vector<int> per_seat;
  std::string count(int n) const { return std::to_string(n) + " " + (n == 1 ? singular : plural); }
};

// Why `winners` won when the most `first` wins, ties go to the most `second`,
// and seats still tied share the win: "Ann wins with 31 points, 5 more than
// Bob (26)." / "Ann and Bob both have 31 points; Ann wins with more animals (9
// against 7)." / "Ann and Bob share the win with 31 points and 9 animals each."
inline std::string explain_two_figure_win(const SeatWords& words, const PlayerList& winners, const SeatFigure& first,
                                          const SeatFigure& second) {
  if (winners.empty()) return {};
  const int seats = static_cast<int>(first.per_seat.size());
  const int top = first.per_seat[winners[0]];
  std::vector<Player> tied_on_first, runners_up;  // losers level on the first figure; the best of the rest
  int runner_up_figure = 0;
  for (Player p = 0; p < seats; ++p) {
    if (winners.contains(p)) continue;
    const int figure = first.per_seat[p];
    if (figure == top) {
      tied_on_first.push_back(p);
    } else if (runners_up.empty() || figure > runner_up_figure) {
      runners_up = {p};
      runner_up_figure = figure;
    } else if (figure == runner_up_figure) {
      runners_up.push_back(p);
    }
  }
  const int top_second = second.per_seat[winners[0]];
  auto best_second_of = [&](const std::vector<Player>& group) {
    int best = second.per_seat[group[0]];
    for (Player p : group) best = std::max(best, second.per_seat[p]);
    return best;
  };
  if (winners.size() > 1) {
    std::string out = join_names(words, winners) + " share the win with " + first.count(top) + " and " +
                      second.count(top_second) + " each.";
    if (!tied_on_first.empty())
      out += " " + join_names(words, tied_on_first) + " also had " + first.count(top) + " but fewer " + second.plural +
             ".";
    return out;
  }
  if (!tied_on_first.empty()) {
    std::vector<Player> level = {winners[0]};
    level.insert(level.end(), tied_on_first.begin(), tied_on_first.end());
    return join_names(words, level) + (level.size() == 2 ? " both have " : " all have ") + first.count(top) + "; " +
           words.Name(winners[0]) + " wins with more " + second.plural + " (" + std::to_string(top_second) +
           " against " + std::to_string(best_second_of(tied_on_first)) + ").";
  }
  std::string out = words.Name(winners[0]) + " wins with " + first.count(top);
  if (runners_up.empty()) return out + ".";
  return out + ", " + std::to_string(top - runner_up_figure) + " more than " + join_names(words, runners_up) + " (" +
         std::to_string(runner_up_figure) + ").";
}

}  // namespace bw
