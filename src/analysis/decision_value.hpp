#pragma once
// The chance each legal action gives the deciding seat to win, judged only
// from what that seat knows: each world is the true state determinized from
// the seat's view (the hidden cards dealt again), every action is tried in
// every world (the same worlds for all, so that two actions are compared on
// the same deals), and the game is played out by the game's own heuristic for
// every seat. A game whose search cuts play-outs (SearchDefaults::horizon)
// is scored there by its position_value(). Shares: a sole winner 1, k joint
// winners 1/k each, so the seats' chances sum to 1.
#include <cstdint>
#include <vector>

#include "agents/ismcts.hpp"
#include "core/game.hpp"
#include "core/game_hooks.hpp"
#include "core/rng.hpp"

namespace bw::analysis {

struct ActionValue {
  Action action = 0;
  Scores chance{};                // each seat's mean share after this action
  std::vector<double> per_world;  // the deciding seat's share in each world, for paired comparisons
};

template <class S>
Scores play_out(S state, Rng& rng) {
  int horizon = 0;
  if constexpr (requires { S::kSearchDefaults.horizon; }) horizon = S::kSearchDefaults.horizon;
  for (int step = 0; !state.is_terminal(); ++step) {
    if constexpr (HasPositionValue<S>)
      if (horizon > 0 && step >= horizon) return position_value(state);
    state.apply(heuristic_action(state, rng));
  }
  return shares_among(state.winners());
}

// Every legal action of the seat to move in `state`, valued over `worlds` worlds.
template <class S>
std::vector<ActionValue> value_actions(const S& state, int worlds, std::uint64_t seed) {
  const Player seat = state.current_player();
  ActionList legal;
  state.legal_actions(legal);
  std::vector<ActionValue> values(legal.size());
  Rng rng(seed, 0xa11a);
  for (int w = 0; w < worlds; ++w) {
    S world = state;
    world.determinize(seat, rng);
    const std::uint64_t play_seed = rng.next64();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      S after = world;
      after.apply(legal[i]);
      Rng play(play_seed, i);  // the same play-out randomness for every action of this world
      const Scores shares = play_out(after, play);
      values[i].action = legal[i];
      for (int p = 0; p < state.num_players(); ++p) values[i].chance[p] += shares[p];
      values[i].per_world.push_back(shares[seat]);
    }
  }
  for (ActionValue& value : values)
    for (int p = 0; p < state.num_players(); ++p) value.chance[p] /= worlds;
  return values;
}

}  // namespace bw::analysis
