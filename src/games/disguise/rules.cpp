// Sheep in Disguise: setup and the turn, one function per rule section, in
// the rulebook's order. docs/rules/disguise.md says the same in words.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "core/errors.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

namespace {
constexpr int kHandAtStart = 5;
constexpr int kFieldSize = 3;
constexpr int kRestockHandDraws = 5;
constexpr int kWildTypes = 5;
constexpr int kGoldenCopies = 3;

// Bits set in a flock-slot mask, by table (no libgcc call without -mpopcnt).
constexpr std::array<std::uint8_t, 512> kBits = [] {
  std::array<std::uint8_t, 512> t{};
  for (unsigned i = 1; i < 512; ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1u));
  return t;
}();

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
int copies_in_deck(const Params& p, int kind) {
  if (is_sheep(kind)) return p.sheep[kind];
  if (kind == kGolden) return p.golden_sheep ? kGoldenCopies : 0;
  if (is_action(kind)) return p.actions[kind - kNiceTry];
  return p.attacks[kind - kAttackLeft];
}
}  // namespace

// ---------------------------------------------------------------- Setup

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  int total = 0, dealable = 0;
  for (int kind = 0; kind < kNumCardKinds; ++kind) {
    total += copies_in_deck(params, kind);
    if (kind < kGolden || is_action(kind)) dealable += copies_in_deck(params, kind);
  }
  if (total > kMaxCards)
    throw BadParameter("the deck has " + std::to_string(total) + " cards; at most " + std::to_string(kMaxCards));
  if (dealable < num_players * kHandAtStart + kFieldSize)
    throw BadParameter("the deck has " + std::to_string(dealable) + " sheep and Action cards, too few to deal " +
                       std::to_string(kHandAtStart) + " to each of " + std::to_string(num_players) +
                       " players and " + std::to_string(kFieldSize) + " to the Field");
  set_up(seed);
}

// Instants (and Golden Sheep) out; shuffle; deal 5 each and 3 to the Field;
// the held-out cards go back and the deck is shuffled again.
void State::set_up(std::uint64_t seed) {
  rng = Rng(seed, 0x64697367);
  static constexpr std::array<std::uint8_t, 6> kTargets = {0, 0, 5, 5, 4, 3};
  target_flocks_ = static_cast<std::uint8_t>(params.target_flocks ? params.target_flocks
                                                                  : (num_players_ >= 5 ? 3 : kTargets[num_players_]));
  golden_count_ = params.golden_sheep ? kGoldenCopies : 0;
  active = static_cast<Player>(params.start_player ? params.start_player - 1 : rng.below(num_players_));
  for (int kind = 0; kind < kNumHoldable; ++kind)
    if (kind != kGolden) add_copies(draw_pile, static_cast<std::uint8_t>(kind), copies_in_deck(params, kind));
  rng.shuffle(draw_pile);
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < kHandAtStart; ++i) ++hand[p][draw_top(draw_pile)];
  for (int i = 0; i < kFieldSize; ++i) field.push_back(draw_top(draw_pile));
  add_copies(draw_pile, std::uint8_t{kGolden}, golden_count_);
  add_copies(draw_pile, std::uint8_t{kAttackLeft}, params.attacks[0]);
  add_copies(draw_pile, std::uint8_t{kAttackRight}, params.attacks[1]);
  rng.shuffle(draw_pile);
  pass_card.fill(-1);
  form_flocks();  // a dealt hand may already hold three of a kind
  if (!check_win()) start_turn(active);
}

// ---------------------------------------------------------------- The objective: flocks

// Three of a kind in a hand go face up at once, whoever's turn it is; one
// flock per type, further copies stay in the hand.
void State::form_flocks() {
  for (Player p = 0; p < num_players_; ++p) {
    // Any sheep count of 3 or more? (Counts stay far below 0x83, so adding
    // 0x7d sets a byte's top bit exactly when it is at least 3.)
    std::uint64_t sheep = 0;
    std::memcpy(&sheep, hand[p].data(), sizeof sheep);
    if (((sheep + 0x7d7d7d7d7d7d7d7dULL) & 0x8080808080808080ULL) == 0) continue;
    for (int t = 0; t < kSheepTypes; ++t)
      if (hand[p][t] >= 3 && !((flocks[p] >> t) & 1u)) {
        out_of_hand_publicly(p, t, 3);
        flocks[p] = static_cast<std::uint8_t>(flocks[p] | (1u << t));
        log(evFlock, p, t);
      }
  }
}

