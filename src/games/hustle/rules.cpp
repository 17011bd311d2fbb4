// Sheep Hustle: preparation and the round, one function per rule section, in
// the rulebook's order. docs/rules/hustle.md says the same in words.
#include <bit>
#include <cassert>

#include "core/chance.hpp"
#include "core/errors.hpp"
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {
// Rulebook "Preparation" table as read in CLARIFICATIONS 3b: lifesavers by player count.
constexpr std::array<std::uint8_t, kMaxSeats + 1> kLifesavers = {0, 0, 0, 4, 3, 2, 2, 1, 1};
}  // namespace

// ---------------------------------------------------------------- Preparation

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  if (params.num_pads < 0 || params.num_pads > kMaxPads) throw BadParameter("clover_pads: 0 to 16 pads");
  if (params.first_side < 0 || params.first_side > 1 || params.second_side < 2 || params.second_side > 3)
    throw BadParameter("the first board shows side A or B, the second side C or D");
  if (params.lifesavers < 0 || params.lifesavers > 12) throw BadParameter("lifesavers: 0..12");
  set_up(seed);
}

// Each player: cards 0..9, a sheep on square 0 of the first board, lifesavers
// by player count. The clover pads lie face up beside the dyke. The starting
// player holds both the imp and the cherub card.
void State::set_up(std::uint64_t seed) {
  rng = Rng(seed, 0x68757374);
  lifesavers_each_ = static_cast<std::uint8_t>(params.lifesavers ? params.lifesavers : kLifesavers[num_players_]);
  for (Player p = 0; p < num_players_; ++p) {
    position[p] = 0;
    at_start[p] = true;
    hand[p] = kAllCards;
    lifesavers[p] = lifesavers_each_;
  }
  for (int i = 0; i < kMaxPads; ++i) pad_where[i] = i < params.num_pads ? kPadSupply : kPadGone;
  side = {static_cast<std::uint8_t>(params.first_side), static_cast<std::uint8_t>(params.second_side)};
  start_player = static_cast<Player>(params.start_player ? params.start_player - 1 : chance_below(rng, num_players_));
  start_round();
}

int State::lifesaver_table() const { return lifesavers_each_; }

int State::alive_count() const {
  int n = 0;
  for (Player p = 0; p < num_players_; ++p) n += alive(p);
  return n;
}

bool State::is_water(int square) const {
  assert(square >= 0 && square < kDykeLength);
  int board = square / kSquaresPerBoard, local = square % kSquaresPerBoard;
  if (turned[board]) local = kSquaresPerBoard - 1 - local;
  return params.water[side[board]].has(local);
}

WaterSide as_laid(const WaterSide& side, bool turned) {
  if (!turned) return side;
  WaterSide laid;
  for (int square = 0; square < kSquaresPerBoard; ++square)
    if (side.has(kSquaresPerBoard - 1 - square)) laid.set(square);
  return laid;
}

int State::bid_value(Player p) const {
  int value = 0;
  for (int i = 0; i < bid_len[p]; ++i) value = value * 10 + bid[p][i];
  return value;
}

int State::total_lifesavers() const {
  int n = lifesavers_used + lifesavers_boxed;
  for (Player p = 0; p < num_players_; ++p) n += lifesavers[p];
  return n;
}

int State::total_cards() const {
  int n = cards_boxed;
  for (Player p = 0; p < num_players_; ++p) n += std::popcount(hand[p]) + std::popcount(discard[p]) + bid_len[p];
  return n;
}

Player State::current_player() const {
  switch (phase) {
    case Phase::TakePad: return cherub;
    case Phase::GameOver: return kTerminal;
    default: return active;
  }
}

// The rounds begin with the starting player; the others follow clockwise.
void State::start_round() {
  ++round;
  imp = cherub = start_player;
  for (Player p = 0; p < num_players_; ++p) {
    bid_len[p] = 0;
    has_bid[p] = revealed[p] = evaluated[p] = false;
    scope[p] = 0;
  }
  phase = Phase::Bid;
  active = start_player;
  log(evRoundStart, start_player, round & 0x7f);
}

// ---------------------------------------------------------------- 1. Determine the scope of move

// One card, face down, as the next lower digit (the first card laid is the
// highest place). Leading zeros are allowed; every card at most once.
void State::lay_card(int digit) {
  hand[active] = static_cast<std::uint16_t>(hand[active] & ~(1u << digit));
  bid[active][bid_len[active]++] = static_cast<std::uint8_t>(digit);
  if (bid_len[active] == 3) finish_bid();
}

