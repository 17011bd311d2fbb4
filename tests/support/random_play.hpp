#pragma once
// Random play for tests that check a property in many positions or at the end
// of many games (the soak has its own loop, with its invariant checks).
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "core/game.hpp"

namespace bw::testing {

template <Game S>
Action random_legal(const S& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

// Seeded random games for each rule set in `configurations` and every player
// count: `at_each_decision(state)` sees every position before its action,
// `at_end(state)` the finished game.
template <Game S, class AtEnd, class AtEachDecision>
void for_random_games(std::initializer_list<typename S::Params> configurations, int games_per_configuration,
                      AtEnd&& at_end, AtEachDecision&& at_each_decision) {
  std::uint64_t configuration = 0;
  for (const typename S::Params& params : configurations)
    for (int players = S::kMinPlayers; players <= S::kMaxPlayers; ++players, ++configuration)
      for (int game = 0; game < games_per_configuration; ++game) {
        S state(params, players, Rng::stream(configuration, static_cast<std::uint64_t>(game)).next64());
        Rng chooser(configuration, static_cast<std::uint64_t>(game));
        while (!state.is_terminal()) {
          at_each_decision(static_cast<const S&>(state));
          state.apply(random_legal(state, chooser));
        }
        at_end(static_cast<const S&>(state));
      }
}

template <Game S, class AtEnd>
void for_random_games(std::initializer_list<typename S::Params> configurations, int games_per_configuration,
                      AtEnd&& at_end) {
  for_random_games<S>(configurations, games_per_configuration, at_end, [](const S&) {});
}

// Hints come from the seat's observation alone: in positions random play
// reaches, a determinized copy (what the seat cannot see resampled, its
// observation unchanged) gets the same hint for every legal action. Returns
// how many positions were compared: those where `hidden_differs(original,
// copy)` says the resampling really changed something hidden.
template <Game S, class HiddenDiffers>
int expect_hints_ignore_hidden(std::initializer_list<typename S::Params> configurations, int players, int positions,
                               int steps_into_game, HiddenDiffers&& hidden_differs) {
  const std::vector<typename S::Params> rule_sets(configurations);
  int compared = 0;
  for (int game = 0; game < positions; ++game) {
    S state(rule_sets[game % rule_sets.size()], players, Rng::stream(99, static_cast<std::uint64_t>(game)).next64());
    Rng chooser(static_cast<std::uint64_t>(game), 9);
    for (int step = 0; step < steps_into_game && !state.is_terminal(); ++step)
      state.apply(random_legal(state, chooser));
    if (state.is_terminal()) continue;
    const Player seat = state.current_player();
    S copy = state;
    Rng sampler(static_cast<std::uint64_t>(game), 10);
    copy.determinize(seat, sampler);
    EXPECT_EQ(state.observation(seat), copy.observation(seat));
    if (!hidden_differs(static_cast<const S&>(state), static_cast<const S&>(copy))) continue;
    ActionList legal;
    state.legal_actions(legal);
    for (Action a : legal)
      EXPECT_EQ(action_hint(state.observation(seat), a), action_hint(copy.observation(seat), a))
          << S::action_to_string(a);
    ++compared;
  }
  return compared;
}

}  // namespace bw::testing
