#pragma once
// The free functions a game provides next to its State, found by
// argument-dependent lookup. Each is a concept so that a signature that drifts
// fails the build where the catalog lists the game (games/catalog.hpp),
// instead of quietly falling back (a heuristic seat playing at random, a cut
// play-out scored by the leaders).
#include <concepts>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/action_target.hpp"
#include "core/explain.hpp"
#include "core/game.hpp"

namespace bw {

// void to_json(nlohmann::json&, const Observation&) and
// void append_tensor(const Observation&, std::vector<float>&).
template <class S>
concept HasObservationHooks =
    requires(const typename S::Observation& obs, nlohmann::json& json, std::vector<float>& tensor) {
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

// std::uint32_t private_outcome(const State&, Player viewer): a key of what
// chance has shown `viewer` so far (its own hand, the cards it saw turned up,
// the hands it looked into), the same for two states whose histories differ
// only in what the viewer did not see. A search with it can tell the outcomes
// of a blind draw apart inside its tree (IsmctsConfig::branch_on_outcomes).
template <class S>
concept HasPrivateOutcome = requires(const S& state, Player viewer) {
  { private_outcome(state, viewer) } -> std::same_as<std::uint32_t>;
};

// void search_actions(const State&, Action previous, ActionList&): the legal
// actions a search has to weigh, in legal order: all of them less those that
// can never do better than one kept (a card thrown away before the turn's
// moves rather than after them), and of a run of the seat's own actions whose
// order cannot matter, one order only (`previous` is the seat's own action
// just before, inside the same run; kNoAction when there is none or it is
// unknown). A search over every order spreads its play-outs over positions
// that are one and the same.
template <class S>
concept HasSearchActions =
    requires(const S& state, Action previous, ActionList& out) { search_actions(state, previous, out); };

// std::string action_hint(const Observation&, Action): one line on what the
// action would do ("lands on 87, water: costs a lifesaver"), computed from the
// deciding seat's observation alone, so a hint cannot leak what the seat may
// not know; "" when the action's own text says it all.
template <class S>
concept HasActionHints = requires(const typename S::Observation& obs, Action action) {
  { action_hint(obs, action) } -> std::same_as<std::string>;
};

// ActionTarget action_target(const Observation&, Action): the piece a legal
// action of the deciding seat acts on (core/action_target.hpp), from that
// seat's observation alone, like the hint.
template <class S>
concept HasActionTargets = requires(const typename S::Observation& obs, Action action) {
  { action_target(obs, action) } -> std::same_as<ActionTarget>;
};

// ScoreBreakdown score_breakdown(const State&, Player): a finished game's score
// of one seat by category, adding up to scores()[seat]; and
// std::string result_explanation(const State&, Names): in words, why the
// winners won, ties and tie-breaks included.
template <class S>
concept HasScoreExplanation = requires(const S& state, Player seat, Names names) {
  { score_breakdown(state, seat) } -> std::same_as<ScoreBreakdown>;
  { result_explanation(state, names) } -> std::same_as<std::string>;
};

// bool is_pass(const State&, Action): the action declines a reaction or an
// optional out-of-turn play, so a front may answer it for a person who has no
// other choice (auto-pass).
template <class S>
concept HasPassAction = requires(const S& state, Action action) {
  { is_pass(state, action) } -> std::same_as<bool>;
};

// The hooks by another name, for code whose own members are called the same
// (AnyStateOf), where an unqualified call would find the member instead.
template <class Observation>
std::string action_hint_of(const Observation& obs, Action action) {
  return action_hint(obs, action);
}
template <class Observation>
ActionTarget action_target_of(const Observation& obs, Action action) {
  return action_target(obs, action);
}
template <class S>
ScoreBreakdown score_breakdown_of(const S& state, Player seat) {
  return score_breakdown(state, seat);
}
template <class S>
std::string result_explanation_of(const S& state, Names names) {
  return result_explanation(state, names);
}
template <class S>
bool is_pass_of(const S& state, Action action) {
  return is_pass(state, action);
}

// A game whose default search cuts play-outs (SearchDefaults::horizon > 0)
// must say how to score where it cuts.
template <class S>
constexpr bool scores_where_it_cuts() {
  if constexpr (requires { S::kSearchDefaults.horizon; }) return S::kSearchDefaults.horizon == 0 || HasPositionValue<S>;
  else return true;
}

// What the catalog requires of every game it lists.
template <class S>
concept CatalogGame = Game<S> && HasObservationHooks<S> && HasHeuristic<S> && scores_where_it_cuts<S>() &&
                      HasActionHints<S> && HasActionTargets<S> && HasScoreExplanation<S> && HasPassAction<S>;

}  // namespace bw
