#include "sim/summary.hpp"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bw {

std::pair<double, double> wilson_interval(double successes, double trials) {
  if (trials <= 0) return {0.0, 1.0};
  constexpr double z = 1.959963984540054;
  double p = successes / trials;
  double denom = 1 + z * z / trials;
  double centre = (p + z * z / (2 * trials)) / denom;
  double half = z * std::sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

SimSummary summarise(const SimRun& run, std::string game, std::vector<std::string> seats, std::uint64_t seed) {
  SimSummary s;
  s.game = std::move(game);
  s.players = static_cast<int>(seats.size());
  s.seats = std::move(seats);
  s.games = run.outcomes.size();
  s.seed = seed;
  s.seconds = run.seconds;
  s.seat_stats.resize(s.players);
  double actions = 0;
  for (const auto& outcome : run.outcomes) {  // in game order: the same sums for any thread count
    actions += outcome.actions;
    for (int p = 0; p < s.players; ++p) {
      s.seat_stats[p].wins += outcome.win_share[p];
      s.seat_stats[p].mean_score += outcome.scores[p];
    }
  }
  double n = static_cast<double>(s.games);
  for (auto& seat : s.seat_stats) {
    seat.win_rate = n > 0 ? seat.wins / n : 0;
    std::tie(seat.ci_low, seat.ci_high) = wilson_interval(seat.wins, n);
    seat.mean_score = n > 0 ? seat.mean_score / n : 0;
  }
  s.mean_actions = n > 0 ? actions / n : 0;
  return s;
}

void print_summary(std::ostream& out, const SimSummary& s) {
  out << fmt::format("{}: {} games, {} players, seed {} ({:.1f} s, {:.0f} games/s)\n", s.game, s.games, s.players,
                     s.seed, s.seconds, s.seconds > 0 ? static_cast<double>(s.games) / s.seconds : 0.0);
  out << fmt::format("{:<6} {:<10} {:>9} {:>8}  {:<17} {:>10}\n", "seat", "agent", "wins", "win %", "95% interval",
                     "mean score");
  for (int p = 0; p < s.players; ++p) {
    const auto& seat = s.seat_stats[p];
    out << fmt::format("P{:<5} {:<10} {:>9.1f} {:>7.1f}%  [{:5.1f}%, {:5.1f}%] {:>10.2f}\n", p + 1, s.seats[p],
                       seat.wins, 100 * seat.win_rate, 100 * seat.ci_low, 100 * seat.ci_high, seat.mean_score);
  }
  out << fmt::format("mean game length: {:.1f} actions\n", s.mean_actions);
}

nlohmann::json summary_json(const SimSummary& s) {
  nlohmann::json seats = nlohmann::json::array();
  for (int p = 0; p < s.players; ++p) {
    const auto& seat = s.seat_stats[p];
    seats.push_back({{"seat", p + 1},
                     {"agent", s.seats[p]},
                     {"wins", seat.wins},
                     {"win_rate", seat.win_rate},
                     {"ci95", {seat.ci_low, seat.ci_high}},
                     {"mean_score", seat.mean_score}});
  }
  return {{"game", s.game},       {"games", s.games},     {"players", s.players},
          {"seed", s.seed},       {"seconds", s.seconds}, {"mean_actions", s.mean_actions},
          {"seats", seats}};
}

}  // namespace bw
