// ISMCTS and the heuristics: legal choices only, and no peeking at hidden information.
#include <gtest/gtest.h>

#include "agents/agent_for.hpp"
#include "agents/ismcts.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw {
namespace {

using bye_bye::State;

// A few dozen positions from seeded random games, basic and advanced rules.
std::vector<State> positions() {
  std::vector<State> out;
  for (bool advanced : {false, true}) {
    bye_bye::Params params;
    params.advanced = advanced;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      State s(params, 3 + static_cast<int>(seed % 3), seed);
      Rng rng(seed, 5);
      for (int step = 0; !s.is_terminal() && step < 120; ++step) {
        if (step % 20 == 0) out.push_back(s);
        s.apply(random_action(s, rng));
      }
    }
  }
  return out;
}

TEST(Ismcts, ReturnsOnlyLegalActions) {
  Ismcts<State, RandomRollout> search(IsmctsConfig{200, 0, 0.7, false});
  Rng rng(1, 1);
  for (const State& s : positions()) {
    Action a = search.choose(s, rng);
    EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a);
    EXPECT_EQ(search.last_iterations(), 200u);
  }
}

TEST(Ismcts, CannotTellApartWhatTheSeatCannotTellApart) {
  // Same seed, two states that differ only in what the acting seat cannot see:
  // the same choice, for either rollout policy.
  for (bool heuristic : {false, true}) {
    IsmctsConfig config{150, 0, 0.7, heuristic};
    for (const State& s : positions()) {
      Player me = s.current_player();
      State twin = s;
      Rng shuffle(99, 9);
      twin.determinize(me, shuffle);
      ASSERT_TRUE(twin.observation(me) == s.observation(me));
      Ismcts<State, RandomRollout> a(config), b(config);
      Ismcts<State, HeuristicRollout> c(config), d(config);
      Rng r1(7, 7), r2(7, 7);
      if (heuristic) EXPECT_EQ(c.choose(s, r1), d.choose(twin, r2));
      else EXPECT_EQ(a.choose(s, r1), b.choose(twin, r2));
    }
  }
}

TEST(Ismcts, TimeBudget) {
  Ismcts<State, RandomRollout> search(IsmctsConfig{0, 20, 0.7, false});
  Rng rng(2, 2);
  State s = positions().front();
  Action a = search.choose(s, rng);
  EXPECT_TRUE(s.is_legal(a));
  EXPECT_GT(search.last_iterations(), 0u);
}

TEST(Heuristic, LegalAndBlindToHiddenCards) {
  for (const State& s : positions()) {
    Rng r1(3, 3), r2(3, 3);
    Action a = bye_bye::heuristic_action(s, r1);
    EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a);
    State twin = s;
    Rng shuffle(4, 4);
    twin.determinize(s.current_player(), shuffle);
    EXPECT_EQ(a, bye_bye::heuristic_action(twin, r2));
  }
}

TEST(Heuristic, LegalThroughWholeGames) {
  for (int players = 2; players <= 5; ++players)
    for (bool advanced : {false, true}) {
      bye_bye::Params params;
      params.advanced = advanced;
      for (std::uint64_t seed = 0; seed < 50; ++seed) {
        State s(params, players, seed);
        Rng rng(seed, 8);
        int steps = 0;
        while (!s.is_terminal()) {
          Action a = bye_bye::heuristic_action(s, rng);
          ASSERT_TRUE(s.is_legal(a)) << State::action_to_string(a) << " seed " << seed;
          s.apply(a);
          ASSERT_LT(++steps, 20000);
        }
      }
    }
}

}  // namespace
}  // namespace bw
