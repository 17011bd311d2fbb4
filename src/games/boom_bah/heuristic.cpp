// Sheep Boom Bah: a rule-of-thumb player, the way a decent person plays.
// It reads only what its own observation shows (and the public game
// parameters), so it cannot cheat: face-down tiles are weighed by what is
// still unaccounted for.
//
// - Barnyard -> Barn whenever possible (+2 for one action).
// - Otherwise the move whose entering sheep does the most good: one's own
//   sheep into one's own Barn tile, other sheep into one's Barn or onto mines;
//   never one's own sheep onto another player's Barn or a likely mine.
// - Reactions: save one's sheep from a mine (Am-Bah-Lance first), stop a bad
//   bump with a Wolf, cancel cards that help others and defend one's own.
//   Cards of one's own colour are kept when another card does the job.
// - Once the turn's moves are spent, discards every card that would not score
//   (another colour's): the turn then ends with a refill, and a fresh card
//   may be of its colour. Measured, keeping them for their reactions loses
//   (docs/strength.md).
#include <algorithm>

#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

namespace {

// What the rule of thumb reads of the state: the board as every seat sees it,
// the open question and the viewer's own hand, each exactly as
// State::observation(viewer) shows it. Read field by field rather than
// through a whole Observation, which play-outs would build at nearly every
// decision (a fifth of a search's time when they did).
class SeatView {
 public:
  SeatView(const State& state, Player seat) : viewer(seat), state_(state) {}
  const Player viewer;
  int num_players() const { return state_.num_players(); }
  Player active() const { return state_.active; }
  int sheep_at(int cell) const { return state_.sheep[cell]; }
  // The tile kind if face up, -1 face down, -2 on a start space.
  int tile_seen(int cell) const {
    if (kIsStart[cell]) return -2;
    return state_.revealed[cell] ? state_.tile[cell] : -1;
  }
  const CardCounts& own_hand() const { return state_.hand[viewer]; }
  // The open question.
  int move_from() const { return state_.move_from; }
  int move_dir() const { return state_.move_dir; }
  Player card_player() const { return state_.card_player; }
  int card_played() const { return state_.card_played; }
  int no_depth() const { return state_.no_depth; }
  const Params& params() const { return state_.params; }  // public: the game's set-up

  // Face-up field tiles by kind, and how many are face down.
  void count_tiles(std::array<int, kNumTileKinds>& face_up, int& face_down) const {
    face_up = {};
    face_down = 0;
    for (int cell : kFieldCells) {
      if (state_.revealed[cell]) ++face_up[state_.tile[cell]];
      else ++face_down;
    }
  }

