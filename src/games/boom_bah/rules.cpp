// Sheep Boom Bah: setup and the turn, one function per rule section, in the
// rulebook's order (Setup, Turn, Possible Actions, Sheep Movement, Bumping,
// Cards, End Game & Scoring). docs/rules/boom-bah.md says the same in words
// and marks which parts are the rulebook's and which are our proposals.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "core/errors.hpp"
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

namespace {
Player next_seat(Player p, int n) { return static_cast<Player>((p + 1) % n); }

constexpr auto kIsCorner = [] {
  std::array<bool, kCells> table{};
  for (int cell : {0, kSide - 1, kCells - kSide, kCells - 1}) table[cell] = true;
  return table;
}();

// A bit per card type held (SWAR over the counts: no branch per type).
std::uint32_t held_types(const CardCounts& counts) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL, kHigh = 0x8080808080808080ULL;
  auto nonzero_bytes = [](std::uint64_t x) {  // 8 bits, one per nonzero byte
    std::uint64_t high = (((x & kLow7) + kLow7) | x) & kHigh;
    return static_cast<std::uint32_t>(((high >> 7) * 0x0102040810204080ULL) >> 56);
  };
  std::uint64_t a = 0, b = 0;
  std::memcpy(&a, counts.data(), 8);
  std::memcpy(&b, counts.data() + 8, 8);
  return nonzero_bytes(a) | nonzero_bytes(b) << 8 | std::uint32_t{counts[16] > 0} << 16;
}
}  // namespace

int State::sheep_on_board(Player p) const { return std::popcount(herd[p]); }
int State::sheep_in_barn(Player p) const {
  int n = 0;
  for (auto count : barn[p]) n += count;
  return n;
}
int State::hand_count(Player p) const { return count_total(hand[p]); }
int State::total_cards() const {
  int n = static_cast<int>(draw_pile.size() + discard_pile.size());
  for (Player p = 0; p < num_players_; ++p) n += hand_count(p);
  return n;
}
int State::total_sheep() const {
  int n = 0;
  for (Player p = 0; p < num_players_; ++p)
    n += sheep_on_board(p) + to_place[p] + barnyard[p] + graveyard[p] + sheep_in_barn(p);
  return n;
}

// ---------------------------------------------------------------- Setup

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  if (params.hand_size < 1 || params.hand_size > kMaxHand)
    throw BadParameter("hand_size=" + std::to_string(params.hand_size) + " is outside 1.." + std::to_string(kMaxHand));
  const auto& mix = params.tiles[num_players];
  if (mix[0] * num_players + mix[1] + mix[2] != kFieldTiles)
    throw BadParameter("the tile mix for " + std::to_string(num_players) + " players does not make 25 field tiles");
  if (params.sheep[num_players] < 1 || params.sheep[num_players] * num_players > kStartSpaces)
    throw BadParameter("sheep per player for " + std::to_string(num_players) + " players must be 1.." +
                       std::to_string(kStartSpaces / num_players));
  const int spaces = params.diagonal_moves ? kStartSpaces : kStartSpaces - 4;  // corners unusable without diagonals
  if (params.sheep[num_players] * num_players > spaces)
    throw BadParameter(std::to_string(num_players) + " players x " + std::to_string(params.sheep[num_players]) +
                       " sheep do not fit on the " + std::to_string(spaces) + " usable start spaces");
  set_up(seed);
}

