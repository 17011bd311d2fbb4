#pragma once
// Per-seat results of a simulation, with 95% confidence intervals.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "sim/simulate.hpp"

namespace bw {

struct SeatStats {
  double wins = 0;       // win shares summed
  double win_rate = 0;   // wins / games
  double ci_low = 0, ci_high = 0;  // Wilson 95% interval of the win rate
  double mean_score = 0;
};

struct SimSummary {
  std::string game;
  int players = 0;
  std::uint64_t games = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> seats;
  std::vector<SeatStats> seat_stats;
  double mean_actions = 0;
  double seconds = 0;
};

// Wilson score interval for `successes` out of `trials` at 95%.
std::pair<double, double> wilson_interval(double successes, double trials);

SimSummary summarise(const SimRun& run, std::string game, std::vector<std::string> seats, std::uint64_t seed);
void print_summary(std::ostream& out, const SimSummary& summary);
nlohmann::json summary_json(const SimSummary& summary);

}  // namespace bw
