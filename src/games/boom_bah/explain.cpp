// Sheep Boom Bah: what a move would do, the final score by category, and why
// the winners won. Hints read only the deciding seat's observation: the tiles
// it has not seen stay "face down" in them.
#include "core/wording.hpp"
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

namespace {

// What the seat knows of the tile at `cell`.
std::string tile_hint(const Observation& obs, const SeatWords& seats, int cell) {
  const int tile = obs.tile[cell];
  if (tile == -1) return "face down";
  if (tile == kSafe) return "a safe field";
  if (tile == kCrater) return "a crater";
  if (tile == kMine) return "a land mine";
  const int colour = tile - kBarn0;
  if (colour >= obs.num_players) return "an unused Barn";
  return seats.whose(colour) + " Barn";
}

// A move: the target tile, and where the bump chain ends (only the farthest
// pushed sheep enters a new tile; see State::resolve_move).
std::string move_hint(const Observation& obs, const SeatWords& seats, int from, int dir) {
  const int target = kNeighbour[from][dir];
  int landing = target, bumped = 0;
  while (landing >= 0 && obs.sheep[landing] >= 0) {
    landing = kNeighbour[landing][dir];
    ++bumped;
  }
  if (target < 0 || landing < 0) return "";
  std::string hint = "to " + cell_name(target);
  if (bumped == 0) return hint + ": " + tile_hint(obs, seats, target);
  hint += ", bumping " + (bumped == 1 ? seats.whose(obs.sheep[target]) + " sheep" : std::to_string(bumped) + " sheep");
  return hint + (bumped == 1 ? " to " : "; the last to ") + cell_name(landing) + ": " + tile_hint(obs, seats, landing);
}

std::string card_in_question(const Observation& obs, const SeatWords& seats) {
  return seats.whose(obs.card_player) + " " + card_name(obs.card_played);
}

std::string reaction_hint(const Observation& obs, const SeatWords& seats, int type) {
  switch (kind_of(type)) {
    case kWolf:
      return "calls off the move from " + cell_name(obs.move_from) + " to " +
             cell_name(kNeighbour[obs.move_from][obs.move_dir]);
    case kHero:
    case kAmbahlance: return "answers the land mine under your sheep on " + cell_name(obs.mine_cell);
    case kEieino:
      return obs.no_depth % 2 == 0 ? "cancels " + card_in_question(obs, seats)
                                   : "cancels the EIEI...No: " + card_in_question(obs, seats) + " stands again";
    default: return "";
  }
}

std::string pass_hint(const Observation& obs, const SeatWords& seats) {
  switch (obs.phase) {
    case Phase::WolfWindow:
      return "lets the move from " + cell_name(obs.move_from) + " to " +
             cell_name(kNeighbour[obs.move_from][obs.move_dir]) + " go ahead";
    case Phase::MineWindow: return "your sheep on " + cell_name(obs.mine_cell) + " meets the land mine";
    case Phase::NoWindow:
      return (obs.no_depth % 2 == 0 ? "leaves " : "leaves the EIEI...No against ") + card_in_question(obs, seats) +
             (obs.no_depth % 2 == 0 ? " standing" : " in force");
    default: return "";
  }
}

}  // namespace

std::string action_hint(const Observation& obs, Action action) {
  const int a = action;
  if (obs.viewer < 0 || obs.viewer != obs.to_move) return "";
  const SeatWords seats(obs.viewer, {});
  if (a >= act::kMove && a < act::kBarn) return move_hint(obs, seats, (a - act::kMove) / 8, (a - act::kMove) % 8);
  if (a == act::kBarn) return "+2 points: a Barnyard sheep (1) becomes a Barn sheep (3)";
  if (a >= act::kDiscard && a < act::kEndTurn) {
    const int type = a - act::kDiscard;
    return scores_in_hand_of(type, obs.viewer) ? "-1 point: it scores 1 while in your hand" : "";
  }
  if (a >= act::kPlay && a < act::kPass) return reaction_hint(obs, seats, a - act::kPlay);
  if (a == act::kPass) return pass_hint(obs, seats);
  return "";  // placing and ending the turn say it all
}

ScoreBreakdown score_breakdown(const State& state, Player seat) {
  const ScoreParts parts = score_parts(state, seat);
  return {
      {"own-colour cards and Wild Wool in hand (1 each)", static_cast<double>(parts.hand)},
      {"sheep in the Barnyard (1 each)", static_cast<double>(parts.barnyard)},
      {"own sheep in the Barn (3 each)", static_cast<double>(parts.own_barn)},
      {"other colours' sheep in the Barn (2 each)", static_cast<double>(parts.other_barn)},
      {"sheep in the Graveyard (-1 each)", static_cast<double>(parts.graveyard)},
  };
}

// The highest score wins; a tie goes to the most sheep in the Barn; still tied, all share.
std::string result_explanation(const State& state, Names names) {
  const SeatWords words(kSpectator, names);
  const PlayerList winners = state.winners();
  if (winners.empty()) return "";
  const int best = state.score(winners[0]), best_barn = state.sheep_in_barn(winners[0]);
  std::string why = state.turn > state.params.turn_limit ? "The turn limit ended the game. " : "";
  const std::string who = join_names(words, winners, false);
  const std::string points = std::to_string(best) + (best == 1 ? " point" : " points");
  if (winners.size() > 1)
    return why + who + " share the win: " + points + " and " + std::to_string(best_barn) + " sheep in the Barn each.";
  Player tied = -1, runner_up = -1;
  for (Player p = 0; p < state.num_players(); ++p) {
    if (p == winners[0]) continue;
    if (state.score(p) == best && (tied < 0 || state.sheep_in_barn(p) > state.sheep_in_barn(tied))) tied = p;
    if (runner_up < 0 || state.score(p) > state.score(runner_up)) runner_up = p;
  }
  if (tied >= 0)
    return why + who + " and " + words.name(tied) + " tie on " + points + "; " + who +
           " wins the tie-break with more sheep in the Barn (" + std::to_string(best_barn) + " to " +
           std::to_string(state.sheep_in_barn(tied)) + ").";
  return why + who + " wins with " + points + "; the next best is " + words.name(runner_up) + " with " +
         std::to_string(state.score(runner_up)) + ".";
}

// Only the response windows' pass declines something; ending a turn does not.
bool is_pass(const State&, Action action) { return action == act::kPass; }

}  // namespace bw::boom_bah
