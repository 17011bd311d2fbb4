// Black Sheep: where each move sits on the board (core/action_target.hpp).
#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

ActionTarget action_target(const Observation&, Action action) {
  const int a = action;
  if (a < act::kPlace) return on_piece("field", std::to_string(a - act::kField + 1), "play");
  if (a < act::kJustOne) return on_piece("hand", animal_name(a - act::kPlace), "place");
  if (a == act::kJustOne) return on_button("done");
  if (a < act::kKeep) return on_piece("hand", animal_name(a - act::kDiscard), "discard");
  return on_button("decline");
}

}  // namespace bw::black_sheep