int State::flock_count(Player p) const { return kBits[slot_mask(p)]; }
bool State::has_flock(Player p, int slot) const {
  return slot == kWildSlot ? wild[p] != 0 : ((flocks[p] >> slot) & 1u) != 0;
}

// ---------------------------------------------------------------- How to win (and the Golden Sheep)

// Checked after every event: enough flocks, none exposed; or every Golden
// Sheep in one hand. Several seats reaching it in the same event share the win.
bool State::check_win() {
  if (phase == Phase::GameOver) return true;
  for (Player p = 0; p < num_players_; ++p) {
    bool flocks_win = flock_count(p) >= target_flocks_ && exposed[p] == 0;
    bool golden_win = golden_count_ > 0 && hand[p][kGolden] >= golden_count_;
    if (flocks_win || golden_win) {
      winners_.push_back(p);
      log(golden_win && !flocks_win ? evGoldenWin : evWin, p, flock_count(p));
    }
  }
  if (winners_.empty()) return false;
  phase = Phase::GameOver;
  return true;
}

// ---------------------------------------------------------------- Play: the turn

void State::start_turn(Player p) {
  active = p;
  traded = false;
  phase = Phase::Main;
  log(evTurnStart, p);
}

void State::end_turn() {
  ++turn;
  if (turn >= params.turn_limit) {
    int most = 0;
    for (Player p = 0; p < num_players_; ++p) most = std::max(most, flock_count(p));
    for (Player p = 0; p < num_players_; ++p)
      if (flock_count(p) == most) winners_.push_back(p);
    log(evTurnLimit, most);
    phase = Phase::GameOver;
    return;
  }
  start_turn(static_cast<Player>((active + 1) % num_players_));
}

// One card from the draw pile; an empty pile takes the shuffled discards.
bool State::draw_card(std::uint8_t& card) {
  bool reshuffle = draw_pile.empty() && !discard.empty();
  if (!draw_with_reshuffle(draw_pile, discard, rng, card)) return false;
  if (reshuffle) log(evReshuffle);
  return true;
}

// Runs the current draw job: to a hand (end of turn, Draw 2, Restock) or to
// the Field. An Attack pauses it, and is replaced by a further draw.
void State::run_draws() {
  form_flocks();  // whatever reached a hand before the draws counts first
  if (check_win()) return;
  while (job.remaining > 0) {
    std::uint8_t card = 0;
    if (!draw_card(card)) {
      log(evDeckEmpty);
      job.remaining = 0;
      break;
    }
    if (is_attack(card)) {
      log(evAttack, job.dest, card);
      resolve_attack(card);
      if (phase == Phase::AttackPass) return;  // resumes when every seat has chosen
      if (check_win()) return;
      continue;
    }
    if (job.dest >= 0) {
      ++hand[job.dest][card];
      log(evDrawCard, job.dest, card);
    } else {
      field.push_back(card);
      log(evFieldCard, card);
    }
    --job.remaining;
    form_flocks();
    if (check_win()) return;
  }
  continue_after_job();
}

void State::continue_after_job() {
  phase = Phase::Main;
  if (job.ends_turn) {
    job = {};
    end_turn();
  } else {
    job = {};
  }
}

void State::refill_field() {
  job = DrawJob{-1, static_cast<std::uint8_t>(kFieldSize - static_cast<int>(field.size())), false};
  run_draws();
}

// Trading with the Field: once per turn, one hand card for one Field card.
void State::trade(int hand_kind) {
  out_of_hand_publicly(active, hand_kind);
  int taken = pick_kind;
  for (std::size_t i = 0; i < field.size(); ++i)
    if (field[i] == taken) {
      field[i] = static_cast<std::uint8_t>(hand_kind);
      break;
    }
  into_hand_publicly(active, taken);
  traded = true;
  log(evTrade, active, hand_kind, taken);
  phase = Phase::Main;
}

// ---------------------------------------------------------------- Expose and Attack