// Simultaneous in the rulebook; here in turn, each bid hidden until revealed.
void State::finish_bid() {
  has_bid[active] = true;
  log(evBid, active);
  for (int k = 1; k < num_players_; ++k) {
    auto next = static_cast<Player>((active + k) % num_players_);
    if (order_of(next) == 0) break;  // back at the starting player: everybody has bid
    if (alive(next)) {
      active = next;
      return;
    }
  }
  active = start_player;
  reveal(active);
}

// ---------------------------------------------------------------- 2. Evaluate the cards

// 2a: the cards are turned face up.
void State::reveal(Player p) {
  revealed[p] = true;
  scope[p] = static_cast<std::int16_t>(bid_value(p));
  log(evReveal, p, bid_len[p], bid_len[p] > 0 ? bid[p][0] * 10 + (bid_len[p] > 1 ? bid[p][1] : 0) : 0,
      bid_len[p] > 2 ? bid[p][2] : 0);
  run_back = 0;
  pending_change = 0;
  phase = Phase::Pads;
}

int State::owned_pad(Player p, PadKind kind, int value) const {
  for (int i = 0; i < params.num_pads; ++i)
    if (pad_where[i] == static_cast<std::uint8_t>(p) && params.pads[i].kind == kind && params.pads[i].value == value)
      return i;
  return -1;
}

bool State::pad_in_supply(PadKind kind, int value) const {
  for (int i = 0; i < params.num_pads; ++i)
    if (pad_where[i] == kPadSupply && params.pads[i].kind == kind && params.pads[i].value == value) return true;
  return false;
}

// Clover pads must not take the sheep off the left edge of the first board:
// the Run Back total is measured from where the forward move will end.
bool State::run_back_allowed(int extra) const { return position[active] + scope[active] - run_back - extra >= 0; }

// A Change Scope never makes the scope negative (CLARIFICATIONS 3c.4: floored
// at 0; a smaller delta does the same, so only those are offered), nor breaks
// the Run Back limit above.
bool State::delta_allowed(int delta) const {
  if (delta < -pending_change || delta > pending_change) return false;
  int new_scope = scope[active] + delta;
  return new_scope >= 0 && position[active] + new_scope - run_back >= 0;
}

// 2b: play a pad. Played pads leave the game.
void State::play_pad(PadKind kind, int value) {
  int i = owned_pad(active, kind, value);
  assert(i >= 0);
  pad_where[i] = kPadGone;
  log(evPlayPad, active, static_cast<int>(kind), value);
  if (kind == PadKind::RunBack) {
    run_back = static_cast<std::uint16_t>(run_back + value);
  } else {
    pending_change = static_cast<std::uint8_t>(value);
    phase = Phase::Delta;
  }
}

// 2b, Change Scope: the new value is the scope from now on (movement and 2d).
void State::change_scope(int delta) {
  scope[active] = static_cast<std::int16_t>(scope[active] + delta);
  log(evDelta, active, delta, scope[active] / 100, scope[active] % 100);
  pending_change = 0;
  phase = Phase::Pads;
}

// 2c: forward by the scope (crossing sheep and water freely), the special
// cases where the move ends, then the Run Back pads and their special cases.
// A sheep that falls off the end going forward is not saved by its pads.
void State::move_sheep() {
  const Player p = active;
  ++moment;
  if (scope[p] == 0 && run_back == 0) {  // no move: it ends nowhere new and shoves nobody
    log(evStay, p);
    return;
  }
  if (scope[p] > 0) {
    int target = position[p] + scope[p];
    if (target >= kDykeLength) {  // IV: off the end of the dyke
      eliminate(p, outOffTheEnd, true);
      return;
    }
    land(p, target);
  }
  if (alive(p) && run_back > 0) land(p, position[p] - run_back);
}

// I + II: a move ends on `square`. Any sheep already there is shoved one
// square forward (a chain), then the mover pays for water.
void State::land(Player p, int square) {
  log(evMove, p, square / kSquaresPerBoard, square % kSquaresPerBoard);
  position[p] = static_cast<std::int16_t>(square);
  at_start[p] = false;
  for (Player q = 0; q < num_players_; ++q)
    if (q != p && position[q] == square) shove(q);
  water_check(p);
}

// I: always one square forward (one step in ones), whatever direction the
// shover came from; IV: shoved past the last square, the sheep is out.
void State::shove(Player q) {
  int square = position[q] + 1;
  if (square >= kDykeLength) {
    eliminate(q, outOffTheEnd, true);
    return;
  }
  log(evShove, q, square / kSquaresPerBoard, square % kSquaresPerBoard);
  position[q] = static_cast<std::int16_t>(square);
  at_start[q] = false;
  for (Player r = 0; r < num_players_; ++r)
    if (r != q && position[r] == square) shove(r);
  water_check(q);
}

