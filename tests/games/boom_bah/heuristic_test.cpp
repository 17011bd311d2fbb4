// Sheep Boom Bah: the heuristic player stays legal through whole games, uses
// nothing but its own observation, beats random play, and discards what would
// not score once its moves are spent.
#include <gtest/gtest.h>

#include "agents/random_agent.hpp"
#include "test_support.hpp"

namespace bw::boom_bah {
namespace {
using namespace testing;

// Plays `games` games, seat (g % players) heuristic, the rest random; returns the heuristic's win share.
double heuristic_share(int players, int games) {
  double wins = 0;
  for (int g = 0; g < games; ++g) {
    State s(Params{}, players, static_cast<std::uint64_t>(1000 + g));
    Rng rng(static_cast<std::uint64_t>(g), 7);
    const Player hero = static_cast<Player>(g % players);
    int steps = 0;
    while (!s.is_terminal()) {
      Action a = s.current_player() == hero ? heuristic_action(s, rng) : random_action(s, rng);
      EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a) << ", game " << g;
      if (!s.is_legal(a)) return 0;
      s.apply(a);
      EXPECT_LT(++steps, 20000);
    }
    PlayerList winners = s.winners();
    if (winners.contains(hero)) wins += 1.0 / static_cast<double>(winners.size());
  }
  return wins / games;
}

TEST(BoomBahHeuristic, LegalAndBeatsRandom) {
  for (int players = 2; players <= 4; ++players) {
    double share = heuristic_share(players, 300);
    EXPECT_GT(share, 1.0 / players + 0.15) << players << " players";
  }
}

TEST(BoomBahHeuristic, ReadsOnlyItsObservation) {
  // In states the acting seat cannot tell apart (determinized), it chooses the same.
  Rng chooser(3, 3), sampler(4, 4);
  for (int g = 0; g < 40; ++g) {
    State s(Params{}, 2 + g % 3, static_cast<std::uint64_t>(g));
    while (!s.is_terminal()) {
      const Player me = s.current_player();
      State other = s;
      other.determinize(me, sampler);
      ASSERT_TRUE(other.observation(me) == s.observation(me));
      Rng r1(static_cast<std::uint64_t>(g), 1), r2(static_cast<std::uint64_t>(g), 1);
      ASSERT_EQ(heuristic_action(s, r1), heuristic_action(other, r2)) << "game " << g;
      s.apply(random_action(s, chooser));
    }
  }
}

TEST(BoomBahHeuristic, MovesFirstThenDiscardsWhatWouldNotScoreThenEndsTheTurn) {
  State s = table(3);
  put(s, "c3", 0);
  give(s, 0, card_type(kHero, 0));  // seat 0's colour: scores at the end
  give(s, 0, kWildWoolType);        // scores as seat 0's colour
  give(s, 0, card_type(kWolf, 1));
  give(s, 0, card_type(kEieino, 2), 2);
  Rng rng(1, 1);
  const Action first = heuristic_action(s, rng);
  EXPECT_TRUE(first >= act::kMove && first < act::kBarn) << State::action_to_string(first);

  s.actions_left = 0;
  std::vector<int> discarded;
  for (Action a = heuristic_action(s, rng); a != act::kEndTurn; a = heuristic_action(s, rng)) {
    ASSERT_TRUE(a >= act::kDiscard && a < act::kEndTurn) << State::action_to_string(a);
    ASSERT_LT(discarded.size(), 4u);
    discarded.push_back(a - act::kDiscard);
    s.apply(a);
  }
  const int eieino = card_type(kEieino, 2), wolf = card_type(kWolf, 1);
  EXPECT_EQ(discarded, (std::vector<int>{eieino, eieino, wolf}));  // in card order
  EXPECT_EQ(s.hand[0][card_type(kHero, 0)], 1);
  EXPECT_EQ(s.hand[0][kWildWoolType], 1);
}

}  // namespace
}  // namespace bw::boom_bah