// An Attack: exposed flocks (with their Expose cards) are discarded; if there
// were none, every seat performs the secondary effect.
void State::resolve_attack(std::uint8_t card) {
  attack = static_cast<std::int8_t>(card);
  form_flocks();
  bool any_exposed = false;
  for (Player p = 0; p < num_players_; ++p) any_exposed |= exposed[p] != 0;
  if (any_exposed) {
    for (Player p = 0; p < num_players_; ++p)
      for (int slot = 0; slot < kFlockSlots; ++slot) {
        if (!is_exposed(p, slot)) continue;
        if (slot == kWildSlot) {
          for (int t = 0; t < kSheepTypes; ++t)
            if ((wild[p] >> t) & 1u) discard.push_back(static_cast<std::uint8_t>(t));
          wild[p] = 0;
        } else {
          add_copies(discard, static_cast<std::uint8_t>(slot), 3);
          flocks[p] = static_cast<std::uint8_t>(flocks[p] & ~(1u << slot));
        }
        discard.push_back(kExpose);
        log(evExposedDiscarded, p, slot);
      }
    exposed.fill(0);
    finish_attack();
    return;
  }
  bool anyone = false;
  for (Player p = 0; p < num_players_; ++p) {
    pass_card[p] = static_cast<std::int8_t>(hand_size(p) > 0 ? -1 : -2);
    anyone |= hand_size(p) > 0;
  }
  if (anyone) {
    phase = Phase::AttackPass;
    return;
  }
  pass_card.fill(-1);
  finish_attack();
}

// Every seat has chosen: the cards change hands at once.
void State::finish_attack_passes() {
  const int step = attack == kAttackLeft ? 1 : num_players_ - 1;
  for (Player p = 0; p < num_players_; ++p) {
    if (pass_card[p] < 0) continue;
    auto to = static_cast<Player>((p + step) % num_players_);
    ++hand[to][pass_card[p]];
    known[p][to][pass_card[p]] = static_cast<std::uint8_t>(known[p][to][pass_card[p]] + 1);
    log(evPassed, p, to, pass_card[p]);
  }
  pass_card.fill(-1);
  finish_attack();
  form_flocks();
}

// The Attack goes to the discard pile. If only Attacks are left to draw, the
// draws stop (they could never yield a card).
void State::finish_attack() {
  discard.push_back(static_cast<std::uint8_t>(attack));
  attack = -1;
  phase = Phase::Main;
  bool holdable = false;
  for (auto c : draw_pile) holdable |= !is_attack(c);
  for (auto c : discard) holdable |= !is_attack(c);
  if (!holdable) job.remaining = 0;
}

// ---------------------------------------------------------------- Extra moves: Buying, Wild Flocks

void State::buy(int field_kind) {
  field_take(field_kind);
  log(evBuy, active, pick_kind, field_kind);
  refill_field();
}

void State::add_wild_type(int type) {
  out_of_hand_publicly(active, type);
  wild_building = static_cast<std::uint8_t>(wild_building | (1u << type));
  if (--picks_left == 0) {
    wild[active] = wild_building;
    wild_building = 0;
    log(evWild, active);
    phase = Phase::Main;
  }
}

// Paying off an Expose: any 2 hand cards, on the owner's turn; not an Action.
void State::pay_card(int kind) {
  out_of_hand_publicly(active, kind);
  discard.push_back(static_cast<std::uint8_t>(kind));
  if (--picks_left == 0) {
    exposed[active] = static_cast<std::uint16_t>(exposed[active] & ~(1u << pick_kind));
    discard.push_back(kExpose);
    log(evPayOff, active, pick_kind);
    phase = Phase::Main;
  }
}

// ---------------------------------------------------------------- Action cards

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

// The card leaves the hand face up; its aim is chosen; then the Nice Try window.
void State::play_card(int play_kind) {
  play = static_cast<std::uint8_t>(play_kind);
  played_count = play_kind == act::pDoubleYank ? 2 : 1;
  out_of_hand_publicly(active, card_of(play_kind), played_count);
  target = flock_owner = -1;
  flock_slot = gimme_kind = -1;
  nice_depth = 0;
  log(evPlay, active, play_kind, -1, -1);
  switch (play_kind) {
    case act::pSteal:
    case act::pGimme: phase = Phase::ChooseTarget; break;
    case act::pYoink:
    case act::pYank:
    case act::pDoubleYank:
    case act::pExpose: phase = Phase::ChooseFlock; break;
    default: open_window(active);
  }
}

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
    if (hand_size(q) > 0) return q;
  return -1;
}

