// Sheep in Disguise: where each move sits on the board
// (core/action_target.hpp). A play is its card in the hand; a flock is
// "owner:slot" as the observation names the slot ("Sheep 5", "Wild Flock").
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

namespace {
// The card in the hand that makes each play.
constexpr std::array<Card, act::kNumPlays> kCardOfPlay = {kDraw2,   kSteal, kGimme, kYoink, kTake2, kRestock,
                                                          kRestock, kYank,  kYank,  kDig,   kExpose};

std::string flock_piece(int owner, int slot) { return std::to_string(owner) + ":" + flock_type(slot); }
}  // namespace

ActionTarget action_target(const Observation& obs, Action action) {
  const int a = action;
  auto in = [&](int base, int n) { return a >= base && a < base + n; };
  if (a == act::kDrawEnd) return on_button("done");
  if (in(act::kPlay, act::kNumPlays)) return on_piece("hand", card_name(kCardOfPlay[a - act::kPlay]), "play");
  if (a == act::kTrade || a == act::kBuy) return on_button("choose");
  if (in(act::kField, kNumHoldable)) return on_piece("field", card_name(a - act::kField), "take");
  if (in(act::kHand, kNumHoldable)) return on_piece("hand", card_name(a - act::kHand), "choose");
  if (a == act::kWild) return on_button("choose");
  if (in(act::kSheep, kSheepTypes)) {
    // Building a Wild Flock takes sheep from the hand; a Yoink takes one from the flock it aimed at.
    if (obs.phase == Phase::YoinkPick && obs.flock_owner >= 0)
      return on_piece("flock", flock_piece(obs.flock_owner, obs.flock_slot), "take");
    return on_piece("hand", card_name(a - act::kSheep), "place");
  }
  if (a == act::kYoinkExpose) return on_piece("flock", flock_piece(obs.flock_owner, obs.flock_slot), "take");
  if (in(act::kFlock, kMaxSeats * kFlockSlots)) {
    const int owner = (a - act::kFlock) / kFlockSlots, slot = (a - act::kFlock) % kFlockSlots;
    return on_piece("flock", flock_piece(owner, slot), "aim");
  }
  if (in(act::kPayOff, kFlockSlots)) return on_piece("flock", flock_piece(obs.viewer, a - act::kPayOff), "pay");
  if (in(act::kTarget, kMaxSeats)) return on_piece("seat", std::to_string(a - act::kTarget), "aim");
  if (a == act::kGimmeAny || in(act::kGimmeAsk, kNumHoldable)) return on_button("ask");
  if (in(act::kDig, kNumHoldable)) return on_piece("discard", card_name(a - act::kDig), "take");
  if (a == act::kNiceTry) return on_piece("hand", card_name(kNiceTry), "play");
  // Only declining a Nice Try window is a pass (is_pass): a front may answer it alone.
  return on_button(obs.phase == Phase::NiceTry ? "pass" : "decline");
}

}  // namespace bw::disguise
