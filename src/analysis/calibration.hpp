#pragma once
// How far to trust the win meter (analysis/win_meter.hpp): seeded games of
// heuristic seats, the meter read at a few decisions of each from the deciding
// seat's view, and its predictions against what happened. A reliability table
// (predicted chance by tenths against the mean share the seats then got) and
// the Brier score against guessing 1/n for every seat (docs/analysis.md).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bw::analysis {

struct CalibrationOptions {
  std::string game;
  int players = 3;
  int games = 1000;
  int worlds = 32;  // the meter's budget
  int points = 8;   // decisions read per game, evenly spread over it
  std::uint64_t seed = 1;
  std::function<void(int games_done)> progress = nullptr;  // after each game
};

struct CalibrationBin {
  double from = 0, to = 0;             // predicted chance in [from, to)
  std::size_t count = 0;               // predictions in it
  double predicted = 0, observed = 0;  // their mean, and the mean share the seats got
};

struct Calibration {
  std::vector<CalibrationBin> bins;  // ten, by tenths
  std::size_t predictions = 0;       // a seat's chance at a decision read
  double brier = 0;                  // mean (predicted - share)^2
  double uniform_brier = 0;          // the same for 1/n every time
  double largest_gap = 0;            // |predicted - observed| in points, over bins of 30 or more
};

// Throws BadParameter for an unknown game or a bad count.
Calibration calibrate(const CalibrationOptions& options);

}  // namespace bw::analysis
