// Sheep Boom Bah: the heuristic player stays legal through whole games, uses
// nothing but its own observation, and beats random play.
#include <gtest/gtest.h>

#include "agents/random_agent.hpp"
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {
namespace {

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

}  // namespace
}  // namespace bw::boom_bah
