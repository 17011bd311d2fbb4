// Sheep Boom Bah: a rule-of-thumb player, the way a decent person plays.
// It reads only its own observation (and the public game parameters), so it
// cannot cheat: face-down tiles are weighed by what is still unaccounted for.
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

struct TileOdds {
  double mine = 0, safe = 0;
  std::array<double, kMaxSeats> barn{};
};

// What a face-down tile may be: the tile mix minus what is face up.
TileOdds hidden_odds(const Observation& obs, const Params& params) {
  const auto& mix = params.tiles[obs.num_players];
  // Face-up field tiles by kind (obs.tile is -1 on a face-down one; start
  // spaces, the outer ring, hold no tile).
  std::array<int, kNumTileKinds + 1> shown{};
  for (int row = 1; row < kSide - 1; ++row)
    for (int cell = row * kSide + 1; cell < (row + 1) * kSide - 1; ++cell) ++shown[obs.tile[cell] + 1];
  const auto face_up = [&](int kind) { return shown[kind + 1]; };
  double mines = mix[1] - face_up(kMine) - face_up(kCrater), safe = mix[2] - face_up(kSafe);
  std::array<double, kMaxSeats> barns{};
  for (int p = 0; p < obs.num_players; ++p) barns[p] = mix[0] - face_up(kBarn0 + p);
  TileOdds odds;
  double hidden = obs.hidden_tiles;
  if (hidden <= 0) return odds;
  odds.mine = std::max(0.0, mines) / hidden;
  odds.safe = std::max(0.0, safe) / hidden;
  for (int p = 0; p < obs.num_players; ++p) odds.barn[p] = std::max(0.0, barns[p]) / hidden;
  return odds;
}

bool holds(const Observation& obs, int kind) {
  for (int colour = 0; colour < kColours; ++colour)
    if (obs.own_hand[card_type(kind, colour)]) return true;
  return false;
}

bool holds_rescue(const Observation& obs) { return holds(obs, kAmbahlance) || holds(obs, kHero); }

// Worth to `me` of a sheep of `owner` entering a tile of kind `tile`;
// `rescue`: whether the judging seat holds a card that saves a sheep from a mine.
double enter_value(const Observation& obs, const Params& params, int me, int owner, int tile, bool rescue) {
  const bool mine_sheep = owner == me;
  if (tile == kMine) {
    if (mine_sheep) return rescue ? 0.3 : -2.0;
    return params.mine == Dest::Graveyard ? 1.0 : 0.0;
  }
  if (is_barn(tile) && tile - kBarn0 < obs.num_players) {
    int colour = tile - kBarn0;
    if (mine_sheep) return colour == me ? 2.5 : -2.0;
    if (colour == me) return 2.5;   // stolen into my Barn
    return colour == owner ? -0.5 : 0.3;  // helps them / hurts them both
  }
  return 0.0;
}

// The worth of a move: follow the bump chain on the observed board.
// `me` judges a move of a sheep of `mover`; `odds` are hidden_odds(obs), worked
// out once per decision because play-outs ask for them on every legal move.
double move_value(const Observation& obs, const Params& params, const TileOdds& odds, int me, int mover, int from,
                  int dir, bool rescue) {
  int target = State::neighbour(from, dir);
  int landing = target;
  while (obs.sheep[landing] >= 0) landing = State::neighbour(landing, dir);
  int entering_cell = landing;
  int owner = target == landing ? mover : -1;
  if (owner < 0) {  // the farthest sheep of the chain enters the landing cell
    int c = target, last = target;
    while (c != landing) {
      last = c;
      c = State::neighbour(c, dir);
    }
    owner = obs.sheep[last];
  }
  int tile = obs.tile[entering_cell];
  double value = 0;
  if (tile == -1) {
    value += odds.mine * enter_value(obs, params, me, owner, kMine, rescue);
    for (int p = 0; p < obs.num_players; ++p)
      value += odds.barn[p] * enter_value(obs, params, me, owner, kBarn0 + p, rescue);
    value += 0.05;  // turning a tile over is worth a little
  } else {
    value += enter_value(obs, params, me, owner, tile, rescue);
  }
  // Leaving a start space gets a sheep into play.
  if (is_start_space(from) && mover == me) value += 0.1;
  return value;
}