 private:
  const State& state_;
};

struct TileOdds {
  double mine = 0, safe = 0;
  std::array<double, kMaxSeats> barn{};
};

// What a face-down tile may be: the tile mix minus what is face up.
TileOdds hidden_odds(const SeatView& view) {
  const int players = view.num_players();
  const auto& mix = view.params().tiles[players];
  std::array<int, kNumTileKinds> face_up{};
  int hidden = 0;
  view.count_tiles(face_up, hidden);
  double mines = mix[1] - face_up[kMine] - face_up[kCrater], safe = mix[2] - face_up[kSafe];
  std::array<double, kMaxSeats> barns{};
  for (int p = 0; p < players; ++p) barns[p] = mix[0] - face_up[kBarn0 + p];
  TileOdds odds;
  if (hidden <= 0) return odds;
  odds.mine = std::max(0.0, mines) / hidden;
  odds.safe = std::max(0.0, safe) / hidden;
  for (int p = 0; p < players; ++p) odds.barn[p] = std::max(0.0, barns[p]) / hidden;
  return odds;
}

bool holds(const SeatView& view, int kind) {
  for (int colour = 0; colour < kColours; ++colour)
    if (view.own_hand()[card_type(kind, colour)]) return true;
  return false;
}

bool holds_rescue(const SeatView& view) { return holds(view, kAmbahlance) || holds(view, kHero); }

// Worth to `me` of a sheep of `owner` entering a tile of kind `tile`;
// `rescue`: whether the judging seat holds a card that saves a sheep from a mine.
double enter_value(const SeatView& view, int me, int owner, int tile, bool rescue) {
  const bool mine_sheep = owner == me;
  if (tile == kMine) {
    if (mine_sheep) return rescue ? 0.3 : -2.0;
    return view.params().mine == Dest::Graveyard ? 1.0 : 0.0;
  }
  if (is_barn(tile) && tile - kBarn0 < view.num_players()) {
    int colour = tile - kBarn0;
    if (mine_sheep) return colour == me ? 2.5 : -2.0;
    if (colour == me) return 2.5;         // stolen into my Barn
    return colour == owner ? -0.5 : 0.3;  // helps them / hurts them both
  }
  return 0.0;
}

// The worth of a move: follow the bump chain on the board as the viewer sees it.
// `me` judges a move of a sheep of `mover`; `odds` are hidden_odds(view), worked
// out once per decision because play-outs ask for them on every legal move.
double move_value(const SeatView& view, const TileOdds& odds, int me, int mover, int from, int dir, bool rescue) {
  int target = State::neighbour(from, dir);
  int landing = target;
  while (view.sheep_at(landing) >= 0) landing = State::neighbour(landing, dir);
  int entering_cell = landing;
  int owner = target == landing ? mover : -1;
  if (owner < 0) {  // the farthest sheep of the chain enters the landing cell
    int c = target, last = target;
    while (c != landing) {
      last = c;
      c = State::neighbour(c, dir);
    }
    owner = view.sheep_at(last);
  }
  int tile = view.tile_seen(entering_cell);
  double value = 0;
  if (tile == -1) {
    value += odds.mine * enter_value(view, me, owner, kMine, rescue);
    for (int p = 0; p < view.num_players(); ++p)
      value += odds.barn[p] * enter_value(view, me, owner, kBarn0 + p, rescue);
    value += 0.05;  // turning a tile over is worth a little
  } else {
    value += enter_value(view, me, owner, tile, rescue);
  }
  // Leaving a start space gets a sheep into play.
  if (is_start_space(from) && mover == me) value += 0.1;
  return value;
}

// Play a card of `kind` if held, preferring a colour that is not one's own.
Action play_kind(const SeatView& view, int kind) {
  int chosen = -1;
  for (int colour = 0; colour < kColours; ++colour) {
    int type = card_type(kind, colour);
    if (!view.own_hand()[type]) continue;
    if (chosen < 0 || colour_of(chosen) == view.viewer) chosen = type;
  }
  return chosen < 0 ? static_cast<Action>(act::kPass) : static_cast<Action>(act::kPlay + chosen);
}

// Whether the bump waiting on the Wolf window should be stopped, as the seat
// that judges it sees it: it hurts that seat, or gains the mover much.
bool bump_worth_stopping(const SeatView& view, bool rescue) {
  const TileOdds odds = hidden_odds(view);
  const Player mover = view.active();
  double value = move_value(view, odds, view.viewer, mover, view.move_from(), view.move_dir(), rescue);
  double mover_gain = move_value(view, odds, mover, mover, view.move_from(), view.move_dir(), rescue);
  return value < -0.2 || mover_gain > 1.0;
}

// Whether `me` would cancel the card in question with an EIEI...No: a card
// that stands and hurts it (another seat's, a Wolf only against its own
// move), or a cancel of its own card. All of it is public.
bool wants_card_cancelled(Player me, Player card_player, int card_kind, Player active, int eieino_played) {
  const bool stands = eieino_played % 2 == 0;
  const bool good_for_me = card_player == me;
  const bool bad_for_me = !good_for_me && (card_kind == kWolf ? active == me : true);
  return (stands && bad_for_me) || (!stands && good_for_me);
}

// Reads only the seat's own hand, which is its observation's own_hand.
Action discard_or_end_turn(const CardCounts& own_hand, Player me) {
  for (int type = 0; type < kNumCardTypes; ++type)
    if (own_hand[type] && !scores_in_hand_of(type, me)) return static_cast<Action>(act::kDiscard + type);
  return act::kEndTurn;
}

}  // namespace

