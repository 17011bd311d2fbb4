// Black Sheep: the rule-of-thumb player stays legal through whole games, never
// looks behind its own observation, and beats random play clearly.
#include <gtest/gtest.h>

#include "agents/random_agent.hpp"
#include "test_support.hpp"

namespace bw::black_sheep {
namespace {
using namespace testing;

// Plays one game: seat 0 heuristic, the others random. Returns the winners.
PlayerList play(int players, bool tasks, std::uint64_t seed) {
  Params params = params_with(tasks);
  params.start_player = 0;  // a random seat starts
  State s(params, players, seed);
  Rng rng(seed, 3);
  while (!s.is_terminal()) {
    Action a = s.current_player() == 0 ? heuristic_action(s, rng) : random_action(s, rng);
    EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a) << ", seed " << seed;
    if (!s.is_legal(a)) return {};
    s.apply(a);
  }
  return s.winners();
}

TEST(Heuristic, LegalThroughWholeGamesAndBeatsRandom) {
  for (int players = 2; players <= 4; ++players)
    for (bool tasks : {false, true}) {
      double wins = 0;
      constexpr int kGames = 200;
      for (int g = 0; g < kGames; ++g) {
        PlayerList winners = play(players, tasks, static_cast<std::uint64_t>(1000 * players + g));
        ASSERT_FALSE(HasFailure());
        for (Player p : winners)
          if (p == 0) wins += 1.0 / static_cast<double>(winners.size());
      }
      // A fair share is 1/players; the heuristic should at least double it (capped at 70%).
      double share = wins / kGames;
      EXPECT_GT(share, std::min(0.7, 2.0 / players)) << players << " players, tasks " << tasks;
      std::printf("heuristic vs random, %d players, %s: %.1f%% wins\n", players, tasks ? "tasks" : "base", 100 * share);
    }
}

TEST(Heuristic, ReadsOnlyItsOwnObservation) {
  // Two states seat 0 cannot tell apart (other hands, deck order, hidden values)
  // get the same choice with the same seed, in every position of a game.
  State s(params_with(true), 3, 12);
  Rng chooser(5, 5), sampler(6, 6);
  for (int step = 0; step < 300 && !s.is_terminal(); ++step) {
    Player me = s.current_player();
    State other = s;
    other.determinize(me, sampler);
    ASSERT_TRUE(other.observation(me) == s.observation(me));
    Rng r1(step, 1), r2(step, 1);
    EXPECT_EQ(heuristic_action(s, r1), heuristic_action(other, r2)) << "step " << step;
    ActionList legal;
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

}  // namespace
}  // namespace bw::black_sheep
