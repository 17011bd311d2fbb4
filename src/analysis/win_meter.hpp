#pragma once
// The win meter: each seat's chance to win as one seat may know it (the coach
// mode of docs/analysis.md, "The win meter"). The estimate sees the state only
// through determinize(viewer): `worlds` copies, each redealt from the viewer's
// view, each played out by the game's heuristic for every seat; a seat's
// chance is its mean share (a sole winner 1, k joint winners 1/k each), so the
// chances sum to 1. Two states the viewer cannot tell apart give the same
// estimate for the same seed (tests/analysis/analysis_test.cpp).
//
// The viewer is a seat, or kSpectator: every game's determinize(kSpectator)
// redeals all that is hidden from the public.
#include <cassert>
#include <cstdint>

#include "analysis/decision_value.hpp"

namespace bw::analysis {

template <class S>
Scores win_chances(const S& state, Player viewer, int worlds, std::uint64_t seed) {
  assert((viewer == kSpectator || (viewer >= 0 && viewer < state.num_players())) && worlds > 0);
  Scores chances{};
  Rng rng(seed, 0x3e7e);
  for (int w = 0; w < worlds; ++w) {
    S world = state;
    world.determinize(viewer, rng);
    Rng play(rng.next64(), 0);
    const Scores shares = play_out(world, play);
    for (int p = 0; p < state.num_players(); ++p) chances[p] += shares[p];
  }
  for (int p = 0; p < state.num_players(); ++p) chances[p] /= worlds;
  return chances;
}

}  // namespace bw::analysis
