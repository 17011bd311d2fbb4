#include "sim/summary.hpp"

#include <algorithm>
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

namespace {
// Sums over cells of the tally, in a fixed order: exact for counts and units,
// and the same floating-point sums whatever order the games were played in.
struct Tally {
  std::uint64_t games = 0, win_units = 0, decisions = 0;
  double score = 0, seconds = 0;
  void add(const SimTally::Cell& cell) {
    games += cell.games;
    win_units += cell.win_units;
    decisions += cell.decisions;
    seconds += cell.seconds;
    for (const auto& [value, count] : cell.scores) score += value * static_cast<double>(count);
  }
  SeatStats finish(std::string label) const {
    SeatStats s;
    s.label = std::move(label);
    s.games = static_cast<double>(games);
    s.wins = static_cast<double>(win_units) / static_cast<double>(kWinUnits);
    s.win_rate = games > 0 ? s.wins / s.games : 0;
    std::tie(s.ci_low, s.ci_high) = wilson_interval(s.wins, s.games);
    s.mean_score = games > 0 ? score / s.games : 0;
    s.ms_per_decision = decisions > 0 ? 1000 * seconds / static_cast<double>(decisions) : 0;
    return s;
  }
};
}  // namespace

SimSummary summarise(const SimRun& run, std::string game, std::vector<std::string> seats, std::uint64_t seed) {
  SimSummary s;
  s.game = std::move(game);
  s.players = static_cast<int>(seats.size());
  s.seats = std::move(seats);
  s.games = run.tally.games;
  s.shared_games = run.tally.shared_games;
  s.seed = seed;
  s.seconds = run.seconds;

  std::vector<std::string> agents;  // distinct specs, first-seen order
  std::vector<int> agent_of_lineup;
  for (const auto& spec : s.seats) {
    auto it = std::find(agents.begin(), agents.end(), spec);
    agent_of_lineup.push_back(static_cast<int>(it - agents.begin()));
    if (it == agents.end()) agents.push_back(spec);
  }
  std::vector<Tally> by_seat(s.players), by_agent(agents.size());
  s.score_counts.resize(s.players);
  for (int p = 0; p < s.players; ++p)
    for (int lineup_index = 0; lineup_index < s.players; ++lineup_index) {
      const SimTally::Cell& cell = run.tally.cells[p][lineup_index];
      by_seat[p].add(cell);
      by_agent[agent_of_lineup[lineup_index]].add(cell);
      for (const auto& [value, count] : cell.scores) s.score_counts[p][value] += count;
    }
  for (int p = 0; p < s.players; ++p) s.seat_stats.push_back(by_seat[p].finish("P" + std::to_string(p + 1)));
  for (std::size_t a = 0; a < agents.size(); ++a) s.agent_stats.push_back(by_agent[a].finish(agents[a]));
  s.mean_actions = s.games > 0 ? static_cast<double>(run.tally.actions) / static_cast<double>(s.games) : 0;
  s.length_counts = run.tally.lengths;
  return s;
}

namespace {
void print_rows(std::ostream& out, const char* heading, const std::vector<SeatStats>& rows) {
  std::size_t width = 28;  // long agent specs widen the first column so the others stay aligned
  for (const auto& r : rows) width = std::max(width, r.label.size());
  out << fmt::format("{:<{}} {:>8} {:>9} {:>7}  {:<17} {:>10} {:>10}\n", heading, width, "games", "wins", "win %",
                     "95% interval", "mean score", "ms/move");
  for (const auto& r : rows)
    out << fmt::format("{:<{}} {:>8.0f} {:>9.1f} {:>6.1f}%  [{:5.1f}%, {:5.1f}%] {:>10.2f} {:>10.3f}\n", r.label, width,
                       r.games, r.wins, 100 * r.win_rate, 100 * r.ci_low, 100 * r.ci_high, r.mean_score,
                       r.ms_per_decision);
}
}  // namespace

void print_summary(std::ostream& out, const SimSummary& s) {
  out << fmt::format("{}: {} games, {} players, seed {} ({:.1f} s, {:.0f} games/s)\n", s.game, s.games, s.players,
                     s.seed, s.seconds, s.seconds > 0 ? static_cast<double>(s.games) / s.seconds : 0.0);
  std::string lineup;
  for (const auto& spec : s.seats) lineup += (lineup.empty() ? "" : ", ") + spec;
  out << "line-up (rotated through the seats): " << lineup << "\n";
  print_rows(out, "seat", s.seat_stats);
  if (s.agent_stats.size() > 1) print_rows(out, "agent", s.agent_stats);
  out << fmt::format("mean game length: {:.1f} actions\n", s.mean_actions);
  if (s.shared_games > 0)
    out << fmt::format("{} of the {} games were shared wins: a win shared by k seats counts 1/k to each of them.\n",
                       s.shared_games, s.games);
}

namespace {
nlohmann::json rows_json(const std::vector<SeatStats>& rows, const char* key) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : rows)
    out.push_back({{key, r.label},
                   {"games", r.games},
                   {"wins", r.wins},
                   {"win_rate", r.win_rate},
                   {"ci95", {r.ci_low, r.ci_high}},
                   {"mean_score", r.mean_score},
                   {"ms_per_decision", r.ms_per_decision}});
  return out;
}
}  // namespace

nlohmann::json summary_json(const SimSummary& s) {
  nlohmann::json seats = rows_json(s.seat_stats, "seat");
  for (int p = 0; p < s.players; ++p) seats[p]["seat"] = p + 1;
  return {{"game", s.game},
          {"games", s.games},
          {"players", s.players},
          {"seed", s.seed},
          {"lineup", s.seats},
          {"seconds", s.seconds},
          {"mean_actions", s.mean_actions},
          {"seats", seats},
          {"agents", rows_json(s.agent_stats, "agent")}};
}

void print_csv(std::ostream& out, const SimSummary& s) {
  out << "kind,label,games,wins,win_rate,ci_low,ci_high,mean_score,ms_per_decision\n";
  auto rows = [&](const char* kind, const std::vector<SeatStats>& list) {
    for (const auto& r : list)
      out << fmt::format("{},\"{}\",{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f}\n", kind, r.label, r.games, r.wins,
                         r.win_rate, r.ci_low, r.ci_high, r.mean_score, r.ms_per_decision);
  };
  rows("seat", s.seat_stats);
  rows("agent", s.agent_stats);
}

}  // namespace bw
