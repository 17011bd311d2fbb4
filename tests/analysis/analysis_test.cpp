// Post-game analysis (analysis/game_analysis.hpp): chances that are shares,
// results that are a function of (record, worlds, seed), and values judged
// from the deciding seat's knowledge only.
#include <gtest/gtest.h>

#include <numeric>

#include "analysis/calibration.hpp"
#include "analysis/decision_value.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/win_meter.hpp"
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

// The leaky meter: the true state played out in every world, no redeal.
template <class S>
Scores leaky_chances(const S& state, int worlds) {
  Scores chances{};
  Rng rng(21, 0x3e7e);
  for (int w = 0; w < worlds; ++w) {
    Rng play(rng.next64(), 0);
    const Scores shares = play_out(state, play);
    for (int p = 0; p < state.num_players(); ++p) chances[p] += shares[p] / worlds;
  }
  return chances;
}

// The win meter read by each seat in turn (not only the one to move), or by
// a spectator, at a true state and at a state redealt from that view: the
// same reading.
template <class S>
int meter_readings_that_differ(bool leaky, std::uint64_t seed, bool spectator = false) {
  int differ = 0;
  S state(typename S::Params{}, 3, seed);
  Rng rng(seed, 3);
  for (int step = 0; step < 60 && !state.is_terminal(); ++step) {
    const Player viewer = spectator ? kSpectator : static_cast<Player>(step % 3);
    S other = state;
    Rng redeal_rng(seed, 2000 + static_cast<std::uint64_t>(step));
    other.determinize(viewer, redeal_rng);
    if (leaky) differ += leaky_chances(state, 3) != leaky_chances(other, 3);
    else differ += win_chances(state, viewer, 3, 21) != win_chances(other, viewer, 3, 21);
    state.apply(heuristic_action(state, rng));
  }
  return differ;
}

TEST(Knowledge, TheWinMeterReadsOnlyWhatItsSeatKnows) {
  for_each_game_type([]<class S>() {
    EXPECT_EQ(meter_readings_that_differ<S>(false, 8), 0) << S::kId;
    EXPECT_GT(meter_readings_that_differ<S>(true, 8), 0) << S::kId << ": the leaky control must be caught";
  });
}

// From the public view: the leaky control is caught only where the redeal
// deals something else, so a spectator's redeal that changed nothing (and let
// the meter read the true state) fails it.
TEST(Knowledge, TheSpectatorsWinMeterReadsOnlyThePublicView) {
  for_each_game_type([]<class S>() {
    EXPECT_EQ(meter_readings_that_differ<S>(false, 8, true), 0) << S::kId;
    EXPECT_GT(meter_readings_that_differ<S>(true, 8, true), 0) << S::kId << ": the leaky control must be caught";
  });
}

TEST(WinMeter, ChancesAreSharesThatSumToOne) {
  for_each_game_type([]<class S>() {
    S state(typename S::Params{}, 3, 4);
    Rng rng(4, 3);
    for (int step = 0; step < 30 && !state.is_terminal(); ++step) state.apply(heuristic_action(state, rng));
    const Scores chances = win_chances(state, state.current_player(), 8, 2);
    double sum = 0;
    for (int p = 0; p < 3; ++p) {
      EXPECT_GE(chances[p], 0.0) << S::kId;
      EXPECT_LE(chances[p], 1.0) << S::kId;
      sum += chances[p];
    }
    EXPECT_NEAR(sum, 1.0, 1e-9) << S::kId;
  });
}

TEST(Calibration, IsAFunctionOfItsOptionsAndCountsEveryReading) {
  const CalibrationOptions options{.game = "hustle", .players = 3, .games = 20, .worlds = 4, .points = 3, .seed = 5};
  const Calibration first = calibrate(options), again = calibrate(options);
  std::size_t counted = 0;
  for (const CalibrationBin& bin : first.bins) {
    counted += bin.count;
    if (bin.count) {
      EXPECT_GE(bin.predicted, bin.from);
      EXPECT_LE(bin.predicted, bin.to);
    }
  }
  EXPECT_EQ(counted, first.predictions);
  EXPECT_EQ(first.predictions, 20u * 3 * 3) << "three readings of three seats in each game";
  EXPECT_EQ(first.brier, again.brier);
  EXPECT_GT(first.uniform_brier, 0.0);
  EXPECT_LT(first.brier, 1.0);
  EXPECT_THROW(calibrate({.game = "chess"}), Error);
  EXPECT_THROW(calibrate({.game = "hustle", .players = 9}), BadParameter);
}

}  // namespace
}  // namespace bw::analysis