// The field tiles are shuffled face down on the inner 5x5; the cards are
// shuffled and dealt; then, from the first player clockwise, each seat places
// one sheep at a time on a free start space until all are placed.
void State::set_up(std::uint64_t seed) {
  rng = Rng(seed, 0x626f6f6d);
  sheep_per_player_ = params.sheep[num_players_];
  start_player = static_cast<Player>(params.start_player ? params.start_player - 1 : chance_below(rng, num_players_));
  active = start_player;
  sheep.fill(-1);

  FixedVector<std::uint8_t, kFieldTiles> tiles;
  const auto& mix = params.tiles[num_players_];
  for (int colour = 0; colour < num_players_; ++colour)
    add_copies(tiles, static_cast<std::uint8_t>(kBarn0 + colour), mix[0]);
  add_copies(tiles, static_cast<std::uint8_t>(kMine), mix[1]);
  add_copies(tiles, static_cast<std::uint8_t>(kSafe), mix[2]);
  rng.shuffle(tiles);
  int next = 0;
  for (int cell : kFieldCells) tile[cell] = tiles[next++];

  for (int kind = 0; kind < kWildWool; ++kind)
    for (int colour = 0; colour < kColours; ++colour)
      add_copies(draw_pile, static_cast<std::uint8_t>(card_type(kind, colour)), params.deck[kind]);
  add_copies(draw_pile, static_cast<std::uint8_t>(kWildWoolType), params.deck[kWildWool]);
  rng.shuffle(draw_pile);
  for (Player p = 0; p < num_players_; ++p) {
    for (int i = 0; i < params.hand_size && !draw_pile.empty(); ++i) ++hand[p][draw_top(draw_pile)];
    to_place[p] = sheep_per_player_;
  }
  phase = Phase::Place;
}

// A corner touches the field only diagonally: without diagonal moves a sheep
// placed there could never leave, so corners are then not offered.
bool State::placeable(int cell) const {
  if (!is_start_space(cell) || sheep[cell] >= 0) return false;
  if (params.diagonal_moves) return true;
  int r = row_of(cell), c = col_of(cell);
  return !((r == 0 || r == kSide - 1) && (c == 0 || c == kSide - 1));
}

void State::place_sheep(int cell) {
  assert(placeable(cell) && to_place[active] > 0);
  set_cell(cell, active);
  --to_place[active];
  log(evPlace, active, cell);
  active = next_seat(active, num_players_);
  if (to_place[active] == 0) {  // everybody places the same number: all are down
    active = start_player;
    start_turn();
  }
}

// ---------------------------------------------------------------- A turn: two actions, free card play

Player State::current_player() const {
  switch (phase) {
    case Phase::Place:
    case Phase::Actions: return active;
    case Phase::WolfWindow:
    case Phase::MineWindow:
    case Phase::NoWindow: return asked;
    case Phase::GameOver: return kTerminal;
  }
  return kTerminal;
}

void State::start_turn() {
  ++turn;
  if (turn > params.turn_limit) {
    log(evTurnLimit, params.turn_limit > 127 ? 127 : params.turn_limit);
    finish_game();
    return;
  }
  phase = Phase::Actions;
  actions_left = 2;
  log(evTurnStart, active);
}

void State::continue_turn() {
  phase = Phase::Actions;
  asked = -1;
  move_from = move_dir = -1;
  mine_cell = -1;
  card_player = no_last = -1;
  no_depth = 0;
  wolf_asked_mask = 0;
}

// ---------------------------------------------------------------- Possible actions; sheep movement

// One tile in any allowed direction; never onto a start space (so neither
// start -> start nor field -> start); a bump chain may not push any sheep onto
// a start space or off the board.
bool State::move_is_legal(int from, int dir) const {
  if (sheep[from] != active) return false;
  if (!params.diagonal_moves && (dir & 1)) return false;
  int target = kNeighbour[from][dir];
  if (target < 0 || kIsStart[target]) return false;
  for (int c = target; sheep[c] >= 0;) {
    c = kNeighbour[c][dir];
    if (c < 0 || kIsStart[c]) return false;
  }
  return true;
}

bool State::any_action_possible() const {
  if (actions_left == 0) return false;
  if (barnyard[active] > 0) return true;
  for (int cell = 0; cell < kCells; ++cell)
    if (sheep[cell] == active)
      for (int dir = 0; dir < 8; ++dir)
        if (move_is_legal(cell, dir)) return true;
  return false;
}

void State::take_move(int from, int dir) {
  --actions_left;
  move_from = static_cast<std::int8_t>(from);
  move_dir = static_cast<std::int8_t>(dir);
  open_wolf_window();
}

// ---------------------------------------------------------------- Bumping

