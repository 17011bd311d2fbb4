// Thousands of random games, checking after every action: no card created or
// lost, every listed action accepted and every other one rejected, the
// bookkeeping of public knowledge true, no Attack held, no unformed flock,
// observation(p) unchanged by determinize(p), termination within a bound, and
// that replaying the actions from the seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <string>

#include "games/disguise/disguise.hpp"
#include "support/soak.hpp"

namespace bw::disguise {
namespace {

constexpr int kConfigurations = 10;  // 2..6 players x (default options / golden, no buying, no wild flocks)
constexpr int kMaxActionsPerGame = 200000;
constexpr int kSoakTurnLimit = 150;

std::string broken_invariant(const State& s, int cards) {
  if (s.total_cards() != cards) return "card count " + std::to_string(s.total_cards()) + " != " + std::to_string(cards);
  for (auto c : s.field)
    if (is_attack(c)) return "an Attack in the Field";
  if (s.field.size() > 3) return "more than 3 cards in the Field";
  for (Player h = 0; h < s.num_players(); ++h) {
    for (int t = 0; t < kSheepTypes; ++t)
      if (s.hand[h][t] >= 3 && !s.has_flock(h, t) && s.phase != Phase::GameOver) return "three of a kind not formed";
    if (s.wild[h] && std::popcount(s.wild[h]) != 5) return "a Wild Flock without 5 types";
    for (int slot = 0; slot < kFlockSlots; ++slot)
      if (s.is_exposed(h, slot) && !s.has_flock(h, slot)) return "an Expose card on no flock";
    for (Player v = 0; v < s.num_players(); ++v)
      for (int c = 0; c < kNumHoldable && v != h; ++c)
        if (s.known[v][h][c] > s.hand[h][c]) return "knowledge claims a card that is not there";
  }
  return {};
}

struct SoakStats {
  long wins = 0, golden_wins = 0, limit_hits = 0, attacks = 0, nice_tries = 0;
};

void soak(int players, bool variant, SoakStats& stats, testing::SoakTotals& totals) {
  Params params;
  // Random seats rarely finish the default game (they buy with the very pairs
  // that would make flocks), so most default games run to the guard; a lower
  // guard keeps the soak's time in bounds without skipping any rule.
  params.turn_limit = kSoakTurnLimit;
  if (variant) {
    params.golden_sheep = true;
    params.buying = false;
    params.wild_flocks = false;
  }
  auto invariant = [](const State& initial, const State& now) { return broken_invariant(now, initial.total_cards()); };
  auto on_game_end = [&](const State& final_state) {
    bool limit = false, golden = false;
    for (const Event& e : final_state.events()) {
      limit |= e.kind == evTurnLimit;
      golden |= e.kind == evGoldenWin;
    }
    (limit ? stats.limit_hits : golden ? stats.golden_wins : stats.wins) += 1;
  };
  testing::soak_random_games<State>(params, players, testing::soak_games_per_configuration(kConfigurations),
                                    static_cast<std::uint64_t>(players * 2 + variant), kMaxActionsPerGame, invariant,
                                    on_game_end, totals);
}

class Soak : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(Soak, RandomGamesKeepEveryInvariant) {
  auto [players, variant] = GetParam();
  SoakStats stats;
  testing::SoakTotals totals;
  soak(players, variant, stats, totals);
  ASSERT_FALSE(HasFatalFailure());
  std::printf(
      "%d players, %s: %ld games, %.1f actions/game (longest %ld), %ld won on flocks, %ld on Golden Sheep, "
      "%ld at the turn limit\n",
      players, variant ? "golden, no buying, no wild" : "default", totals.games,
      static_cast<double>(totals.actions) / totals.games, totals.longest, stats.wins, stats.golden_wins,
      stats.limit_hits);
  EXPECT_EQ(stats.wins + stats.golden_wins + stats.limit_hits, totals.games);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, Soak,
                         ::testing::Combine(::testing::Values(2, 3, 4, 5, 6), ::testing::Bool()));

}  // namespace
}  // namespace bw::disguise
