// Thousands of random games, checking after every action: no card or figure
// created or lost (figure values included), sides and hands within bounds, every
// listed action accepted and every other one rejected, observation(p) unchanged
// by determinize(p), termination within a bound, and that replaying the actions
// from the seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "games/black_sheep/black_sheep.hpp"
#include "support/soak.hpp"

namespace bw::black_sheep {
namespace {

constexpr int kConfigurations = 6;  // 2..4 players x base/tasks
constexpr int kMaxActionsPerGame = 5000;

std::string broken_invariant(const State& s) {
  if (s.total_cards() != kDeckSize) return "card count " + std::to_string(s.total_cards());
  // Every figure with its value, wherever it is: a histogram of values per animal
  // (values are 0..9), no allocation, since this runs for every trial action.
  std::array<std::array<int, 10>, kNumAnimals> seen{}, expected{};
  for (int a = 0; a < kNumAnimals; ++a) {
    for (auto v : s.params.figure_values[a]) ++expected[a][v];
    for (auto v : s.stock[a]) ++seen[a][v];
    for (Player p = 0; p < s.num_players(); ++p)
      for (auto v : s.corral[p][a]) ++seen[a][v];
  }
  for (const Field& f : s.fields)
    for (const Figure& fig : f.figures) ++seen[fig.animal][fig.value];
  if (seen != expected) return "the figures changed";
  for (Player p = 0; p < s.num_players(); ++p) {
    int expected_hand = 3;
    if (s.phase == Phase::Place && p == s.active) expected_hand = 3 - s.placed;
    if (s.phase == Phase::Discard && p == s.active) expected_hand = 2;
    if (s.hand_size(p) != expected_hand)
      return "seat " + std::to_string(p + 1) + " holds " + std::to_string(s.hand_size(p));
  }
  int flipped = 0;
  for (const Field& f : s.fields) {
    flipped += f.flipped;
    if (f.flipped && (!f.figures.empty() || !s.end_game)) return "a flipped field with figures or before the end game";
    if (!f.flipped && f.figures.empty()) return "an open field without figures";
    bool all_full = true;
    for (Player p = 0; p < s.num_players(); ++p) {
      all_full &= f.side[p].size() == 3;
      if ((f.side[p].size() == 3) != (f.completed_at[p] != 0)) return "completion mark out of step";
    }
    if (all_full && !f.flipped && s.phase == Phase::ChooseField) return "a complete field left unscored";
  }
  if (s.is_terminal() != (flipped == kNumFields)) return "game over does not match the turned-over fields";
  if (s.is_terminal() && s.winners().empty()) return "a finished game without a winner";
  return {};
}

struct SoakStats {
  long one_figure_fields = 0, lone_black_sheep_wins = 0, joint_wins = 0;
};

void soak(int players, bool tasks, SoakStats& stats, testing::SoakTotals& totals) {
  Params params;
  params.tasks = tasks;
  auto invariant = [&](const State&, const State& now) {
    std::string problem = broken_invariant(now);
    if (problem.empty())
      for (const Field& f : now.fields) stats.one_figure_fields += !f.flipped && f.figures.size() == 1;
    return problem;
  };
  auto on_game_end = [&](const State& final_state) {
    for (const Event& e : final_state.events()) stats.lone_black_sheep_wins += e.kind == evLoneBlackSheep;
    stats.joint_wins += final_state.winners().size() > 1;
  };
  // Rounded up, so that the default total of 10,000 games is reached.
  const int games = (testing::soak_games_per_configuration(1) + kConfigurations - 1) / kConfigurations;
  testing::soak_random_games<State>(params, players, games, static_cast<std::uint64_t>(100 + players * 2 + tasks),
                                    kMaxActionsPerGame, invariant, on_game_end, totals);
}

class Soak : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(Soak, RandomGamesKeepEveryInvariant) {
  auto [players, tasks] = GetParam();
  SoakStats stats;
  testing::SoakTotals totals;
  soak(players, tasks, stats, totals);
  ASSERT_FALSE(HasFatalFailure());
  std::printf(
      "%d players, %s: %ld games, %.1f actions/game (longest %ld), %ld joint wins, %ld lone-black-sheep wins, "
      "%ld states with a one-figure field (guard)\n",
      players, tasks ? "tasks" : "base", totals.games, static_cast<double>(totals.actions) / totals.games,
      totals.longest, stats.joint_wins, stats.lone_black_sheep_wins, stats.one_figure_fields);
  EXPECT_GT(totals.games, 0);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, Soak, ::testing::Combine(::testing::Values(2, 3, 4), ::testing::Bool()));

}  // namespace
}  // namespace bw::black_sheep