// Before a bump, every other owner of a sheep in the chain who holds any card
// is asked, clockwise from the active seat, whether to play a Wolf. Hand
// sizes are public, so skipping empty hands reveals nothing; nobody else is
// skipped, so a pass says nothing about a hand.
void State::open_wolf_window() {
  wolf_asked_mask = 0;
  if (params.deck[kWolf] > 0)
    for (int c = neighbour(move_from, move_dir); c >= 0 && sheep[c] >= 0; c = neighbour(c, move_dir))
      if (sheep[c] != active && hand_count(sheep[c]) > 0) wolf_asked_mask |= static_cast<std::uint8_t>(1u << sheep[c]);
  for (int k = 1; k < num_players_; ++k) {
    auto p = static_cast<Player>((active + k) % num_players_);
    if ((wolf_asked_mask >> p) & 1u) {
      phase = Phase::WolfWindow;
      asked = p;
      // Said once, before the question; evMove follows only if the move happens.
      log(evMoveContested, active, move_from, neighbour(move_from, move_dir));
      return;
    }
  }
  resolve_move();
}

// The farthest sheep is pushed first, each one tile in the direction of the
// move; the mover then takes its target. Only the farthest pushed sheep (or
// the mover, if nothing was bumped) can enter a tile that does anything:
// every other sheep lands where a sheep already stood.
void State::resolve_move() {
  const int from = move_from, dir = move_dir, target = neighbour(from, dir);
  log(evMove, active, from, target);
  FixedVector<std::int8_t, kSide> chain;
  int landing = target;
  while (sheep[landing] >= 0) {
    chain.push_back(static_cast<std::int8_t>(landing));
    landing = neighbour(landing, dir);
  }
  for (int i = static_cast<int>(chain.size()) - 1; i >= 0; --i) {
    int c = chain[i], to = neighbour(c, dir);
    set_cell(to, sheep[c]);
    set_cell(c, -1);
    log(evBump, sheep[to], c, to);
  }
  set_cell(from, -1);
  set_cell(target, active);
  move_from = move_dir = -1;
  enter_tile(chain.empty() ? target : landing);
}

// A sheep enters a field tile: a hidden tile is revealed; a barn tile of a
// seat in play takes it (own colour: its owner's Barnyard; other colour: the
// tile owner's Barn, by default); a land mine opens its owner's window.
void State::enter_tile(int cell) {
  const Player owner = sheep[cell];
  const bool fresh = !revealed[cell];
  if (fresh) {
    revealed[cell] = true;
    log(evReveal, owner, cell, tile[cell]);
  }
  const int kind = tile[cell];
  if (kind == kMine && fresh) {
    open_mine_window(cell);
    return;
  }
  if (is_barn(kind) && kind - kBarn0 < num_players_) {
    int colour = kind - kBarn0;
    send_sheep(cell, owner == colour ? params.own_barn : params.other_barn, colour);
    check_end_trigger();
  }
  continue_turn();
}

void State::send_sheep(int cell, Dest dest, int tile_colour) {
  const Player owner = sheep[cell];
  switch (dest) {
    case Dest::Stay: log(evStays, owner, cell); return;
    case Dest::Barnyard:
      ++barnyard[owner];
      log(evToBarnyard, owner, cell);
      break;
    case Dest::Barn:
      ++barn[owner][owner];
      log(evToBarn, owner, cell, owner);
      break;
    case Dest::TileBarn:
      assert(tile_colour >= 0);
      ++barn[tile_colour][owner];
      log(evToBarn, owner, cell, tile_colour);
      break;
    case Dest::Graveyard:
      ++graveyard[owner];
      log(evToGraveyard, owner, cell);
      break;
  }
  set_cell(cell, -1);
}

// A land mine: its owner may answer with Hero of the Herd or Am-Bah-Lance (on
// any seat's turn). Asked whenever the owner holds any card, never otherwise.
void State::open_mine_window(int cell) {
  mine_cell = static_cast<std::int8_t>(cell);
  const Player owner = sheep[cell];
  if ((params.deck[kHero] > 0 || params.deck[kAmbahlance] > 0) && hand_count(owner) > 0) {
    phase = Phase::MineWindow;
    asked = owner;
    return;
  }
  send_sheep(cell, params.mine, -1);
  tile[cell] = kCrater;
  check_end_trigger();
  continue_turn();
}

// ---------------------------------------------------------------- Cards

// A reaction card leaves the hand face up; its player draws back at the end
// of their own next turn. Then every other seat may answer it with EIEI...No.
void State::play_reaction(Player p, int type) {
  assert(hand[p][type] > 0);
  give_up_card(p, type);
  log(evPlay, p, type);
  card_player = p;
  card_played = static_cast<std::uint8_t>(type);
  no_depth = 0;
  open_no_window(p);
}

