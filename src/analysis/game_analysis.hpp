#pragma once
// A finished game's analysis: for each decision (a seat with more than one
// legal action), the chance to win of the move played and of the best move
// found, judged from what that seat knew then (analysis/decision_value.hpp);
// the chance lost, marked as an inaccuracy, a mistake or a blunder when it
// is both large and larger than the noise of the estimate; and the three
// turning points. docs/analysis.md explains the method and its limits.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"

namespace bw::analysis {

struct Budget {
  int worlds = 32;         // determinized worlds per decision
  std::uint64_t seed = 1;  // the analysis is a function of (record, worlds, seed)
};

// Chance lost (in points of win chance, 0..100) from which a move is marked.
inline constexpr double kInaccuracy = 5, kMistake = 10, kBlunder = 20;

enum class Mark : std::uint8_t { None, Inaccuracy, Mistake, Blunder };
const char* mark_name(Mark mark);

struct Decision {
  std::size_t step = 0;  // index of the action in the record
  Player seat = 0;
  std::string played, best;     // the actions' texts
  std::vector<double> chances;  // each seat's chance after the move played (sums to 1)
  double played_chance = 0;     // the seat's own, = chances[seat]
  double best_chance = 0;       // the seat's chance after the best move found
  double lost = 0;              // best_chance - played_chance, in points (0..100)
  double noise = 0;             // two standard errors of that difference, in points
  Mark mark = Mark::None;
  bool unlucky = false;  // sound (not marked), yet the seat's chance fell by a blunder's size before its next move
};

struct GameAnalysis {
  std::string game;
  int players = 0;
  Budget budget;
  std::vector<Decision> decisions;
  std::vector<std::size_t> turning_points;  // indexes into decisions: the three largest losses, in game order
  std::vector<Player> winners;
};

// Told after each step of the record (steps_done of steps); returning false
// stops the analysis, which then throws AnalysisStopped (a server shutting down).
using Progress = std::function<bool(std::size_t steps_done, std::size_t steps)>;
struct AnalysisStopped : std::runtime_error {
  AnalysisStopped() : std::runtime_error("the analysis was stopped") {}
};

// Throws BadRecord for a record that does not replay.
GameAnalysis analyze_game(const GameRecord& record, const Budget& budget, const Progress& progress = {});

}  // namespace bw::analysis
