#pragma once
// The part of an observation every game shares: who looks, the phase, whose
// turn and whose decision it is, and the winners. Each game's Observation has
// these fields under these names; these helpers fill and write them once.
#include <nlohmann/json.hpp>
#include <vector>

#include "core/tensor.hpp"
#include "core/types.hpp"

namespace bw {

// An observation for `viewer` with the shared fields filled from the state.
template <class Obs, class S>
Obs seat_view(const S& state, Player viewer) {
  Obs obs;
  obs.viewer = viewer;
  obs.num_players = static_cast<decltype(obs.num_players)>(state.num_players());
  obs.phase = state.phase;
  obs.active = state.active;
  obs.to_move = state.current_player();
  obs.winners = state.winners();
  return obs;
}

// A fresh JSON object holding the shared fields; `phase_name` is the game's word for the phase.
template <class Obs>
void seat_view_json(nlohmann::json& out, const Obs& obs, const char* phase_name) {
  out = nlohmann::json::object();
  out["viewer"] = obs.viewer;
  out["phase"] = phase_name;
  out["active"] = obs.active;
  out["to_move"] = obs.to_move;
  if (!obs.winners.empty()) out["winners"] = std::vector<int>(obs.winners.begin(), obs.winners.end());
}

// The tensor's opening slots: the phase, the viewer and the active seat, one-hot.
// Seats are absolute in every game's tensor (slot p is seat p, whoever looks).
template <class Obs>
void seat_view_tensor(TensorWriter& put, const Obs& obs, int num_phases, int max_seats) {
  put.section("phase", {num_phases}, 0, 1, "the phase of the turn, one-hot (the game's Phase order)");
  put.one_hot(static_cast<int>(obs.phase), num_phases);
  put.section("viewer", {max_seats}, 0, 1, "the seat this observation belongs to, one-hot (none: a spectator)");
  put.one_hot(obs.viewer, max_seats);
  put.section("active", {max_seats}, 0, 1, "the seat whose turn it is, one-hot");
  put.one_hot(obs.active, max_seats);
}

}  // namespace bw