void State::open_no_window(Player played_by) {
  no_last = played_by;
  asked = played_by;
  phase = Phase::NoWindow;
  ask_next_in_no_window();
}

// Asks the next seat after `asked`, clockwise, stopping at the seat that
// played the latest card. Seats with empty hands (public) are not asked.
void State::ask_next_in_no_window() {
  if (params.deck[kEieino] > 0) {
    for (auto p = next_seat(asked, num_players_); p != no_last; p = next_seat(p, num_players_))
      if (hand_count(p) > 0) {
        asked = p;
        return;
      }
  }
  close_no_window();
}

// An even number of EIEI...No cards leaves the card standing.
void State::close_no_window() {
  const bool stands = no_depth % 2 == 0;
  log(stands ? evStands : evCancelled, card_player, card_played);
  const int kind = kind_of(card_played);
  if (!stands) {  // back to the window the card was played in: its player is asked again
    asked = card_player;
    no_depth = 0;
    no_last = -1;
    phase = kind == kWolf ? Phase::WolfWindow : Phase::MineWindow;
    return;
  }
  if (kind == kWolf) {  // the bump is called off; the mover stays and the action is spent
    log(evBumpStopped, active, move_from, neighbour(move_from, move_dir));
    continue_turn();
    return;
  }
  const int cell = mine_cell;
  send_sheep(cell, kind == kHero ? params.hero : params.ambahlance, -1);
  tile[cell] = kCrater;  // the mine is spent either way
  check_end_trigger();
  continue_turn();
}

// Drawing back up to the hand size, turning the discards over when the pile runs out.
void State::refill(Player p) {
  int drawn = 0;
  for (int have = hand_count(p); have < params.hand_size; ++have) {
    if (draw_pile.empty() && !discard_pile.empty()) log(evReshuffle);
    std::uint8_t card = 0;
    if (!draw_with_reshuffle(draw_pile, discard_pile, rng, card)) break;
    ++hand[p][card];
    ++drawn;
  }
  needs_refill[p] = false;
  if (drawn > 0) passed_without[p] = 0;
  log(evRefill, p, drawn);
}

// ---------------------------------------------------------------- End game and scoring

// As soon as some seat has no sheep left on the board (start spaces count),
// the game is set to end: the current turn finishes, every other seat plays
// once more, and the seat whose turn it was does not play again.
void State::check_end_trigger() {
  if (end_triggered) return;
  for (Player p = 0; p < num_players_; ++p)
    if (to_place[p] == 0 && herd[p] == 0) {
      end_triggered = true;
      trigger_seat = active;
      log(evEndTriggered, p, active);
      return;
    }
}

void State::end_turn() {
  if (actions_left > 0) log(evForfeit, active, actions_left);
  kept_for_points[active] = static_cast<std::uint8_t>(hand_count(active));
  if (needs_refill[active]) refill(active);
  log(evEndTurn, active);
  Player next = next_seat(active, num_players_);
  if (end_triggered && next == trigger_seat) {
    finish_game();
    return;
  }
  active = next;
  start_turn();
}

int State::hand_points(Player p) const {
  int points = 0;
  for (int type = 0; type < kNumCardTypes; ++type)
    if (scores_in_hand_of(type, p)) points += hand[p][type];
  return points;
}

// Rulebook scoring: own-colour cards and Wild Wool in hand 1, Barnyard 1, own
// sheep in the Barn 3, other colours in the Barn 2, Graveyard -1 each.
ScoreParts score_parts(const State& s, Player p) {
  ScoreParts parts;
  parts.hand = s.hand_points(p);
  parts.barnyard = s.barnyard[p];
  parts.own_barn = 3 * s.barn[p][p];
  for (Player q = 0; q < s.num_players(); ++q)
    if (q != p) parts.other_barn += 2 * s.barn[p][q];
  parts.graveyard = -s.graveyard[p];
  return parts;
}

int State::score(Player p) const { return score_parts(*this, p).total(); }

Scores State::scores() const {
  Scores out{};
  for (Player p = 0; p < num_players_; ++p) out[p] = score(p);
  return out;
}

