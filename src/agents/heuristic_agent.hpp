#pragma once
// A game's own rule-of-thumb player, found by argument-dependent lookup
// (games/<id>/heuristic.cpp). Every catalogued game has one (the catalog
// checks HasHeuristic); a test's toy game without one falls back to random play.
#include "agents/random_agent.hpp"
#include "core/game.hpp"
#include "core/game_hooks.hpp"

namespace bw {

template <Game S>
constexpr bool has_heuristic = HasHeuristic<S>;

template <Game S>
Action heuristic_or_random(const S& state, Rng& rng) {
  if constexpr (has_heuristic<S>) {
    return heuristic_action(state, rng);
  } else {
    return random_action(state, rng);
  }
}

struct RandomRollout {
  template <Game S>
  Action operator()(const S& state, Rng& rng) const {
    return random_action(state, rng);
  }
};

struct HeuristicRollout {
  template <Game S>
  Action operator()(const S& state, Rng& rng) const {
    return heuristic_or_random(state, rng);
  }
};

}  // namespace bw
