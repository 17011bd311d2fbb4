// Sheep in Disguise: whose decision it is, what they may do (legal_actions,
// is_legal, written independently) and apply(), which dispatches each
// decision to the rule functions of rules.cpp and nice_try.cpp.
#include "games/disguise/card_rules.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

using namespace detail;

// ---------------------------------------------------------------- Aiming Action cards

// Which flocks the card in play may aim at.
namespace {
bool flock_fits(const State& s, int play, Player owner, int slot) {
  if (owner >= s.num_players() || !s.has_flock(owner, slot)) return false;
  const Player me = s.active;
  switch (play) {
    case act::pYoink: return true;
    case act::pYank:
      if (owner == me || s.flock_count(owner) <= s.flock_count(me)) return false;
      return !s.has_flock(me, slot);
    case act::pDoubleYank: return owner != me && !s.has_flock(me, slot);
    case act::pExpose: return owner != me && !s.is_exposed(owner, slot);
    default: return false;
  }
}
// The same question as flock_fits over every flock at once, by masks.
bool any_flock_fits(const State& s, int play) {
  const Player me = s.active;
  const unsigned mine = s.slot_mask(me);
  const int my_count = s.flock_count(me);
  for (Player owner = 0; owner < s.num_players(); ++owner) {
    const unsigned theirs = s.slot_mask(owner);
    if (!theirs) continue;
    switch (play) {
      case act::pYoink: return true;
      case act::pYank:
        if (owner != me && s.flock_count(owner) > my_count && (theirs & ~mine)) return true;
        break;
      case act::pDoubleYank:
        if (owner != me && (theirs & ~mine)) return true;
        break;
      case act::pExpose:
        if (owner != me && (theirs & ~static_cast<unsigned>(s.exposed[owner]))) return true;
        break;
      default: return false;
    }
  }
  return false;
}
bool can_play(const State& s, int play) {
  const CardCounts& h = s.hand[s.active];
  if (h[card_of(play)] < (play == act::pDoubleYank ? 2 : 1)) return false;
  switch (play) {
    case act::pYoink:
    case act::pYank:
    case act::pDoubleYank:
    case act::pExpose: return any_flock_fits(s, play);
    case act::pTake2: return !s.field.empty();
    case act::pDig:
      for (auto c : s.discard)
        if (!is_attack(c)) return true;
      return false;
    default: return true;
  }
}
}  // namespace

// ---------------------------------------------------------------- The turn's decisions

Player State::current_player() const {
  switch (phase) {
    case Phase::GameOver: return kTerminal;
    case Phase::NiceTry: return asked;
    case Phase::GimmeGive: return target;
    case Phase::AttackPass:
      for (int i = 0; i < num_players_; ++i) {
        auto p = static_cast<Player>((active + i) % num_players_);
        if (pass_card[p] == -1) return p;
      }
      return active;
    default: return active;
  }
}

namespace {
// Main: draw and end, the Action cards that can be played, a trade, a
// purchase, a Wild Flock, paying off an exposed flock.
void turn_actions(const State& s, ActionList& out) {
  const Player me = s.active;
  const CardCounts& mine = s.hand[me];
  const int held = s.hand_size(me);
  out.push_back(act::kDrawEnd);
  for (int play_kind = 0; play_kind < act::kNumPlays; ++play_kind)
    if (can_play(s, play_kind)) out.push_back(static_cast<Action>(act::kPlay + play_kind));
  if (!s.traded && held > 0 && !s.field.empty()) out.push_back(act::kTrade);
  if (s.params.buying && !s.field.empty())
    for (int k = 0; k < kNumHoldable; ++k)
      if (mine[k] >= 2) {
        out.push_back(act::kBuy);
        break;
      }
  if (s.params.wild_flocks && !s.wild[me] && held >= kWildTypes) {
    int types = 0;
    for (int t = 0; t < kSheepTypes; ++t) types += mine[t] > 0;
    if (types >= kWildTypes) out.push_back(act::kWild);
  }
  if (held >= 2 && s.exposed[me])
    for (int slot = 0; slot < kFlockSlots; ++slot)
      if (s.is_exposed(me, slot)) out.push_back(static_cast<Action>(act::kPayOff + slot));
}
// Each kind in the Field once, in the Field's order (trading, buying, Take 2).
void field_kind_actions(const State& s, ActionList& out) {
  std::uint32_t seen = 0;
  for (auto c : s.field)
    if (!((seen >> c) & 1u)) {
      seen |= 1u << c;
      out.push_back(static_cast<Action>(act::kField + c));
    }
}
// Each kind seat p holds.
void hand_kind_actions(const State& s, Player p, ActionList& out) {
  for (int k = 0; k < kNumHoldable; ++k)
    if (s.hand[p][k]) out.push_back(static_cast<Action>(act::kHand + k));
}
// Dig: each kind in the discard pile that is not an attack card.
void dig_actions(const State& s, ActionList& out) {
  std::uint32_t seen = 0;
  for (auto c : s.discard)
    if (!is_attack(c) && !((seen >> c) & 1u)) seen |= 1u << c;
  for (int k = 0; k < kNumHoldable; ++k)
    if ((seen >> k) & 1u) out.push_back(static_cast<Action>(act::kDig + k));
}
}  // namespace

