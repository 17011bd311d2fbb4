// Post-game analysis (analysis/game_analysis.hpp): chances that are shares,
// results that are a function of (record, worlds, seed), and values judged
// from the deciding seat's knowledge only.
#include <gtest/gtest.h>

#include <numeric>

#include "analysis/decision_value.hpp"
#include "analysis/game_analysis.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"

namespace bw::analysis {
namespace {

// A finished game between a random seat and heuristic ones, as a record.
GameRecord played_record(const std::string& game, int players, std::uint64_t seed) {
  GameRecord record;
  record.game = game;
  record.seed = seed;
  record.players.assign(static_cast<std::size_t>(players), "heuristic");
  record.players[0] = "random";
  const std::unique_ptr<AnyState> state = registry().find(game).start({}, players, seed);
  Rng rng(seed, 77);
  while (!state->is_terminal()) {
    const std::vector<Action> legal = state->legal_actions();
    const Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    record.actions.push_back(state->action_to_string(action));
    state->apply(action);
  }
  return record;
}

class EveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGame, ChancesAreSharesThatSumToOneAndTheBestIsNoWorse) {
  const GameRecord record = played_record(GetParam(), 3, 5);
  const GameAnalysis a = analyze_game(record, Budget{.worlds = 4, .seed = 9});
  ASSERT_FALSE(a.decisions.empty());
  for (const Decision& d : a.decisions) {
    ASSERT_EQ(d.chances.size(), 3u);
    for (double c : d.chances) {
      EXPECT_GE(c, 0.0);
      EXPECT_LE(c, 1.0);
    }
    EXPECT_NEAR(std::accumulate(d.chances.begin(), d.chances.end(), 0.0), 1.0, 1e-9) << "step " << d.step;
    EXPECT_DOUBLE_EQ(d.played_chance, d.chances[d.seat]);
    EXPECT_GE(d.best_chance, d.played_chance);
    EXPECT_EQ(d.mark == Mark::None, d.lost < kInaccuracy || d.lost <= d.noise) << "step " << d.step;
  }
  EXPECT_LE(a.turning_points.size(), 3u);
  for (std::size_t i : a.turning_points) EXPECT_NE(a.decisions[i].mark, Mark::None);
}

TEST_P(EveryGame, TheSameRecordBudgetAndSeedGiveTheSameAnalysis) {
  const GameRecord record = played_record(GetParam(), 3, 11);
  const GameAnalysis first = analyze_game(record, Budget{.worlds = 3, .seed = 4});
  const GameAnalysis again = analyze_game(record, Budget{.worlds = 3, .seed = 4});
  ASSERT_EQ(first.decisions.size(), again.decisions.size());
  for (std::size_t i = 0; i < first.decisions.size(); ++i) {
    EXPECT_EQ(first.decisions[i].chances, again.decisions[i].chances);
    EXPECT_EQ(first.decisions[i].best, again.decisions[i].best);
  }
  EXPECT_EQ(first.turning_points, again.turning_points);
}

INSTANTIATE_TEST_SUITE_P(Analysis, EveryGame,
                         ::testing::Values("black-sheep", "bye-bye", "hustle", "boom-bah", "disguise"));

// The deliberately leaky estimator: the true state played out, no redeal.
template <class S>
Scores leaky_values(const S& state) {
  Rng rng(21, 0);
  return play_out(state, rng);
}

// The values of a seat's actions depend on what that seat knows and the seed,
// not on the hidden cards: a state redealt from the seat's view (one it cannot
// tell from the true one) is valued alike. A leaky estimator, playing out the
// true state without redealing, fails the same check.
template <class S>
int positions_valued_differently(bool redeal, std::uint64_t seed) {
  int differ = 0;
  S state(typename S::Params{}, 3, seed);
  Rng rng(seed, 3);
  for (int step = 0; step < 60 && !state.is_terminal(); ++step) {
    S other = state;
    Rng redeal_rng(seed, 1000 + static_cast<std::uint64_t>(step));
    other.determinize(state.current_player(), redeal_rng);
    if (redeal) {
      const std::vector<ActionValue> seen = value_actions(state, 3, 21), redealt = value_actions(other, 3, 21);
      for (std::size_t i = 0; i < seen.size(); ++i) differ += seen[i].chance != redealt[i].chance;
    } else {
      if (leaky_values(state) != leaky_values(other)) ++differ;
    }
    state.apply(heuristic_action(state, rng));
  }
  return differ;
}

TEST(Knowledge, ActionsAreValuedFromTheDecidingSeatsViewOnly) {
  for_each_game_type([]<class S>() {
    EXPECT_EQ(positions_valued_differently<S>(true, 8), 0) << S::kId;
    EXPECT_GT(positions_valued_differently<S>(false, 8), 0) << S::kId << ": the leaky control must be caught";
  });
}

}  // namespace
}  // namespace bw::analysis
