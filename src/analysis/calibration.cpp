#include "analysis/calibration.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/win_meter.hpp"
#include "core/errors.hpp"
#include "core/params.hpp"
#include "games/catalog.hpp"

namespace bw::analysis {

namespace {

// Bins with fewer predictions than this say too little for the largest gap.
constexpr std::size_t kFewestToJudge = 30;

struct Prediction {
  double chance = 0, share = 0;
};

// One seeded game of heuristic seats; the meter read at `points` of its decisions.
template <class S>
void read_one_game(const typename S::Params& params, const CalibrationOptions& options, std::uint64_t game_seed,
                   std::vector<Prediction>& out) {
  // First the whole game, to know its decisions; then again, reading the meter at the chosen ones.
  S state(params, options.players, game_seed);
  Rng play(game_seed, 0xca1);
  std::vector<Action> actions;
  std::vector<std::size_t> decisions;
  while (!state.is_terminal()) {
    ActionList legal;
    state.legal_actions(legal);
    if (legal.size() > 1) decisions.push_back(actions.size());
    actions.push_back(heuristic_action(state, play));
    state.apply(actions.back());
  }
  const Scores shares = shares_among(state.winners());
  const std::size_t points = std::min(decisions.size(), static_cast<std::size_t>(options.points));
  std::vector<std::size_t> read;
  read.reserve(points);
  for (std::size_t i = 0; i < points; ++i) read.push_back(decisions[(2 * i + 1) * decisions.size() / (2 * points)]);
  S again(params, options.players, game_seed);
  std::size_t next = 0;
  for (std::size_t step = 0; step < actions.size() && next < read.size(); ++step) {
    if (step == read[next]) {
      const Scores chances =
          win_chances(again, again.current_player(), options.worlds, Rng::stream(game_seed, step).next64());
      for (int p = 0; p < options.players; ++p) out.push_back({chances[p], shares[p]});
      ++next;
    }
    again.apply(actions[step]);
  }
}

Calibration summarize(const std::vector<Prediction>& predictions, int players) {
  Calibration c;
  for (int b = 0; b < 10; ++b) c.bins.push_back({b / 10.0, (b + 1) / 10.0});
  const double uniform = 1.0 / players;
  for (const Prediction& p : predictions) {
    CalibrationBin& bin = c.bins[std::min(9, static_cast<int>(p.chance * 10))];
    ++bin.count;
    bin.predicted += p.chance;
    bin.observed += p.share;
    c.brier += (p.chance - p.share) * (p.chance - p.share);
    c.uniform_brier += (uniform - p.share) * (uniform - p.share);
  }
  c.predictions = predictions.size();
  if (c.predictions) {
    c.brier /= static_cast<double>(c.predictions);
    c.uniform_brier /= static_cast<double>(c.predictions);
  }
  for (CalibrationBin& bin : c.bins) {
    if (!bin.count) continue;
    bin.predicted /= static_cast<double>(bin.count);
    bin.observed /= static_cast<double>(bin.count);
    if (bin.count >= kFewestToJudge)
      c.largest_gap = std::max(c.largest_gap, 100 * std::abs(bin.predicted - bin.observed));
  }
  return c;
}

}  // namespace

Calibration calibrate(const CalibrationOptions& options) {
  if (options.games < 1 || options.worlds < 1 || options.points < 1)
    throw BadParameter("calibration needs at least one game, one world and one decision read a game");
  const GameInfo& info = registry().find(options.game);  // throws for an unknown game
  if (options.players < info.min_players || options.players > info.max_players)
    throw BadParameter(options.game + " is played by " + std::to_string(info.min_players) + " to " +
                       std::to_string(info.max_players) + " seats");
  const ParamMap params = validate_params(info.params, {});
  std::vector<Prediction> predictions;
  with_game_type(options.game, [&]<class S>() {
    const auto game_params = S::Params::from(params);
    for (int g = 0; g < options.games; ++g) {
      read_one_game<S>(game_params, options, Rng::stream(options.seed, static_cast<std::uint64_t>(g)).next64(),
                       predictions);
      if (options.progress) options.progress(g + 1);
    }
  });
  return summarize(predictions, options.players);
}

}  // namespace bw::analysis
