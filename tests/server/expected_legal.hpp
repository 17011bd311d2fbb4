#pragma once
// The "legal" and "last" of a state frame as docs/protocol.md describes it, built as
// a JSON tree from the state itself: what the server's hand-written frame must
// equal, byte for byte.
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/any_state.hpp"
#include "core/wording.hpp"

namespace bw::server::testing {

inline nlohmann::json expected_target(const ActionTarget& target) {
  nlohmann::json out{{"zone", target.zone}, {"kind", target.kind}};
  if (!target.piece.empty()) out["piece"] = target.piece;
  if (!target.then_zone.empty()) out["then"] = {{"zone", target.then_zone}, {"piece", target.then_piece}};
  if (!target.preview_zone.empty()) out["preview"] = {{"zone", target.preview_zone}, {"piece", target.preview_piece}};
  return out;
}

// `names`: the seats' names, which "label" and "hint" say where the engine's texts say P1, P2, …
inline nlohmann::json expected_legal(const AnyState& state, Player viewer, Names names) {
  nlohmann::json legal = nlohmann::json::array();
  if (state.current_player() != viewer || viewer < 0) return legal;
  for (Action a : state.legal_actions())
    legal.push_back({{"id", a},
                     {"text", state.action_to_string(a)},
                     {"label", name_seats(state.action_to_string(a), names)},
                     {"hint", name_seats(state.action_hint(a), names)},
                     {"target", expected_target(state.action_targets({a}).front())}});
  return legal;
}

// The "last" of a state frame: the move `actor` made in `before` (the state
// it was chosen in). A viewer other than the actor is told where only on a
// zone everybody sees; a card from a hidden hand is never named.
inline nlohmann::json expected_last(const AnyState* before, Player actor, Action action, Player viewer) {
  if (before == nullptr) return nullptr;
  nlohmann::json last{{"seat", actor}};
  const ActionTarget target = before->action_targets({action}).front();
  static const std::set<std::string> kPublicZones = {"field", "cell", "seat", "zoo", "flock"};
  if (viewer == actor || kPublicZones.contains(target.zone)) last["target"] = expected_target(target);
  return last;
}

}  // namespace bw::server::testing
