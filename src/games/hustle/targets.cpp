// Sheep Hustle: where each move sits on the board (core/action_target.hpp).
// The bid's cards are in the hand; every other decision (pads, the scope's
// change, the relaid board's side) is a choice between buttons.
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

ActionTarget action_target(const Observation&, Action action) {
  const int a = action;
  if (a < act::kBidDone) return on_piece("hand", std::to_string(a - act::kCard), "lay");
  if (a == act::kBidDone) return on_button("done");
  if (a < act::kMove) return on_button("play");
  if (a == act::kMove) return on_button("move");
  if (a < act::kTakeRunBack) return on_button("choose");
  return on_button("take");
}

}  // namespace bw::hustle
