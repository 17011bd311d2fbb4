// Sheep Boom Bah: where each move sits on the board (core/action_target.hpp).
// A move starts on the sheep's cell and is finished on the cell it steps to.
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

ActionTarget action_target(const Observation&, Action action) {
  const int a = action;
  if (a < act::kMove) return on_piece("cell", cell_name(a - act::kPlace), "place");
  if (a < act::kBarn) {
    const int from = (a - act::kMove) / 8, to = State::neighbour(from, (a - act::kMove) % 8);
    ActionTarget target = on_piece("cell", cell_name(from), "move");
    if (to >= 0) {
      target.then_zone = "cell";
      target.then_piece = cell_name(to);
    }
    return target;
  }
  if (a == act::kBarn) return on_button("move");
  if (a < act::kEndTurn) return on_piece("hand", card_name(a - act::kDiscard), "discard");
  if (a == act::kEndTurn) return on_button("done");
  if (a < act::kPass) return on_piece("hand", card_name(a - act::kPlay), "play");
  return on_button("pass");
}

}  // namespace bw::boom_bah