// Play a card of `kind` if held, preferring a colour that is not one's own.
Action play_kind(const Observation& obs, int kind) {
  int chosen = -1;
  for (int colour = 0; colour < kColours; ++colour) {
    int type = card_type(kind, colour);
    if (!obs.own_hand[type]) continue;
    if (chosen < 0 || colour_of(chosen) == obs.viewer) chosen = type;
  }
  return chosen < 0 ? static_cast<Action>(act::kPass) : static_cast<Action>(act::kPlay + chosen);
}

// Whether the bump waiting on the Wolf window should be stopped, as the seat
// that judges it sees it: it hurts that seat, or gains the mover much.
bool bump_worth_stopping(const Observation& obs, const Params& params, bool rescue) {
  const TileOdds odds = hidden_odds(obs, params);
  double value = move_value(obs, params, odds, obs.viewer, obs.active, obs.move_from, obs.move_dir, rescue);
  double mover_gain = move_value(obs, params, odds, obs.active, obs.active, obs.move_from, obs.move_dir, rescue);
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
  // every decision, and building the observation is most of its cost.
  if (state.phase == Phase::Actions) {
    if (legal.contains(act::kBarn)) return act::kBarn;
    const bool can_move = std::any_of(legal.begin(), legal.end(), [](Action a) { return a >= act::kMove && a < act::kBarn; });
    if (!can_move) return discard_or_end_turn(state.hand[me], me);
  }
  const Observation obs = state.observation(me);
  const Params& params = state.params;  // public: the game's set-up
  switch (obs.phase) {
    case Phase::Place: {
      // Start spaces with the most field tiles in reach, ties at random.
      int best = -1;
      Action choice = legal[0];
      for (Action a : legal) {
        int cell = a - act::kPlace, reach = 0;
        for (int dir = 0; dir < 8; ++dir) {
          if (!params.diagonal_moves && (dir & 1)) continue;
          int to = State::neighbour(cell, dir);
          reach += to >= 0 && !is_start_space(to) && obs.sheep[to] < 0;
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
      const TileOdds odds = hidden_odds(obs, params);
      const bool rescue = holds_rescue(obs);
      double best = -1e9;
      Action choice = act::kEndTurn;
      for (Action a : legal) {
        if (a < act::kMove || a >= act::kBarn) continue;
        int from = (a - act::kMove) / 8, dir = (a - act::kMove) % 8;
        double value = move_value(obs, params, odds, me, me, from, dir, rescue) + rng.below(1000) * 1e-6;
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
      Action a = play_kind(obs, params.ambahlance == Dest::Graveyard ? kHero : kAmbahlance);
      if (a == act::kPass) a = play_kind(obs, kHero);
      if (a == act::kPass) a = play_kind(obs, kAmbahlance);
      return legal.contains(a) ? a : static_cast<Action>(act::kPass);
    }
    case Phase::WolfWindow: {
      if (!holds(obs, kWolf)) return act::kPass;
      Action a = bump_worth_stopping(obs, params, holds_rescue(obs)) ? play_kind(obs, kWolf) : static_cast<Action>(act::kPass);
      return legal.contains(a) ? a : static_cast<Action>(act::kPass);
    }
    case Phase::NoWindow: {
      const bool want = wants_card_cancelled(me, obs.card_player, kind_of(obs.card_played), obs.active, obs.no_depth);
      Action a = want ? play_kind(obs, kEieino) : static_cast<Action>(act::kPass);
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
      const Observation obs = state.observation(seat);
      const bool rescue_possible = (state.passed_without[seat] & (kind_bit(kHero) | kind_bit(kAmbahlance))) == 0;
      const bool stop = bump_worth_stopping(obs, state.params, false) &&
                        (!rescue_possible || bump_worth_stopping(obs, state.params, true));
      return stop ? kind_bit(kWolf) : 0;
    }
    default: return 0;
  }
}

}  // namespace bw::boom_bah
