#pragma once
// Uniform over the legal actions. No allocation: usable in the hot loop.
#include "core/game.hpp"

namespace bw {

template <Game S>
Action random_action(const S& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace bw