void State::legal_actions(ActionList& out) const {
  out.clear();
  const CardCounts& mine = hand[active];
  switch (phase) {
    case Phase::Main: turn_actions(*this, out); return;
    case Phase::TradeGive:
    case Phase::PayCards: hand_kind_actions(*this, active, out); return;
    case Phase::BuyPay:
      for (int k = 0; k < kNumHoldable; ++k)
        if (mine[k] >= 2) out.push_back(static_cast<Action>(act::kHand + k));
      return;
    case Phase::GimmeGive: hand_kind_actions(*this, target, out); return;
    case Phase::AttackPass: hand_kind_actions(*this, current_player(), out); return;
    case Phase::TradeTake:
    case Phase::BuyTake:
    case Phase::Take2Pick: field_kind_actions(*this, out); return;
    case Phase::WildPick:
      for (int t = 0; t < kSheepTypes; ++t)
        if (mine[t] && !((wild_building >> t) & 1u)) out.push_back(static_cast<Action>(act::kSheep + t));
      return;
    case Phase::ChooseTarget:
      for (Player p = 0; p < num_players_; ++p)
        if (p != active) out.push_back(static_cast<Action>(act::kTarget + p));
      return;
    case Phase::GimmeMode:
      out.push_back(act::kGimmeAny);
      for (int k = 0; k < kNumHoldable; ++k)
        if (copies_in_deck(params, k) > 0) out.push_back(static_cast<Action>(act::kGimmeAsk + k));
      return;
    case Phase::ChooseFlock:
      for (Player p = 0; p < num_players_; ++p)
        for (int slot = 0; slot < kFlockSlots; ++slot)
          if (flock_fits(*this, play, p, slot))
            out.push_back(static_cast<Action>(act::kFlock + p * kFlockSlots + slot));
      return;
    case Phase::NiceTry:
      if (hand[asked][kNiceTry]) out.push_back(act::kNiceTry);
      out.push_back(act::kPass);
      return;
    case Phase::YoinkPick:
      for (int t = 0; t < kSheepTypes; ++t)
        if (flock_slot == kWildSlot ? ((wild[flock_owner] >> t) & 1u) != 0 : t == flock_slot)
          out.push_back(static_cast<Action>(act::kSheep + t));
      if (is_exposed(flock_owner, flock_slot)) out.push_back(act::kYoinkExpose);
      return;
    case Phase::DigPick: dig_actions(*this, out); return;
    case Phase::GameOver: return;
  }
}

