#include "analysis/game_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/decision_value.hpp"
#include "core/errors.hpp"
#include "core/params.hpp"
#include "games/catalog.hpp"

namespace bw::analysis {

const char* mark_name(Mark mark) {
  switch (mark) {
    case Mark::Inaccuracy: return "inaccuracy";
    case Mark::Mistake: return "mistake";
    case Mark::Blunder: return "blunder";
    default: return "";
  }
}

namespace {

// Fewer worlds than this say too little to mark any move.
constexpr std::size_t kFewestWorldsToMark = 8;

// Two standard errors of the mean paired difference best - played, in points.
double paired_noise(const std::vector<double>& best, const std::vector<double>& played) {
  const auto n = static_cast<double>(best.size());
  if (best.size() < kFewestWorldsToMark) return 100;
  double sum = 0, sum_sq = 0;
  for (std::size_t w = 0; w < best.size(); ++w) {
    const double d = best[w] - played[w];
    sum += d;
    sum_sq += d * d;
  }
  const double mean = sum / n;
  const double variance = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
  return 200 * std::sqrt(variance / n);
}

Mark mark_for(double lost, double noise) {
  if (lost < kInaccuracy || lost <= noise) return Mark::None;
  if (lost >= kBlunder) return Mark::Blunder;
  if (lost >= kMistake) return Mark::Mistake;
  return Mark::Inaccuracy;
}

template <class S>
Decision judge(const S& state, std::size_t step, Action played, const Budget& budget) {
  const Player seat = state.current_player();
  // Each decision has its own worlds, a function of the seed and the step only.
  const std::vector<ActionValue> values = value_actions(state, budget.worlds, Rng::stream(budget.seed, step).next64());
  const auto best = std::max_element(values.begin(), values.end(), [&](const ActionValue& a, const ActionValue& b) {
    return a.chance[seat] < b.chance[seat];
  });
  const auto chosen =
      std::find_if(values.begin(), values.end(), [&](const ActionValue& v) { return v.action == played; });
  Decision d;
  d.step = step;
  d.seat = seat;
  d.played = S::action_to_string(played);
  d.best = S::action_to_string(best->action);
  for (int p = 0; p < state.num_players(); ++p) d.chances.push_back(chosen->chance[p]);
  d.played_chance = chosen->chance[seat];
  d.best_chance = best->chance[seat];
  d.lost = 100 * (d.best_chance - d.played_chance);
  d.noise = paired_noise(best->per_world, chosen->per_world);
  d.mark = mark_for(d.lost, d.noise);
  return d;
}

// A sound move after which the seat's chance fell by a blunder's size before
// its next decision: the dice, the draws or the others did it, not the move.
void mark_unlucky(std::vector<Decision>& decisions) {
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    if (decisions[i].mark != Mark::None) continue;
    for (std::size_t j = i + 1; j < decisions.size(); ++j)
      if (decisions[j].seat == decisions[i].seat) {
        decisions[i].unlucky = 100 * (decisions[i].played_chance - decisions[j].best_chance) >= kBlunder;
        break;
      }
  }
}

std::vector<std::size_t> turning_points(const std::vector<Decision>& decisions) {
  std::vector<std::size_t> order(decisions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return decisions[a].lost > decisions[b].lost; });
  std::vector<std::size_t> top;
  for (std::size_t i : order)
    if (top.size() < 3 && decisions[i].mark != Mark::None) top.push_back(i);
  std::sort(top.begin(), top.end());
  return top;
}

}  // namespace

GameAnalysis analyze_game(const GameRecord& record, const Budget& budget, const Progress& progress) {
  if (budget.worlds < 1) throw BadParameter("the analysis needs at least one world per decision");
  GameAnalysis out;
  out.game = record.game;
  out.players = static_cast<int>(record.players.size());
  out.budget = budget;
  // The record is checked (every action legal, the result as claimed) by the
  // same replay every front uses; the concrete state then plays the ids.
  std::vector<Action> actions;
  replay(registry(), record, [&](std::size_t, Player, Action action, const AnyState&) { actions.push_back(action); });
  const GameInfo& info = registry().find(record.game);
  const ParamMap params = validate_params(info.params, record.params);
  with_game_type(record.game, [&]<class S>() {
    S state(S::Params::from(params), out.players, record.seed);
    for (std::size_t step = 0; step < actions.size(); ++step) {
      ActionList legal;
      state.legal_actions(legal);
      if (legal.size() > 1) out.decisions.push_back(judge(state, step, actions[step], budget));
      state.apply(actions[step]);
      if (progress && !progress(step + 1, actions.size())) throw AnalysisStopped();
    }
    for (Player p : state.winners()) out.winners.push_back(p);
  });
  mark_unlucky(out.decisions);
  out.turning_points = turning_points(out.decisions);
  return out;
}

}  // namespace bw::analysis
