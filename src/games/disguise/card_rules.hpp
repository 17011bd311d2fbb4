#pragma once
// Sheep in Disguise: facts about the cards that several rule files read
// (rules.cpp, nice_try.cpp, decisions.cpp). Not part of the game's interface.
#include "games/disguise/disguise.hpp"

namespace bw::disguise::detail {

constexpr int kHandAtStart = 5;
constexpr int kFieldSize = 3;
constexpr int kRestockHandDraws = 5;
constexpr int kWildTypes = 5;
constexpr int kGoldenCopies = 3;

// The card an act::PlayKind spends.
constexpr int card_of(int play) {
  switch (play) {
    case act::pDraw2: return kDraw2;
    case act::pSteal: return kSteal;
    case act::pGimme: return kGimme;
    case act::pYoink: return kYoink;
    case act::pTake2: return kTake2;
    case act::pRestockHand:
    case act::pRestockField: return kRestock;
    case act::pYank:
    case act::pDoubleYank: return kYank;
    case act::pDig: return kDig;
    default: return kExpose;
  }
}

inline int copies_in_deck(const Params& p, int kind) {
  if (is_sheep(kind)) return p.sheep[kind];
  if (kind == kGolden) return p.golden_sheep ? kGoldenCopies : 0;
  if (is_action(kind)) return p.actions[kind - kNiceTry];
  return p.attacks[kind - kAttackLeft];
}

}  // namespace bw::disguise::detail
