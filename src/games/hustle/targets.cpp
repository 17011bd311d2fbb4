// Sheep Hustle: where each move sits on the board (core/action_target.hpp).
// The bid's cards are in the hand; every other decision (pads, the scope's
// change, the relaid board's side) is a choice between buttons. A move that
// sends the sheep somewhere previews the square ("off" past the far end).
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {
ActionTarget where(const Observation&, Action action) {
  const int a = action;
  if (a < act::kBidDone) return on_piece("hand", std::to_string(a - act::kCard), "lay");
  if (a == act::kBidDone) return on_button("done");
  if (a < act::kMove) return on_button("play");
  if (a == act::kMove) return on_button("move");
  if (a < act::kTakeRunBack) return on_button("choose");
  return on_button("take");
}
}  // namespace

ActionTarget action_target(const Observation& obs, Action action) {
  ActionTarget target = where(obs, action);
  const int landing = action_landing(obs, action);
  if (landing >= 0) {
    target.preview_zone = "square";
    target.preview_piece = landing >= kDykeLength ? "off" : std::to_string(landing);
  }
  return target;
}

}  // namespace bw::hustle