// Highest score wins; a tie goes to the most sheep in the Barn; still tied: joint winners.
void State::finish_game() {
  phase = Phase::GameOver;
  asked = -1;
  winners_.clear();
  int best = -1000, best_barn = -1;
  for (Player p = 0; p < num_players_; ++p) {
    int s = score(p), b = sheep_in_barn(p);
    if (s > best || (s == best && b > best_barn)) {
      best = s;
      best_barn = b;
      winners_.clear();
    }
    if (s == best && b == best_barn) winners_.push_back(p);
  }
  log(evGameOver, winners_.size() == 1 ? winners_[0] : -1, best);
}

// ---------------------------------------------------------------- Actions

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase) {
    case Phase::Place:
      for (int cell : kStartCells)
        if (sheep[cell] < 0 && (params.diagonal_moves || !kIsCorner[cell]))
          out.push_back(static_cast<Action>(act::kPlace + cell));
      return;
    case Phase::Actions: {
      bool possible = false;
      if (actions_left > 0) {
        for (std::uint64_t bits = herd[active]; bits; bits &= bits - 1) {
          const int cell = std::countr_zero(bits);
          const FieldSteps& steps = kFieldSteps[cell];
          for (int i = 0; i < steps.count; ++i) {
            const int dir = steps.dirs[i];
            if (!params.diagonal_moves && (dir & 1)) continue;
            int c = kNeighbour[cell][dir];
            while (c >= 0 && sheep[c] >= 0) {  // walk the bump chain
              c = kNeighbour[c][dir];
              if (c >= 0 && kIsStart[c]) c = -1;
            }
            if (c < 0) continue;
            out.push_back(static_cast<Action>(act::kMove + cell * 8 + dir));
            possible = true;
          }
        }
        if (barnyard[active] > 0) {
          out.push_back(act::kBarn);
          possible = true;
        }
      }
      for (std::uint32_t held = held_types(hand[active]); held; held &= held - 1)
        out.push_back(static_cast<Action>(act::kDiscard + std::countr_zero(held)));
      if (!possible) out.push_back(act::kEndTurn);
      return;
    }
    case Phase::WolfWindow:
    case Phase::MineWindow:
    case Phase::NoWindow: {
      for (int type = 0; type < kWildWoolType; ++type) {
        int kind = kind_of(type);
        bool fits = phase == Phase::WolfWindow   ? kind == kWolf
                    : phase == Phase::MineWindow ? (kind == kHero || kind == kAmbahlance)
                                                 : kind == kEieino;
        if (fits && hand[asked][type] > 0) out.push_back(static_cast<Action>(act::kPlay + type));
      }
      out.push_back(act::kPass);
      return;
    }
    case Phase::GameOver: return;
  }
}

// Written independently of legal_actions(); the soak compares the two.
// A card thrown away before the turn's moves could as well be thrown away
// after them: holding it meanwhile only keeps the chance to answer a mine or
// a Wolf with it, and the refill comes at the end of the turn either way. So
// the search weighs discards once no move is left, in card order.
void search_actions(const State& state, Action previous, ActionList& out) {
  state.legal_actions(out);
  if (state.phase != Phase::Actions) return;
  const auto is_discard = [](Action a) { return a >= act::kDiscard && a < act::kEndTurn; };
  const bool moves_left = std::any_of(out.begin(), out.end(), [](Action a) { return a < act::kDiscard; });
  if (moves_left) out.erase_if(is_discard);
  else if (previous != kNoAction && is_discard(previous))
    out.erase_if([&](Action a) { return is_discard(a) && a < previous; });
}