// II: every water landing costs its owner a lifesaver, or the game.
void State::water_check(Player q) {
  if (!alive(q) || !is_water(position[q])) return;
  if (lifesavers[q] > 0) {
    --lifesavers[q];
    ++lifesavers_used;
    log(evWater, q, lifesavers[q]);
  } else {
    eliminate(q, outWater, true);
  }
}

// III: when the first board is left without a sheep, the active player
// relays it in front of the second (choosing its side); numbering shifts by 100.
bool State::rear_board_empty() const {
  bool any = false;
  for (Player p = 0; p < num_players_; ++p) {
    if (alive(p) && position[p] < kSquaresPerBoard) return false;
    any |= alive(p);
  }
  return any;
}

void State::after_move() {
  if (rear_board_empty()) {
    if (alive(active)) {
      phase = Phase::Relay;
      return;
    }
    // The active sheep itself is gone: the board goes forward with the side it had.
    relay_rear_board(side[0], turned[0], -1);
  }
  finish_evaluation();
}

void State::relay_rear_board(int new_side, bool turned_round, Player chooser) {
  side[0] = side[1];
  turned[0] = turned[1];
  side[1] = static_cast<std::uint8_t>(new_side);
  turned[1] = turned_round;
  for (Player p = 0; p < num_players_; ++p)
    if (alive(p)) position[p] = static_cast<std::int16_t>(position[p] - kSquaresPerBoard);
  log(evRelay, chooser, new_side, turned_round);
}

void State::finish_evaluation() {
  if (alive(active)) compare_scopes(active);
  next_evaluator();
}

// 2d: lower or equal to the imp holder's scope takes the imp; higher than the
// cherub holder's takes the cherub; ties go against the later player. The
// first to compare (nobody before it still in) holds both.
void State::compare_scopes(Player p) {
  bool anyone_before = false;
  for (Player q = 0; q < num_players_; ++q) anyone_before |= q != p && evaluated[q] && alive(q);
  evaluated[p] = true;
  if (!anyone_before || imp < 0 || cherub < 0) {
    imp = cherub = p;
    log(evBoth, p);
  } else if (scope[p] <= scope[imp]) {
    imp = p;
    log(evImp, p);
  } else if (scope[p] > scope[cherub]) {
    cherub = p;
    log(evCherub, p);
  }
}

void State::next_evaluator() {
  for (int k = order_of(active) + 1; k < num_players_; ++k) {
    auto p = static_cast<Player>((start_player + k) % num_players_);
    if (alive(p)) {
      active = p;
      reveal(p);
      return;
    }
  }
  evaluate_round();
}

// ---------------------------------------------------------------- 3. Evaluate the round

// The imp costs a lifesaver (or the game); then, unless the game is over, the
// cherub holder takes a clover pad of their choice if any are left.
void State::evaluate_round() {
  ++moment;
  if (imp >= 0 && alive(imp)) {
    if (lifesavers[imp] > 0) {
      --lifesavers[imp];
      ++lifesavers_used;
      log(evImpPenalty, imp, lifesavers[imp]);
    } else {
      eliminate(imp, outImp, false);
      // III: that may empty the first board; nobody is moving, so it keeps its side.
      if (rear_board_empty()) relay_rear_board(side[0], turned[0], -1);
    }
  }
  if (check_end()) return;
  bool any_pad = false;
  for (int i = 0; i < params.num_pads; ++i) any_pad |= pad_where[i] == kPadSupply;
  if (cherub >= 0 && alive(cherub) && any_pad) {
    phase = Phase::TakePad;
    return;
  }
  prepare_next_round();
}

void State::take_pad(PadKind kind, int value) {
  for (int i = 0; i < params.num_pads; ++i)
    if (pad_where[i] == kPadSupply && params.pads[i].kind == kind && params.pads[i].value == value) {
      pad_where[i] = static_cast<std::uint8_t>(cherub);
      break;
    }
  log(evTakePad, cherub, static_cast<int>(kind), value);
  prepare_next_round();
}

// ---------------------------------------------------------------- 4. Prepare the next round

