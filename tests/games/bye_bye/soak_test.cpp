// Thousands of random games, checking after every action: no card created or
// lost, every listed action accepted and every other one rejected, the
// bookkeeping of public knowledge true, observation(p) unchanged by
// determinize(p), termination within a bound, and that replaying the actions
// from the seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "games/bye_bye/bye_bye.hpp"
#include "support/soak.hpp"

namespace bw::bye_bye {
namespace {

constexpr int kConfigurations = 8;  // 2..5 players x basic/advanced
constexpr int kMaxActionsPerGame = 20000;

int games_per_configuration() { return testing::soak_games_per_configuration(kConfigurations); }

// Everything that must hold in any reachable state; returns the first problem.
// `cards_after_setup`: the card count once the special cards are dealt
// (in the advanced pick phase the picked cards are not dealt yet).
std::string broken_invariant(const State& s, int cards_after_setup) {
  int expected_cards = cards_after_setup - (s.phase == Phase::PickSpecial ? s.num_players() : 0);
  if (s.total_cards() != expected_cards)
    return "card count " + std::to_string(s.total_cards()) + " != " + std::to_string(expected_cards);
  for (auto card : s.draw_pile)
    if (!is_set_card(card)) return "special card in the draw pile";
  for (Player h = 0; h < s.num_players(); ++h) {
    if (s.hand[h][kBlackSheep] != 1) return "a hand without exactly one Black Sheep";
    int specials = 0;
    for (int c = 0; c < kNumCardKinds; ++c) specials += is_special(c) ? s.hand[h][c] : 0;
    if (specials != s.specials_in_hand[h]) return "public special count is wrong";
    for (int set = 0; set < kMaxSets; ++set)
      if (((s.known_absent[h] >> set) & 1u) && s.hand[h][set] > 0) return "known-absent set is in hand";
    for (Player v = 0; v < s.num_players(); ++v)
      for (int c = 0; c < kNumCardKinds && v != h; ++c)
        if (s.known[v][h][c] > s.hand[h][c]) return "knowledge claims a card that is not there";
  }
  return {};
}

struct SoakStats {
  long stalls = 0, turn_limit_hits = 0, wins = 0;
};

void soak(int players, bool advanced, SoakStats& stats, testing::SoakTotals& totals) {
  Params params;
  params.advanced = advanced;
  auto invariant = [players](const State& initial, const State& now) {
    // In the advanced pick phase the picked special cards are not dealt yet.
    int cards_after_setup = initial.total_cards() + (initial.phase == Phase::PickSpecial ? players : 0);
    return broken_invariant(now, cards_after_setup);
  };
  auto on_game_end = [&](const State& final_state) {
    for (const Event& e : final_state.events()) {
      stats.stalls += e.kind == evStall;
      stats.wins += e.kind == evWin;
    }
    stats.turn_limit_hits += final_state.turn >= params.turn_limit;
  };
  testing::soak_random_games<State>(params, players, games_per_configuration(),
                                    static_cast<std::uint64_t>(players * 2 + advanced), kMaxActionsPerGame, invariant,
                                    on_game_end, totals);
}

class Soak : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(Soak, RandomGamesKeepEveryInvariant) {
  auto [players, advanced] = GetParam();
  SoakStats stats;
  testing::SoakTotals totals;
  soak(players, advanced, stats, totals);
  ASSERT_FALSE(HasFatalFailure());
  std::printf(
      "%d players, %s: %ld games, %.1f actions/game (longest %ld), %ld won, %ld stalled (%ld at the turn limit)\n",
      players, advanced ? "advanced" : "basic", totals.games, static_cast<double>(totals.actions) / totals.games,
      totals.longest, stats.wins, stats.stalls, stats.turn_limit_hits);
  EXPECT_EQ(stats.wins + stats.stalls, totals.games);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, Soak, ::testing::Combine(::testing::Values(2, 3, 4, 5), ::testing::Bool()));

}  // namespace
}  // namespace bw::bye_bye