bool State::is_legal(Action action) const {
  const int a = action;
  if (a < 0 || a >= act::kCount) return false;
  switch (phase) {
    case Phase::Place: {
      if (a >= act::kMove) return false;
      int cell = a - act::kPlace, r = row_of(cell), c = col_of(cell);
      bool corner = (r == 0 || r == kSide - 1) && (c == 0 || c == kSide - 1);
      return is_start_space(cell) && sheep[cell] < 0 && (params.diagonal_moves || !corner);
    }
    case Phase::Actions:
      if (a >= act::kMove && a < act::kBarn)
        return actions_left > 0 && move_is_legal((a - act::kMove) / 8, (a - act::kMove) % 8);
      if (a == act::kBarn) return actions_left > 0 && barnyard[active] > 0;
      if (a >= act::kDiscard && a < act::kEndTurn) return hand[active][a - act::kDiscard] > 0;
      if (a == act::kEndTurn) return !any_action_possible();
      return false;
    case Phase::WolfWindow:
    case Phase::MineWindow:
    case Phase::NoWindow: {
      if (a == act::kPass) return true;
      if (a < act::kPlay || a >= act::kPlay + kWildWoolType) return false;
      int type = a - act::kPlay, kind = kind_of(type);
      if (hand[asked][type] == 0) return false;
      if (phase == Phase::WolfWindow) return kind == kWolf;
      if (phase == Phase::MineWindow) return kind == kHero || kind == kAmbahlance;
      return kind == kEieino;
    }
    case Phase::GameOver: return false;
  }
  return false;
}

// A legal action (StateBase::apply has asserted it and cleared the event log).
void State::apply_legal(Action action) {
  const int a = action;
  // Only the windows offer a pass; what it suggests is read before it takes effect.
  if (a == act::kPass) passed_without[asked] |= kinds_a_pass_suggests_lacking(*this);
  switch (phase) {
    case Phase::Place: place_sheep(a - act::kPlace); break;
    case Phase::Actions:
      if (a < act::kBarn) {
        take_move((a - act::kMove) / 8, (a - act::kMove) % 8);
      } else if (a == act::kBarn) {
        --actions_left;
        --barnyard[active];
        ++barn[active][active];
        log(evBarnToBarn, active);
      } else if (a < act::kEndTurn) {
        int type = a - act::kDiscard;
        give_up_card(active, type);
        log(evDiscard, active, type);
      } else {
        end_turn();
      }
      break;
    case Phase::WolfWindow:
      if (a == act::kPass) {
        log_pass();
        wolf_asked_mask = static_cast<std::uint8_t>(wolf_asked_mask & ~(1u << asked));
        for (int k = 1; k < num_players_; ++k) {
          auto p = static_cast<Player>((active + k) % num_players_);
          if ((wolf_asked_mask >> p) & 1u) {
            asked = p;
            return;
          }
        }
        resolve_move();
      } else {
        play_reaction(asked, a - act::kPlay);
      }
      break;
    case Phase::MineWindow:
      if (a == act::kPass) {
        log_pass();
        const int cell = mine_cell;
        send_sheep(cell, params.mine, -1);
        tile[cell] = kCrater;
        check_end_trigger();
        continue_turn();
      } else {
        play_reaction(asked, a - act::kPlay);
      }
      break;
    case Phase::NoWindow:
      if (a == act::kPass) {
        log_pass();
        ask_next_in_no_window();
      } else {
        const Player p = asked;
        const int type = a - act::kPlay;
        give_up_card(p, type);
        ++no_depth;
        log(evPlay, p, type);
        no_last = p;
        ask_next_in_no_window();
      }
      break;
    case Phase::GameOver: break;
  }
}

// A card leaves p's hand face up to the discards (played or discarded), and p
// owes a refill. If it scores for p it may have been one of those p kept, so
// fewer of the rest are sure to score; and p held its kind after all.
void State::give_up_card(Player p, int type) {
  if (scores_in_hand_of(type, p) && kept_for_points[p] > 0) --kept_for_points[p];
  passed_without[p] = static_cast<std::uint8_t>(passed_without[p] & ~kind_bit(kind_of(type)));
  --hand[p][type];
  discard_pile.push_back(static_cast<std::uint8_t>(type));
  needs_refill[p] = true;
}

// A pass says what was passed on (see PassOn), so the log reads without the board.
void State::log_pass() {
  switch (phase) {
    case Phase::WolfWindow:
      log(evPass, asked, static_cast<int>(PassOn::Bump), move_from, neighbour(move_from, move_dir));
      return;
    case Phase::MineWindow: log(evPass, asked, static_cast<int>(PassOn::Mine), mine_cell); return;
    default:
      if (no_depth == 0) log(evPass, asked, static_cast<int>(PassOn::Card), card_played, card_player);
      else log(evPass, asked, static_cast<int>(PassOn::Eieino), 0, no_last);
  }
}

}  // namespace bw::boom_bah
