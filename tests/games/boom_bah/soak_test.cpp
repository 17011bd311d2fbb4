// Thousands of random games, checking after every action: no sheep, tile or
// card created or lost, every listed action accepted and every other one
// rejected, sheep only where they may stand, observation(p) unchanged by
// determinize(p), termination within a bound, and that replaying the actions
// from the seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "games/boom_bah/boom_bah.hpp"
#include "support/soak.hpp"

namespace bw::boom_bah {
namespace {

constexpr int kConfigurations = 6;  // 2..4 players x default / variant tables
constexpr int kMaxActionsPerGame = 20000;

// 1667 per configuration by default: at least 10,000 games in all.
int games_per_configuration() { return testing::soak_games_per_configuration(kConfigurations, 10002); }

std::string broken_invariant(const State& initial, const State& s) {
  if (s.total_sheep() != s.num_players() * s.sheep_per_player())
    return "sheep count " + std::to_string(s.total_sheep());
  if (s.total_cards() != initial.total_cards()) return "card count " + std::to_string(s.total_cards());
  // Tiles: the same multiset, a mine turning into a crater.
  std::array<int, kNumTileKinds> before{}, now{};
  for (int cell = 0; cell < kCells; ++cell)
    if (!is_start_space(cell)) {
      ++before[initial.tile[cell]];
      ++now[s.tile[cell]];
    }
  if (before[kMine] != now[kMine] + now[kCrater]) return "mines lost or created";
  for (int kind = kBarn0; kind <= kBarn3; ++kind)
    if (before[kind] != now[kind]) return "barn tiles changed";
  if (before[kSafe] != now[kSafe]) return "safe tiles changed";
  for (int cell = 0; cell < kCells; ++cell)
    for (Player p = 0; p < s.num_players(); ++p)
      if (((s.herd[p] >> cell) & 1u) != (s.sheep[cell] == p)) return "herd bits out of step at " + cell_name(cell);
  for (int cell = 0; cell < kCells; ++cell) {
    if (s.sheep[cell] < 0 || is_start_space(cell)) continue;
    if (!s.revealed[cell]) return "a sheep on a face-down tile at " + cell_name(cell);
    bool on_live_barn = is_barn(s.tile[cell]) && s.tile[cell] - kBarn0 < s.num_players();
    if (on_live_barn) return "a sheep standing on a barn at " + cell_name(cell);
    if (s.tile[cell] == kMine && !(s.mine_cell == cell && s.phase != Phase::Actions))
      return "a sheep on a live mine outside its window at " + cell_name(cell);
  }
  for (int cell = 0; cell < kCells; ++cell)
    if (s.tile[cell] == kMine && s.revealed[cell] && s.mine_cell != cell) return "a revealed live mine";
  for (Player p = 0; p < s.num_players(); ++p)
    if (s.hand_count(p) > s.params.hand_size) return "a hand above the hand size";
  if (s.phase == Phase::Actions && s.actions_left > 2) return "more than two actions";
  return {};
}

struct SoakStats {
  long triggered = 0, turn_limit = 0, reactions = 0;
};

void soak(int players, bool variant, SoakStats& stats, testing::SoakTotals& totals) {
  Params params;
  if (variant) {  // other tables: orthogonal moves, more mines, five sheep, a bigger hand, more EIEI...No
    params.diagonal_moves = false;
    params.tiles[2] = {3, 8, 11};
    params.tiles[3] = {1, 9, 13};
    params.tiles[4] = {1, 9, 12};
    params.sheep = {0, 0, 5, 5, 5};
    params.deck = {1, 3, 4, 2, 2};
    params.hand_size = 5;
    params.hero = Dest::Barnyard;
    params.ambahlance = Dest::Barn;
  }
  auto on_game_end = [&](const State& final_state) {
    stats.triggered += final_state.end_triggered;
    stats.turn_limit += final_state.turn > params.turn_limit;
    stats.reactions += static_cast<long>(final_state.discard_pile.size());
  };
  testing::soak_random_games<State>(params, players, games_per_configuration(),
                                    static_cast<std::uint64_t>(players * 2 + variant), kMaxActionsPerGame,
                                    broken_invariant, on_game_end, totals);
}

class BoomBahSoak : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(BoomBahSoak, RandomGamesKeepEveryInvariant) {
  auto [players, variant] = GetParam();
  SoakStats stats;
  testing::SoakTotals totals;
  soak(players, variant, stats, totals);
  ASSERT_FALSE(HasFatalFailure());
  std::printf(
      "%d players, %s: %ld games, %.1f actions/game (longest %ld), %ld ended by the trigger, %ld at the turn limit\n",
      players, variant ? "variant" : "default", totals.games, static_cast<double>(totals.actions) / totals.games,
      totals.longest, stats.triggered, stats.turn_limit);
  EXPECT_EQ(stats.triggered + stats.turn_limit, totals.games);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, BoomBahSoak,
                         ::testing::Combine(::testing::Values(2, 3, 4), ::testing::Bool()));

}  // namespace
}  // namespace bw::boom_bah
