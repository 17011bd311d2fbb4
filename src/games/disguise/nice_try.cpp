// Sheep in Disguise: the Nice Try window that follows every Action card, and
// the card's effect once the window closes (rulebook: Action cards, Nice Try).
#include <algorithm>

#include "games/disguise/card_rules.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

using namespace detail;

// ---------------------------------------------------------------- Nice Try

int State::nice_try_unaccounted() const {
  int n = params.actions[0];
  for (auto c : discard) n -= c == kNiceTry;
  for (auto c : field) n -= c == kNiceTry;
  return n;
}

// Every other seat with a card in hand is asked, clockwise from the one who
// played; whether they hold a Nice Try is never consulted. When every Nice
// Try is face up, nobody is asked.
Player State::next_to_ask(Player from) const {
  for (auto q = static_cast<Player>((from + 1) % num_players_); q != last_card_by;
       q = static_cast<Player>((q + 1) % num_players_))
    if (has_any(hand[q])) return q;
  return -1;
}

void State::open_window(Player card_by) {
  last_card_by = card_by;
  asked = static_cast<Player>(nice_try_unaccounted() > 0 ? next_to_ask(card_by) : -1);
  if (asked >= 0) {
    phase = Phase::NiceTry;
    return;
  }
  resolve_play();
}

// A seat answers the window with a Nice Try: the window opens again, now
// answering that Nice Try.
void State::play_nice_try() {
  out_of_hand_publicly(asked, kNiceTry);
  discard.push_back(kNiceTry);
  ++nice_depth;
  log(evNiceTry, asked, nice_depth);
  open_window(asked);
}

// A seat passes: the next one is asked; when none is left, the window closes.
void State::pass_window() {
  log(evPassWindow, asked);
  asked = next_to_ask(asked);
  if (asked < 0) resolve_play();
}

// The window closed: an odd number of Nice Trys cancels the card in play;
// otherwise it goes to the discard pile (a Dig or an Expose card only later)
// and takes effect.
void State::resolve_play() {
  asked = last_card_by = -1;
  phase = Phase::Main;
  if (nice_depth % 2 == 1) {
    discard_played_cards();
    log(evCancelled, active, play);
    return;
  }
  if (play != act::pDig && play != act::pExpose) discard_played_cards();
  switch (play) {
    case act::pDraw2: draw_two(); return;
    case act::pSteal: steal(); return;
    case act::pGimme: gimme(); return;
    case act::pYoink: yoink(); return;
    case act::pTake2: take_two(); return;
    case act::pRestockHand: restock_hand(); return;
    case act::pRestockField: restock_field(); return;
    case act::pYank:
    case act::pDoubleYank: yank(); return;
    case act::pDig: phase = Phase::DigPick; return;  // any card but an Instant, picked next
    case act::pExpose: expose(); return;
    default: return;
  }
}

void State::discard_played_cards() {
  add_copies(discard, static_cast<std::uint8_t>(card_of(play)), played_count);
  played_count = 0;
}

// Draw 2: two cards, not ending the turn; Attacks are replaced.
void State::draw_two() {
  job = DrawJob{active, 2, false};
  run_draws();
}

// Steal: one card at random from the target's hand.
void State::steal() {
  const int size = hand_size(target);
  if (size == 0) {
    log(evStealNothing, active, target);
    return;
  }
  const int kind = random_kind(hand[target], rng);
  out_of_hand_unseen(target, kind, active);
  ++hand[active][kind];
  ++known[target][active][kind];
  log(evSteal, active, target, kind);
}

// Gimme: a named card if the target holds one; or one of their choosing.
void State::gimme() {
  if (gimme_kind < 0) {
    if (has_any(hand[target])) phase = Phase::GimmeGive;
    else log(evGimmeMiss, active, target, -1);
    return;
  }
  if (hand[target][gimme_kind] > 0) {
    out_of_hand_publicly(target, gimme_kind);
    into_hand_publicly(active, gimme_kind);
    log(evGimmeHit, active, target, gimme_kind);
  } else {
    log(evGimmeMiss, active, target, gimme_kind);
  }
}

// Yoink: the top card of a flock (or its Expose card).
void State::yoink() {
  if (flock_slot != kWildSlot && !is_exposed(flock_owner, flock_slot)) resolve_yoink(flock_slot);
  else phase = Phase::YoinkPick;
}

// Take 2: two Field cards, then the Field is replenished.
void State::take_two() {
  picks_left = static_cast<std::uint8_t>(std::min<std::size_t>(2, field.size()));
  phase = Phase::Take2Pick;
}

// Restock: a new hand of 5 (ends the turn) ...
void State::restock_hand() {
  const int n = hand_size(active);
  for (int kind = 0; kind < kNumHoldable; ++kind) {
    add_copies(discard, static_cast<std::uint8_t>(kind), hand[active][kind]);
    hand[active][kind] = 0;
  }
  for (Player v = 0; v < num_players_; ++v) known[v][active] = {};
  public_known[active] = {};
  log(evRestockHand, active, n);
  job = DrawJob{active, kRestockHandDraws, true};
  run_draws();
}

// ... or a new Field.
void State::restock_field() {
  for (auto c : field) discard.push_back(c);
  field.clear();
  log(evRestockField, active);
  refill_field();
}

// Yank / Double Yank: a whole flock changes owner, Expose card and all.
void State::yank() {
  const auto bit = static_cast<std::uint16_t>(1u << flock_slot);
  if (flock_slot == kWildSlot) {
    wild[active] = wild[flock_owner];
    wild[flock_owner] = 0;
  } else {
    flocks[flock_owner] = static_cast<std::uint8_t>(flocks[flock_owner] & ~bit);
    flocks[active] = static_cast<std::uint8_t>(flocks[active] | bit);
  }
  if (exposed[flock_owner] & bit) {
    exposed[flock_owner] = static_cast<std::uint16_t>(exposed[flock_owner] & ~bit);
    exposed[active] = static_cast<std::uint16_t>(exposed[active] | bit);
  }
  log(evYank, active, flock_owner, flock_slot);
}

// Expose: the card stays on the flock.
void State::expose() {
  exposed[flock_owner] = static_cast<std::uint16_t>(exposed[flock_owner] | (1u << flock_slot));
  played_count = 0;
  log(evExpose, active, flock_owner, flock_slot);
}

// `choice`: the sheep type taken, or -1 for the Expose card. The rest of a
// broken flock returns to its owner's hand (and may form again at once).
void State::resolve_yoink(int choice) {
  const Player owner = flock_owner;
  const int slot = flock_slot;
  const auto bit = static_cast<std::uint16_t>(1u << slot);
  phase = Phase::Main;
  if (choice < 0) {
    exposed[owner] = static_cast<std::uint16_t>(exposed[owner] & ~bit);
    into_hand_publicly(active, kExpose);
    log(evYoinkExpose, active, owner, slot);
    return;
  }
  if (exposed[owner] & bit) {
    exposed[owner] = static_cast<std::uint16_t>(exposed[owner] & ~bit);
    discard.push_back(kExpose);
  }
  if (slot == kWildSlot) {
    const std::uint8_t mask = wild[owner];
    wild[owner] = 0;
    for (int t = 0; t < kSheepTypes; ++t)
      if (((mask >> t) & 1u) && t != choice) into_hand_publicly(owner, t);
  } else {
    flocks[owner] = static_cast<std::uint8_t>(flocks[owner] & ~bit);
    into_hand_publicly(owner, slot, 2);
  }
  into_hand_publicly(active, choice);
  log(evYoinkSheep, active, owner, slot, choice);
}

}  // namespace bw::disguise
