// Bye-Bye Black Sheep: where each move sits on the board
// (core/action_target.hpp). A seat is drawn from or asked by its hand; a set
// card goes to the zoo from the hand; the Magpie takes from a zoo. What the
// Eagle asks for, what the Mole takes from a hand only the drawer saw, the
// Mother Sheep's pile card and the advanced picks are buttons.
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

ActionTarget action_target(const Observation&, Action action) {
  const int a = action;
  if (a < act::kStop) return on_piece("seat", std::to_string(a - act::kDrawFrom), "draw");
  if (a == act::kStop) return on_button("stop");
  if (a < act::kEagleDecline) return on_piece("seat", std::to_string(a - act::kEagleAsk), "ask");
  if (a == act::kEagleDecline) return on_button("decline");
  if (a < act::kMoleTake) return on_button("ask");
  if (a < act::kMoleDecline) return on_button("take");
  if (a == act::kMoleDecline) return on_button("decline");
  if (a < act::kMagpieDecline) {
    const int victim = (a - act::kMagpieSteal) / kMaxSets, set = (a - act::kMagpieSteal) % kMaxSets;
    return on_piece("zoo", std::to_string(victim) + ":" + card_name(set), "take");
  }
  if (a == act::kMagpieDecline) return on_button("decline");
  if (a < act::kWhiteDecline) return on_piece("hand", card_name(a - act::kWhitePlace), "place");
  if (a == act::kWhiteDecline) return on_button("pass");
  if (a == act::kMotherTake) return on_button("take");
  if (a == act::kMotherDecline) return on_button("decline");
  if (a < act::kZooDone) return on_piece("hand", card_name(a - act::kZooPlace), "place");
  if (a == act::kZooDone) return on_button("done");
  return on_button("choose");
}

}  // namespace bw::bye_bye