void State::open_window(Player card_by) {
  last_card_by = card_by;
  asked = nice_try_unaccounted() > 0 ? next_to_ask(card_by) : -1;
  if (asked >= 0) {
    phase = Phase::NiceTry;
    return;
  }
  resolve_play();
}

// The window closed: an odd number of Nice Trys cancels the card in play.
void State::resolve_play() {
  asked = last_card_by = -1;
  phase = Phase::Main;
  if (nice_depth % 2 == 1) {
    add_copies(discard, static_cast<std::uint8_t>(card_of(play)), played_count);
    played_count = 0;
    log(evCancelled, active, play);
    return;
  }
  if (play != act::pDig && play != act::pExpose) {
    add_copies(discard, static_cast<std::uint8_t>(card_of(play)), played_count);
    played_count = 0;
  }
  switch (play) {
    // Draw 2: two cards, not ending the turn; Attacks are replaced.
    case act::pDraw2:
      job = DrawJob{active, 2, false};
      run_draws();
      return;
    // Steal: one card at random from the target's hand.
    case act::pSteal: {
      int size = hand_size(target);
      if (size == 0) {
        log(evStealNothing, active, target);
        return;
      }
      auto pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(size)));
      int kind = 0;
      while (pick >= hand[target][kind]) pick -= hand[target][kind++];
      out_of_hand_unseen(target, kind, active);
      ++hand[active][kind];
      ++known[target][active][kind];
      log(evSteal, active, target, kind);
      return;
    }
    // Gimme: a named card if the target holds one; or one of their choosing.
    case act::pGimme:
      if (gimme_kind >= 0) {
        if (hand[target][gimme_kind] > 0) {
          out_of_hand_publicly(target, gimme_kind);
          into_hand_publicly(active, gimme_kind);
          log(evGimmeHit, active, target, gimme_kind);
        } else {
          log(evGimmeMiss, active, target, gimme_kind);
        }
      } else if (hand_size(target) > 0) {
        phase = Phase::GimmeGive;
      } else {
        log(evGimmeMiss, active, target, -1);
      }
      return;
    // Yoink: the top card of a flock (or its Expose card).
    case act::pYoink:
      if (flock_slot != kWildSlot && !is_exposed(flock_owner, flock_slot)) resolve_yoink(flock_slot);
      else phase = Phase::YoinkPick;
      return;
    // Take 2: two Field cards, then the Field is replenished.
    case act::pTake2:
      picks_left = static_cast<std::uint8_t>(std::min<std::size_t>(2, field.size()));
      phase = Phase::Take2Pick;
      return;
    // Restock: a new hand of 5 (ends the turn), or a new Field.
    case act::pRestockHand: {
      int n = hand_size(active);
      for (int kind = 0; kind < kNumHoldable; ++kind) {
        add_copies(discard, static_cast<std::uint8_t>(kind), hand[active][kind]);
        hand[active][kind] = 0;
      }
      for (Player v = 0; v < num_players_; ++v) known[v][active] = {};
      log(evRestockHand, active, n);
      job = DrawJob{active, kRestockHandDraws, true};
      run_draws();
      return;
    }
    case act::pRestockField:
      for (auto c : field) discard.push_back(c);
      field.clear();
      log(evRestockField, active);
      refill_field();
      return;
    // Yank / Double Yank: a whole flock changes owner, Expose card and all.
    case act::pYank:
    case act::pDoubleYank: {
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
      return;
    }
    // Dig: any card but an Instant from the discard pile.
    case act::pDig:
      phase = Phase::DigPick;
      return;
    // Expose: the card stays on the flock.
    case act::pExpose:
      exposed[flock_owner] = static_cast<std::uint16_t>(exposed[flock_owner] | (1u << flock_slot));
      played_count = 0;
      log(evExpose, active, flock_owner, flock_slot);
      return;
    default: return;
  }
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