// Played cards go to the discard pile; a hand with fewer than 4 cards takes
// its whole discard pile back. The cherub holder starts, holding both cards.
void State::prepare_next_round() {
  for (Player p = 0; p < num_players_; ++p) {
    if (!alive(p)) continue;
    for (int i = 0; i < bid_len[p]; ++i) discard[p] = static_cast<std::uint16_t>(discard[p] | (1u << bid[p][i]));
    bid_len[p] = 0;
    if (std::popcount(hand[p]) < kHandRefillBelow) {
      hand[p] = static_cast<std::uint16_t>(hand[p] | discard[p]);
      discard[p] = 0;
      log(evTakeBack, p);
    }
  }
  assert(cherub >= 0 && alive(cherub));
  start_player = cherub;
  start_round();
}

// ---------------------------------------------------------------- V. Elimination, end of game

// The sheep leaves the board; its cards and unplayed pads leave the game.
void State::eliminate(Player q, OutReason why, bool reassign) {
  out_square[q] = position[q];  // where it stood before it went
  position[q] = -1;
  at_start[q] = false;
  out_moment[q] = moment;
  cards_boxed =
      static_cast<std::uint8_t>(cards_boxed + std::popcount(hand[q]) + std::popcount(discard[q]) + bid_len[q]);
  hand[q] = discard[q] = 0;
  bid_len[q] = 0;
  lifesavers_boxed = static_cast<std::uint8_t>(lifesavers_boxed + lifesavers[q]);
  lifesavers[q] = 0;
  for (int i = 0; i < params.num_pads; ++i)
    if (pad_where[i] == static_cast<std::uint8_t>(q)) pad_where[i] = kPadGone;
  log(evOut, q, why);
  if (q == imp || q == cherub) {
    if (reassign) {
      reassign_cards();
    } else {
      if (q == imp) imp = -1;
      if (q == cherub) cherub = -1;
    }
  }
}

// V: the imp goes to the lowest scope among those still in who have already
// compared (the later one on ties), the cherub to the highest (the earlier
// one on ties). With nobody there, the next to compare takes both.
void State::reassign_cards() {
  Player lowest = -1, highest = -1;
  for (int k = 0; k < num_players_; ++k) {
    auto p = static_cast<Player>((start_player + k) % num_players_);
    if (!alive(p) || !evaluated[p]) continue;
    if (lowest < 0 || scope[p] <= scope[lowest]) lowest = p;
    if (highest < 0 || scope[p] > scope[highest]) highest = p;
  }
  if (imp < 0 || !alive(imp)) {
    imp = lowest;
    if (lowest >= 0) log(evReassign, lowest, 0);
  }
  if (cherub < 0 || !alive(cherub)) {
    cherub = highest;
    if (highest >= 0) log(evReassign, highest, 1);
  }
  if (imp < 0 || cherub < 0) imp = cherub = -1;
}

// Checked at the end of a round only: two sheep left, the one behind wins;
// fewer, the one who stayed longest (CLARIFICATIONS 3c.12 for ties).
bool State::check_end() {
  int left = alive_count();
  if (left > 2) return false;
  winners_.clear();
  if (left == 2) {
    int behind = kDykeLength;
    for (Player p = 0; p < num_players_; ++p)
      if (alive(p) && position[p] < behind) behind = position[p];
    for (Player p = 0; p < num_players_; ++p)
      if (alive(p) && position[p] == behind) winners_.push_back(p);
  } else if (left == 1) {
    for (Player p = 0; p < num_players_; ++p)
      if (alive(p)) winners_.push_back(p);
  } else {
    int last = 0;
    for (Player p = 0; p < num_players_; ++p) last = std::max<int>(last, out_moment[p]);
    int behind = kDykeLength;
    for (Player p = 0; p < num_players_; ++p)
      if (out_moment[p] == last) behind = std::min<int>(behind, out_square[p]);
    for (Player p = 0; p < num_players_; ++p)
      if (out_moment[p] == last && (params.joint_last_eliminated || out_square[p] == behind)) winners_.push_back(p);
  }
  phase = Phase::GameOver;
  log(evWin, winners_.empty() ? -1 : winners_[0], static_cast<int>(winners_.size()), left);
  return true;
}

Scores State::scores() const { return winner_scores(); }

