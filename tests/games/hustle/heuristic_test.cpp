// Sheep Hustle: the rule-of-thumb player stays legal through whole games,
// ignores hidden bids, and beats random play.
#include <gtest/gtest.h>

#include "agents/random_agent.hpp"
#include "test_support.hpp"

namespace bw::hustle {
namespace {
using namespace testing;

TEST(Heuristic, LegalThroughWholeGames) {
  for (int players = 3; players <= 8; ++players)
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      State s(Params{}, players, seed);
      Rng rng(seed, 7);
      int steps = 0;
      while (!s.is_terminal()) {
        Action a = heuristic_action(s, rng);
        ASSERT_TRUE(s.is_legal(a)) << State::action_to_string(a) << " seed " << seed;
        s.apply(a);
        ASSERT_LT(++steps, 20000);
      }
    }
}

TEST(Heuristic, IgnoresHiddenBids) {
  State a = table(4, {0, 0, 0, 0}, Params{});
  State b = a;
  bid(a, "85");
  bid(b, "9");
  Rng r1(3, 3), r2(3, 3);
  EXPECT_EQ(heuristic_action(a, r1), heuristic_action(b, r2));  // seat 1 cannot tell them apart
}

TEST(Heuristic, AvoidsTheEndAndTheWater) {
  Params params = no_water();
  params.water[0].set(15);
  State s = table(3, {10, 0, 0}, params);
  s.lifesavers[0] = 0;
  Rng rng(1, 1);
  while (s.current_player() == 0 && s.phase == Phase::Bid) s.apply(heuristic_action(s, rng));
  EXPECT_NE(s.bid_value(0), 5);  // onto water without a lifesaver
  State t = table(3, {150, 0, 0});
  while (t.current_player() == 0 && t.phase == Phase::Bid) t.apply(heuristic_action(t, rng));
  EXPECT_LT(150 + t.bid_value(0), kDykeLength);
}

TEST(Heuristic, BeatsRandom) {
  int wins = 0, games = 600;
  for (int g = 0; g < games; ++g) {
    const int players = 3 + g % 3;
    State s(Params{}, players, static_cast<std::uint64_t>(g));
    Rng rng(static_cast<std::uint64_t>(g), 11);
    const auto hero = static_cast<Player>(g % players);
    while (!s.is_terminal()) s.apply(s.current_player() == hero ? heuristic_action(s, rng) : random_action(s, rng));
    for (Player w : s.winners()) wins += w == hero;
  }
  // A fair share would be about 1/4 over 3, 4 and 5 players.
  EXPECT_GT(wins, games / 2);
}

}  // namespace
}  // namespace bw::hustle