void State::legal_actions(ActionList& out) const {
  out.clear();
  const CardCounts& mine = hand[active];
  auto field_kinds = [&](int base) {
    std::uint32_t seen = 0;
    for (auto c : field)
      if (!((seen >> c) & 1u)) {
        seen |= 1u << c;
        out.push_back(static_cast<Action>(base + c));
      }
  };
  auto hand_kinds = [&](Player p) {
    for (int k = 0; k < kNumHoldable; ++k)
      if (hand[p][k]) out.push_back(static_cast<Action>(act::kHand + k));
  };
  switch (phase) {
    case Phase::Main: {
      const int held = hand_size(active);
      out.push_back(act::kDrawEnd);
      for (int play_kind = 0; play_kind < act::kNumPlays; ++play_kind)
        if (can_play(*this, play_kind)) out.push_back(static_cast<Action>(act::kPlay + play_kind));
      if (!traded && held > 0 && !field.empty()) out.push_back(act::kTrade);
      if (params.buying && !field.empty())
        for (int k = 0; k < kNumHoldable; ++k)
          if (mine[k] >= 2) {
            out.push_back(act::kBuy);
            break;
          }
      if (params.wild_flocks && !wild[active] && held >= kWildTypes) {
        int types = 0;
        for (int t = 0; t < kSheepTypes; ++t) types += mine[t] > 0;
        if (types >= kWildTypes) out.push_back(act::kWild);
      }
      if (held >= 2 && exposed[active])
        for (int slot = 0; slot < kFlockSlots; ++slot)
          if (is_exposed(active, slot)) out.push_back(static_cast<Action>(act::kPayOff + slot));
      return;
    }
    case Phase::TradeGive:
    case Phase::PayCards: hand_kinds(active); return;
    case Phase::BuyPay:
      for (int k = 0; k < kNumHoldable; ++k)
        if (mine[k] >= 2) out.push_back(static_cast<Action>(act::kHand + k));
      return;
    case Phase::GimmeGive: hand_kinds(target); return;
    case Phase::AttackPass: hand_kinds(current_player()); return;
    case Phase::TradeTake:
    case Phase::BuyTake:
    case Phase::Take2Pick: field_kinds(act::kField); return;
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
          if (flock_fits(*this, play, p, slot)) out.push_back(static_cast<Action>(act::kFlock + p * kFlockSlots + slot));
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
    case Phase::DigPick: {
      std::uint32_t seen = 0;
      for (auto c : discard)
        if (!is_attack(c) && !((seen >> c) & 1u)) seen |= 1u << c;
      for (int k = 0; k < kNumHoldable; ++k)
        if ((seen >> k) & 1u) out.push_back(static_cast<Action>(act::kDig + k));
      return;
    }
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
      if (a == act::kTrade) return !traded && hand_size(active) > 0 && !field.empty();
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
    case Phase::AttackPass:
      return in_range(act::kHand, kNumHoldable) && hand[current_player()][a - act::kHand] > 0;
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
             flock_fits(*this, play, static_cast<Player>((a - act::kFlock) / kFlockSlots), (a - act::kFlock) % kFlockSlots);
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

void State::apply(Action action) {
  start_apply();
  const int a = action;
  switch (phase) {
    case Phase::Main:
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
      break;
    case Phase::TradeTake:
      pick_kind = static_cast<std::uint8_t>(a - act::kField);
      phase = Phase::TradeGive;
      break;
    case Phase::TradeGive: trade(a - act::kHand); break;
    case Phase::BuyPay:
      pick_kind = static_cast<std::uint8_t>(a - act::kHand);
      out_of_hand_publicly(active, pick_kind, 2);
      add_copies(discard, pick_kind, 2);
      phase = Phase::BuyTake;
      break;
    case Phase::BuyTake: buy(a - act::kField); break;
    case Phase::WildPick: add_wild_type(a - act::kSheep); break;
    case Phase::PayCards: pay_card(a - act::kHand); break;
    case Phase::ChooseTarget:
      target = static_cast<Player>(a - act::kTarget);
      if (play == act::pGimme) {
        phase = Phase::GimmeMode;
      } else {
        log(evAim, active, play, target);
        open_window(active);
      }
      break;
    case Phase::GimmeMode:
      gimme_kind = static_cast<std::int8_t>(a == act::kGimmeAny ? -1 : a - act::kGimmeAsk);
      log(evAim, active, play, target, gimme_kind);
      open_window(active);
      break;
    case Phase::ChooseFlock:
      flock_owner = static_cast<Player>((a - act::kFlock) / kFlockSlots);
      flock_slot = static_cast<std::int8_t>((a - act::kFlock) % kFlockSlots);
      log(evAimFlock, active, play, flock_owner, flock_slot);
      open_window(active);
      break;
    case Phase::NiceTry:
      if (a == act::kNiceTry) {
        out_of_hand_publicly(asked, kNiceTry);
        discard.push_back(kNiceTry);
        ++nice_depth;
        log(evNiceTry, asked, nice_depth);
        open_window(asked);
      } else {
        log(evPassWindow, asked);
        asked = next_to_ask(asked);
        if (asked < 0) resolve_play();
      }
      break;
    case Phase::GimmeGive: {
      int kind = a - act::kHand;
      out_of_hand_unseen(target, kind, active);
      ++hand[active][kind];
      ++known[target][active][kind];
      log(evGimmeGive, target, active, kind);
      phase = Phase::Main;
      break;
    }
    case Phase::YoinkPick: resolve_yoink(a == act::kYoinkExpose ? -1 : a - act::kSheep); break;
    case Phase::DigPick: {
      int kind = a - act::kDig;
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
      break;
    }
    case Phase::Take2Pick:
      field_take(a - act::kField);
      if (--picks_left == 0 || field.empty()) refill_field();
      break;
    case Phase::AttackPass: {
      Player p = current_player();
      int kind = a - act::kHand;
      out_of_hand_unseen(p, kind, -1);
      pass_card[p] = static_cast<std::int8_t>(kind);
      log(evChoosePass, p);
      if (current_player() == active && pass_card[active] != -1) {
        finish_attack_passes();
        if (!check_win()) run_draws();
      }
      break;
    }
    case Phase::GameOver: return;
  }
  if (phase != Phase::GameOver) {
    form_flocks();
    check_win();
  }
}

// Whether every seat has chosen is decided by current_player() falling back
// to the active seat with its own choice made.

Scores State::scores() const {
  return winner_scores();
}

// ---------------------------------------------------------------- Counting

int State::hand_size(Player p) const { return count_total(hand[p]); }

int State::total_cards() const {
  int n = static_cast<int>(draw_pile.size() + discard.size() + field.size()) + played_count + (attack >= 0);
  for (Player p = 0; p < num_players_; ++p) {
    n += hand_size(p) + 3 * kBits[flocks[p]] + kBits[wild[p]] + kBits[exposed[p]];
    n += pass_card[p] >= 0;
  }
  return n + kBits[wild_building];
}

// ---------------------------------------------------------------- Knowledge

void State::into_hand_publicly(Player p, int kind, int n) {
  hand[p][kind] = static_cast<std::uint8_t>(hand[p][kind] + n);
  seen_entering(known, num_players_, p, kind, n);
}

// Everybody sees which cards left: what they could prove drops by as many.
void State::out_of_hand_publicly(Player p, int kind, int n) {
  hand[p][kind] = static_cast<std::uint8_t>(hand[p][kind] - n);
  seen_leaving(known, num_players_, p, kind, n);
}

// A card left unseen except by `seer`: the others can count on one fewer of every kind.
void State::out_of_hand_unseen(Player p, int kind, Player seer) {
  --hand[p][kind];
  for (Player v = 0; v < num_players_; ++v) {
    if (v == p) continue;
    if (v == seer) {
      known[v][p][kind] = static_cast<std::uint8_t>(std::max(0, known[v][p][kind] - 1));
    } else {
      for (auto& c : known[v][p]) c = static_cast<std::uint8_t>(std::max(0, c - 1));
    }
  }
}

void State::field_take(int kind) {
  for (std::size_t i = 0; i < field.size(); ++i)
    if (field[i] == kind) {
      field.erase_at(i);
      break;
    }
  into_hand_publicly(active, kind);
  log(evTake, active, kind);
}

}  // namespace bw::disguise