// Written independently of legal_actions: decodes the action and checks it.
bool State::is_legal(Action action) const {
  const int a = action;
  auto in_field = [&](int kind) {
    for (auto c : field)
      if (c == kind) return true;
    return false;
  };
  auto in_range = [&](int base, int n) { return a >= base && a < base + n; };
  const CardCounts& mine = hand[active];
  switch (phase) {
    case Phase::GameOver: return false;
    case Phase::Main:
      if (a == act::kDrawEnd) return true;
      if (in_range(act::kPlay, act::kNumPlays)) return can_play(*this, a - act::kPlay);
      if (a == act::kTrade) return !traded && has_any(hand[active]) && !field.empty();
      if (a == act::kBuy) {
        if (!params.buying || field.empty()) return false;
        for (auto n : mine)
          if (n >= 2) return true;
        return false;
      }
      if (a == act::kWild) {
        if (!params.wild_flocks || wild[active]) return false;
        int types = 0;
        for (int t = 0; t < kSheepTypes; ++t) types += mine[t] > 0;
        return types >= kWildTypes;
      }
      if (in_range(act::kPayOff, kFlockSlots)) return hand_size(active) >= 2 && is_exposed(active, a - act::kPayOff);
      return false;
    case Phase::TradeGive:
    case Phase::PayCards: return in_range(act::kHand, kNumHoldable) && mine[a - act::kHand] > 0;
    case Phase::GimmeGive: return in_range(act::kHand, kNumHoldable) && hand[target][a - act::kHand] > 0;
    case Phase::AttackPass: return in_range(act::kHand, kNumHoldable) && hand[current_player()][a - act::kHand] > 0;
    case Phase::BuyPay: return in_range(act::kHand, kNumHoldable) && mine[a - act::kHand] >= 2;
    case Phase::TradeTake:
    case Phase::BuyTake:
    case Phase::Take2Pick: return in_range(act::kField, kNumHoldable) && in_field(a - act::kField);
    case Phase::WildPick: {
      if (!in_range(act::kSheep, kSheepTypes)) return false;
      int t = a - act::kSheep;
      return mine[t] > 0 && !((wild_building >> t) & 1u);
    }
    case Phase::ChooseTarget: return in_range(act::kTarget, num_players_) && a - act::kTarget != active;
    case Phase::GimmeMode:
      return a == act::kGimmeAny ||
             (in_range(act::kGimmeAsk, kNumHoldable) && copies_in_deck(params, a - act::kGimmeAsk) > 0);
    case Phase::ChooseFlock:
      return in_range(act::kFlock, num_players_ * kFlockSlots) &&
             flock_fits(*this, play, static_cast<Player>((a - act::kFlock) / kFlockSlots),
                        (a - act::kFlock) % kFlockSlots);
    case Phase::NiceTry: return a == act::kPass || (a == act::kNiceTry && hand[asked][kNiceTry] > 0);
    case Phase::YoinkPick:
      if (a == act::kYoinkExpose) return is_exposed(flock_owner, flock_slot);
      if (!in_range(act::kSheep, kSheepTypes)) return false;
      return flock_slot == kWildSlot ? ((wild[flock_owner] >> (a - act::kSheep)) & 1u) != 0
                                     : a - act::kSheep == flock_slot;
    case Phase::DigPick:
      if (!in_range(act::kDig, kNumHoldable)) return false;
      for (auto c : discard)
        if (c == a - act::kDig) return true;
      return false;
  }
  return false;
}

// ---------------------------------------------------------------- Applying a decision

// A legal action (StateBase::apply has asserted it and cleared the event log):
// the phase's step, then the flocks formed and the win checked.
void State::apply_legal(Action action) {
  const int a = action;
  switch (phase) {
    case Phase::Main: take_turn_action(a); break;
    case Phase::TradeTake: choose_trade_take(a - act::kField); break;
    case Phase::TradeGive: trade(a - act::kHand); break;
    case Phase::BuyPay: pay_for_buy(a - act::kHand); break;
    case Phase::BuyTake: buy(a - act::kField); break;
    case Phase::WildPick: add_wild_type(a - act::kSheep); break;
    case Phase::PayCards: pay_card(a - act::kHand); break;
    case Phase::ChooseTarget: choose_target(static_cast<Player>(a - act::kTarget)); break;
    case Phase::GimmeMode: choose_gimme_kind(a == act::kGimmeAny ? -1 : a - act::kGimmeAsk); break;
    case Phase::ChooseFlock: choose_flock(a - act::kFlock); break;
    case Phase::NiceTry:
      if (a == act::kNiceTry) play_nice_try();
      else pass_window();
      break;
    case Phase::GimmeGive: give_gimme_card(a - act::kHand); break;
    case Phase::YoinkPick: resolve_yoink(a == act::kYoinkExpose ? -1 : a - act::kSheep); break;
    case Phase::DigPick: dig_up(a - act::kDig); break;
    case Phase::Take2Pick: take2_pick(a - act::kField); break;
    case Phase::AttackPass: choose_attack_pass(a - act::kHand); break;
    case Phase::GameOver: return;
  }
  if (phase != Phase::GameOver) {
    form_flocks();
    check_win();
  }
}

