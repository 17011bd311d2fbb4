#pragma once
// The invariant soak every game runs: random games, checking after every
// action that the legal list and is_legal() agree on every action id, that
// every listed action applies and keeps the game's invariants, that
// determinize(p) leaves observation(p) unchanged (and keeps the invariants),
// that the game ends within a bound, and that replaying the actions from the
// seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all of a game's configurations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "agents/random_agent.hpp"
#include "core/game.hpp"

namespace bw::testing {

inline int soak_games_per_configuration(int configurations, int default_total = 10000) {
  const char* env = std::getenv("BELLWETHER_SOAK_GAMES");
  int total = env ? std::atoi(env) : default_total;
  return std::max(1, total / configurations);
}

struct SoakTotals {
  long games = 0;
  long actions = 0;
  long longest = 0;
};

// `broken_invariant(initial, now)` returns "" when `now` is sound, else the
// first problem in words; `initial` is the state right after setup.
// `on_game_end(final_state)` collects the game's own statistics.
// Fatal failures return early: check HasFatalFailure() after calling.
template <Game S, class Invariant, class OnGameEnd>
void soak_random_games(const typename S::Params& params, int players, int games, std::uint64_t configuration,
                       long max_actions_per_game, Invariant&& broken_invariant, OnGameEnd&& on_game_end,
                       SoakTotals& totals) {
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = Rng::stream(configuration, static_cast<std::uint64_t>(g)).next64();
    const S initial(params, players, seed);
    S state = initial;
    {
      std::string problem = broken_invariant(initial, state);
      ASSERT_TRUE(problem.empty()) << problem << " right after setup, seed " << seed;
    }
    Rng chooser(seed, 1), determinizer(seed, 2);
    std::vector<Action> history;
    ActionList legal;
    while (!state.is_terminal()) {
      ASSERT_LT(static_cast<long>(history.size()), max_actions_per_game) << "game did not end, seed " << seed;
      state.legal_actions(legal);
      ASSERT_FALSE(legal.empty()) << "no legal action in a live game, seed " << seed << ", step " << history.size();
      for (int a = 0; a < S::kNumDistinctActions; ++a)
        ASSERT_EQ(state.is_legal(static_cast<Action>(a)), legal.contains(static_cast<Action>(a)))
            << S::action_to_string(static_cast<Action>(a)) << ", seed " << seed << ", step " << history.size();
      for (Action a : legal) {
        ASSERT_LT(a, S::kNumDistinctActions);
        S trial = state;
        trial.apply(a);
        // A full log may have lost an event (the log is sized for the longest action).
        ASSERT_LT(trial.events().size(), trial.events().capacity())
            << "the event log filled up after " << S::action_to_string(a) << ", seed " << seed;
        std::string problem = broken_invariant(initial, trial);
        ASSERT_TRUE(problem.empty()) << problem << " after " << S::action_to_string(a) << ", seed " << seed << ", step "
                                     << history.size();
      }
      auto viewer = static_cast<Player>(chooser.below(static_cast<std::uint32_t>(players)));
      S sampled = state;
      sampled.determinize(viewer, determinizer);
      ASSERT_TRUE(sampled.observation(viewer) == state.observation(viewer))
          << "determinize changed what seat " << viewer + 1 << " sees, seed " << seed << ", step " << history.size();
      {
        std::string problem = broken_invariant(initial, sampled);
        ASSERT_TRUE(problem.empty()) << problem << " after determinize, seed " << seed << ", step " << history.size();
      }
      Action action = random_action(state, chooser);
      state.apply(action);
      history.push_back(action);
    }
    ++totals.games;
    totals.actions += static_cast<long>(history.size());
    totals.longest = std::max(totals.longest, static_cast<long>(history.size()));
    on_game_end(state);

    S again(params, players, seed);
    for (Action a : history) again.apply(a);
    ASSERT_TRUE(again == state) << "replaying the record gives another final state, seed " << seed;
  }
}

}  // namespace bw::testing
