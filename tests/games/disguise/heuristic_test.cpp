// Sheep in Disguise: the rule-of-thumb player stays legal through whole games
// and beats random play.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "agents/random_agent.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {
namespace {

TEST(Heuristic, StaysLegalAndBeatsRandom) {
  int games = 0, heuristic_wins = 0, limit_hits = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      State s(Params{}, players, seed * 31 + static_cast<std::uint64_t>(players));
      Rng rng(seed, 77);
      const auto heuristic_seat = static_cast<Player>(seed % static_cast<std::uint64_t>(players));
      while (!s.is_terminal()) {
        Action a = s.current_player() == heuristic_seat ? heuristic_action(s, rng) : random_action(s, rng);
        ASSERT_TRUE(s.is_legal(a)) << State::action_to_string(a);
        s.apply(a);
      }
      ++games;
      bool limit = false;
      for (const Event& e : s.events()) limit |= e.kind == evTurnLimit;
      limit_hits += limit;
      for (Player w : s.winners()) heuristic_wins += w == heuristic_seat;
    }
  std::printf("heuristic won %d of %d games against random seats (%d at the turn limit)\n", heuristic_wins, games,
              limit_hits);
  EXPECT_GT(heuristic_wins, games * 3 / 4);
}

TEST(Heuristic, AllHeuristicGamesEndBeforeTheLimit) {
  int limit_hits = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      State s(Params{}, players, seed);
      Rng rng(seed, 78);
      while (!s.is_terminal()) s.apply(heuristic_action(s, rng));
      for (const Event& e : s.events()) limit_hits += e.kind == evTurnLimit;
      if (getenv("DUMP") && s.turn >= s.params.turn_limit) {
        std::vector<std::string> names(6, "x");
        std::printf("%s\n", s.render(kOmniscient, names).c_str());
      }
    }
  std::printf("heuristic self-play: %d of 200 games at the turn limit\n", limit_hits);
  EXPECT_LE(limit_hits, 4);
}

}  // namespace
}  // namespace bw::disguise
