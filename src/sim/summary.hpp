#pragma once
// Results of a tournament: per seat and per agent, win rates with 95%
// confidence intervals, mean scores, game length and decision time.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "sim/simulate.hpp"

namespace bw {

struct SeatStats {
  std::string label;               // "P1" or the agent's spec
  double games = 0;                // seat-games played
  double wins = 0;                 // win shares summed
  double win_rate = 0;             // wins / games
  double ci_low = 0, ci_high = 0;  // Wilson 95% interval of the win rate
  double mean_score = 0;
  double ms_per_decision = 0;
};

struct SimSummary {
  std::string game;
  int players = 0;
  std::uint64_t games = 0;
  std::uint64_t shared_games = 0;  // won by more than one seat
  std::uint64_t seed = 0;
  std::vector<std::string> seats;      // the line-up, as given
  std::vector<SeatStats> seat_stats;   // by seat, whoever sat there
  std::vector<SeatStats> agent_stats;  // by distinct agent spec, over the seats it played
  double mean_actions = 0;
  double seconds = 0;
  ValueCounts length_counts;              // actions per game -> games
  std::vector<ValueCounts> score_counts;  // by seat: final score -> games
};

// Wilson score interval for `successes` out of `trials` at 95%.
std::pair<double, double> wilson_interval(double successes, double trials);

SimSummary summarise(const SimRun& run, std::string game, std::vector<std::string> seats, std::uint64_t seed);
void print_summary(std::ostream& out, const SimSummary& summary);
nlohmann::json summary_json(const SimSummary& summary);
void print_csv(std::ostream& out, const SimSummary& summary);

}  // namespace bw