// The active seat's turn: draw and end, play an Action card, or start a
// trade, a purchase, a Wild Flock or paying off an exposed flock.
void State::take_turn_action(int a) {
  if (a == act::kDrawEnd) {
    job = DrawJob{active, 1, true};
    run_draws();
  } else if (a < act::kPlay + act::kNumPlays) {
    play_card(a - act::kPlay);
  } else if (a == act::kTrade) {
    phase = Phase::TradeTake;
  } else if (a == act::kBuy) {
    phase = Phase::BuyPay;
  } else if (a == act::kWild) {
    wild_building = 0;
    picks_left = kWildTypes;
    phase = Phase::WildPick;
  } else {
    pick_kind = static_cast<std::uint8_t>(a - act::kPayOff);
    picks_left = 2;
    phase = Phase::PayCards;
  }
}

// Trading, first half: the Field card wanted; the hand card given follows.
void State::choose_trade_take(int field_kind) {
  pick_kind = static_cast<std::uint8_t>(field_kind);
  phase = Phase::TradeGive;
}

// Buying, first half: a pair from the hand goes face up to the discard pile,
// announced now: the table sees it before the Field card is chosen.
void State::pay_for_buy(int hand_kind) {
  pick_kind = static_cast<std::uint8_t>(hand_kind);
  out_of_hand_publicly(active, pick_kind, 2);
  add_copies(discard, pick_kind, 2);
  log(evBuy, active, pick_kind);
  phase = Phase::BuyTake;
}

// Aiming at a seat: a Gimme asks for a kind first; anything else opens the window.
void State::choose_target(Player seat) {
  target = seat;
  if (play == act::pGimme) {
    phase = Phase::GimmeMode;
    return;
  }
  log(evAim, active, play, target);
  open_window(active);
}

// Gimme: a named kind, or -1 for "your choice"; then the window opens.
void State::choose_gimme_kind(int kind) {
  gimme_kind = static_cast<std::int8_t>(kind);
  log(evAim, active, play, target, gimme_kind);
  open_window(active);
}

// Aiming at a flock (Yoink, Yank, Double Yank, Expose); then the window opens.
void State::choose_flock(int flock) {
  flock_owner = static_cast<Player>(flock / kFlockSlots);
  flock_slot = static_cast<std::int8_t>(flock % kFlockSlots);
  log(evAimFlock, active, play, flock_owner, flock_slot);
  open_window(active);
}

// Gimme, "your choice": the target hands over a card of their choosing.
void State::give_gimme_card(int kind) {
  out_of_hand_unseen(target, kind, active);
  ++hand[active][kind];
  ++known[target][active][kind];
  log(evGimmeGive, target, active, kind);
  phase = Phase::Main;
}

// Dig: one card from the discard pile to the hand; the Dig card takes its place.
void State::dig_up(int kind) {
  for (std::size_t i = 0; i < discard.size(); ++i)
    if (discard[i] == kind) {
      discard.erase_at(i);
      break;
    }
  into_hand_publicly(active, kind);
  discard.push_back(kDig);
  played_count = 0;
  log(evDig, active, kind);
  phase = Phase::Main;
}

// Take 2: a card from the Field; after the second (or an empty Field) it is refilled.
void State::take2_pick(int field_kind) {
  field_take(field_kind);
  if (--picks_left == 0 || field.empty()) refill_field();
}

// An Attack: each seat in turn, the active seat last, chooses the card it
// passes on. Whether every seat has chosen is decided by current_player()
// falling back to the active seat with its own choice made.
void State::choose_attack_pass(int kind) {
  const Player p = current_player();
  receiver_knew[p] = known[pass_receiver(p)][p];
  out_of_hand_unseen(p, kind, -1);
  pass_card[p] = static_cast<std::int8_t>(kind);
  log(evChoosePass, p);
  if (current_player() == active && pass_card[active] != -1) {
    finish_attack_passes();
    if (!check_win()) run_draws();
  }
}

}  // namespace bw::disguise