// ---------------------------------------------------------------- Actions

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase) {
    case Phase::Bid:
      for (int d = 0; d < 10; ++d)
        if ((hand[active] >> d) & 1u) out.push_back(static_cast<Action>(act::kCard + d));
      if (bid_len[active] > 0) out.push_back(act::kBidDone);
      break;
    case Phase::Pads: {
      // One action per distinct pad (equal pads are interchangeable).
      std::array<bool, act::kMove - act::kRunBack> seen{};
      for (int i = 0; i < params.num_pads; ++i) {
        if (pad_where[i] != static_cast<std::uint8_t>(active)) continue;
        const Pad pad = params.pads[i];
        int id = pad.kind == PadKind::RunBack ? act::kRunBack + pad.value - 1 : act::kChange + pad.value - 1;
        if (seen[id - act::kRunBack]) continue;
        seen[id - act::kRunBack] = true;
        if (pad.kind == PadKind::Change || run_back_allowed(pad.value)) out.push_back(static_cast<Action>(id));
      }
      out.push_back(act::kMove);
      break;
    }
    case Phase::Delta:
      for (int d = -pending_change; d <= pending_change; ++d)
        if (delta_allowed(d)) out.push_back(static_cast<Action>(act::kDelta + d + kMaxChange));
      break;
    case Phase::Relay: {
      int board = side[0] / 2;
      for (int turned_round = 0; turned_round <= (params.allow_rotation ? 1 : 0); ++turned_round)
        for (int s = 2 * board; s < 2 * board + 2; ++s)
          out.push_back(static_cast<Action>(act::kRelay + s + kNumSides * turned_round));
      break;
    }
    case Phase::TakePad: {
      std::array<bool, act::kCount - act::kTakeRunBack> seen{};
      for (int i = 0; i < params.num_pads; ++i) {
        if (pad_where[i] != kPadSupply) continue;
        const Pad pad = params.pads[i];
        int id = pad.kind == PadKind::RunBack ? act::kTakeRunBack + pad.value - 1 : act::kTakeChange + pad.value - 1;
        if (!seen[id - act::kTakeRunBack]) out.push_back(static_cast<Action>(id));
        seen[id - act::kTakeRunBack] = true;
      }
      break;
    }
    case Phase::GameOver: break;
  }
}

// Written from the rules, not from legal_actions(); the soak compares the two.
bool State::is_legal(Action action) const {
  const int a = action;
  switch (phase) {
    case Phase::Bid:
      if (a >= act::kCard && a < act::kCard + 10) return (hand[active] >> (a - act::kCard)) & 1u;
      return a == act::kBidDone && bid_len[active] >= 1;
    case Phase::Pads:
      if (a == act::kMove) return true;
      if (a >= act::kRunBack && a < act::kChange) {
        int value = a - act::kRunBack + 1;
        return owned_pad(active, PadKind::RunBack, value) >= 0 && run_back_allowed(value);
      }
      if (a >= act::kChange && a < act::kMove) return owned_pad(active, PadKind::Change, a - act::kChange + 1) >= 0;
      return false;
    case Phase::Delta: return a >= act::kDelta && a < act::kRelay && delta_allowed(a - act::kDelta - kMaxChange);
    case Phase::Relay: {
      if (a < act::kRelay || a >= act::kTakeRunBack) return false;
      int s = (a - act::kRelay) % kNumSides;
      bool turned_round = a - act::kRelay >= kNumSides;
      return s / 2 == side[0] / 2 && (!turned_round || params.allow_rotation);
    }
    case Phase::TakePad:
      if (a >= act::kTakeRunBack && a < act::kTakeChange)
        return pad_in_supply(PadKind::RunBack, a - act::kTakeRunBack + 1);
      if (a >= act::kTakeChange && a < act::kCount) return pad_in_supply(PadKind::Change, a - act::kTakeChange + 1);
      return false;
    case Phase::GameOver: return false;
  }
  return false;
}

// A legal action (StateBase::apply has asserted it and cleared the event log).
void State::apply_legal(Action action) {
  const int a = action;
  switch (phase) {
    case Phase::Bid:
      if (a == act::kBidDone) finish_bid();
      else lay_card(a - act::kCard);
      break;
    case Phase::Pads:
      if (a == act::kMove) {
        move_sheep();
        after_move();
      } else if (a < act::kChange) {
        play_pad(PadKind::RunBack, a - act::kRunBack + 1);
      } else {
        play_pad(PadKind::Change, a - act::kChange + 1);
      }
      break;
    case Phase::Delta: change_scope(a - act::kDelta - kMaxChange); break;
    case Phase::Relay:
      relay_rear_board((a - act::kRelay) % kNumSides, a - act::kRelay >= kNumSides, active);
      finish_evaluation();
      break;
    case Phase::TakePad:
      if (a < act::kTakeChange) take_pad(PadKind::RunBack, a - act::kTakeRunBack + 1);
      else take_pad(PadKind::Change, a - act::kTakeChange + 1);
      break;
    case Phase::GameOver: break;
  }
}

}  // namespace bw::hustle