Action heuristic_action(const State& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  const Player me = state.current_player();
  // Answers that need no look at the board come first: play-outs ask this for
  // every decision, and weighing the moves is most of its cost.
  if (state.phase == Phase::Actions) {
    if (legal.contains(act::kBarn)) return act::kBarn;
    const bool can_move =
        std::any_of(legal.begin(), legal.end(), [](Action a) { return a >= act::kMove && a < act::kBarn; });
    if (!can_move) return discard_or_end_turn(state.hand[me], me);
  }
  const SeatView view(state, me);
  switch (state.phase) {
    case Phase::Place: {
      // Start spaces with the most field tiles in reach, ties at random.
      int best = -1;
      Action choice = legal[0];
      for (Action a : legal) {
        int cell = a - act::kPlace, reach = 0;
        for (int dir = 0; dir < 8; ++dir) {
          if (!view.params().diagonal_moves && (dir & 1)) continue;
          int to = State::neighbour(cell, dir);
          reach += to >= 0 && !is_start_space(to) && view.sheep_at(to) < 0;
        }
        int score = reach * 8 + static_cast<int>(rng.below(8));
        if (score > best) {
          best = score;
          choice = a;
        }
      }
      return choice;
    }
    case Phase::Actions: {
      const TileOdds odds = hidden_odds(view);
      const bool rescue = holds_rescue(view);
      double best = -1e9;
      Action choice = act::kEndTurn;
      for (Action a : legal) {
        if (a < act::kMove || a >= act::kBarn) continue;
        int from = (a - act::kMove) / 8, dir = (a - act::kMove) % 8;
        double value = move_value(view, odds, me, me, from, dir, rescue) + rng.below(1000) * 1e-6;
        if (value > best) {
          best = value;
          choice = a;
        }
      }
      if (legal.contains(choice)) return choice;
      return act::kEndTurn;
    }
    case Phase::MineWindow: {
      // Am-Bah-Lance (to the Barnyard) first, then Hero of the Herd.
      Action a = play_kind(view, view.params().ambahlance == Dest::Graveyard ? kHero : kAmbahlance);
      if (a == act::kPass) a = play_kind(view, kHero);
      if (a == act::kPass) a = play_kind(view, kAmbahlance);
      return legal.contains(a) ? a : static_cast<Action>(act::kPass);
    }
    case Phase::WolfWindow: {
      if (!holds(view, kWolf)) return act::kPass;
      Action a =
          bump_worth_stopping(view, holds_rescue(view)) ? play_kind(view, kWolf) : static_cast<Action>(act::kPass);
      return legal.contains(a) ? a : static_cast<Action>(act::kPass);
    }
    case Phase::NoWindow: {
      const bool want =
          wants_card_cancelled(me, view.card_player(), kind_of(view.card_played()), view.active(), view.no_depth());
      Action a = want ? play_kind(view, kEieino) : static_cast<Action>(act::kPass);
      return legal.contains(a) ? a : static_cast<Action>(act::kPass);
    }
    case Phase::GameOver: break;
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

// What a pass suggests the asked seat lacks: every kind this rule of thumb
// would have played in its place. A rescue card always saves a sheep from a
// mine; a Wolf stops a bump worth stopping, which may depend on whether the
// seat holds a rescue card, so a Wolf is ruled out only when the bump was
// worth stopping either way (or no rescue card is believed held); an
// EIEI...No cancels a card that hurts.
std::uint8_t kinds_a_pass_suggests_lacking(const State& state) {
  const Player seat = state.asked;
  switch (state.phase) {
    case Phase::MineWindow: return kind_bit(kHero) | kind_bit(kAmbahlance);
    case Phase::NoWindow:
      return wants_card_cancelled(seat, state.card_player, kind_of(state.card_played), state.active, state.no_depth)
                 ? kind_bit(kEieino)
                 : 0;
    case Phase::WolfWindow: {
      if (state.passed_without[seat] & kind_bit(kWolf)) return 0;  // already believed
      const SeatView view(state, seat);
      const bool rescue_possible = (state.passed_without[seat] & (kind_bit(kHero) | kind_bit(kAmbahlance))) == 0;
      const bool stop = bump_worth_stopping(view, false) && (!rescue_possible || bump_worth_stopping(view, true));
      return stop ? kind_bit(kWolf) : 0;
    }
    default: return 0;
  }
}

}  // namespace bw::boom_bah
