#pragma once
// The free functions a game provides next to its State, found by
// argument-dependent lookup. Each is a concept so that a signature that drifts
// fails the build where the catalog lists the game (games/catalog.hpp),
// instead of quietly falling back (a heuristic seat playing at random, a cut
// play-out scored by the leaders).
#include <concepts>
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "core/game.hpp"

namespace bw {

// void to_json(nlohmann::json&, const Observation&) and
// void append_tensor(const Observation&, std::vector<float>&).
template <class S>
concept HasObservationHooks = requires(const typename S::Observation& obs, nlohmann::json& json,
                                       std::vector<float>& tensor) {
  to_json(json, obs);
  append_tensor(obs, tensor);
};

// Action heuristic_action(const State&, Rng&): the game's rule-of-thumb player.
template <class S>
concept HasHeuristic = requires(const S& state, Rng& rng) {
  { heuristic_action(state, rng) } -> std::same_as<Action>;
};

// Scores position_value(const State&): each seat's estimated win share in an
// unfinished game, for play-outs the search cuts short.
template <class S>
concept HasPositionValue = requires(const S& state) {
  { position_value(state) } -> std::same_as<Scores>;
};

// A game whose default search cuts play-outs (SearchDefaults::horizon > 0)
// must say how to score where it cuts.
template <class S>
constexpr bool scores_where_it_cuts() {
  if constexpr (requires { S::kSearchDefaults.horizon; })
    return S::kSearchDefaults.horizon == 0 || HasPositionValue<S>;
  else
    return true;
}

// What the catalog requires of every game it lists.
template <class S>
concept CatalogGame = Game<S> && HasObservationHooks<S> && HasHeuristic<S> && scores_where_it_cuts<S>();

}  // namespace bw
