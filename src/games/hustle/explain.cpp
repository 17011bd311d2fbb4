// Sheep Hustle: what a move would do, and why the race ended as it did.
// Hints read only the deciding seat's observation (the dyke and every sheep
// are public; the seat's own bid is known to it).
#include <algorithm>
#include <optional>
#include <utility>

#include "core/wording.hpp"
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {

// "87 of the second board": the board's own numbering, as the dyke is
// printed, and the boards named as the log names them (square_name).
std::string square_words(int square) {
  return std::to_string(square % kSquaresPerBoard) + " of the " +
         (square / kSquaresPerBoard == 0 ? "first" : "second") + " board";
}

std::string lifesaver_cost(int water_landings, int lifesavers_left) {
  if (water_landings == 0) return "";
  if (water_landings > lifesavers_left) return " — out of the race";
  return water_landings == 1 ? " — costs a lifesaver" : " — costs " + std::to_string(water_landings) + " lifesavers";
}

// Where the mover's sheep ends if it moved now: forward by `scope` (every
// landing on water costs a lifesaver), then back by `run_back` (rules 2c, II, IV);
// kDykeLength when it runs off the far end. Later shoves by other sheep cannot
// be foreseen and are not counted.
int landing_square(const Observation& obs, int scope, int run_back) {
  const int forward = obs.position[obs.viewer] + scope;
  return forward >= kDykeLength ? kDykeLength : forward - run_back;
}

std::string landing_hint(const Observation& obs, int scope, int run_back) {
  const Player me = obs.viewer;
  const int from = obs.position[me];
  std::string head = "scope " + std::to_string(scope) + (run_back ? ", then run back " + std::to_string(run_back) : "");
  if (scope == 0 && run_back == 0) return head + ": stays on " + square_words(from);
  const int forward = from + scope;
  if (landing_square(obs, scope, run_back) == kDykeLength) return head + ": off the far end — out of the race";
  const bool wet_on_the_way = scope > 0 && run_back > 0 && obs.is_water(forward);
  const int final_square = landing_square(obs, scope, run_back);
  const bool wet_at_the_end = obs.is_water(final_square);
  std::string hint = head + ": lands on " + square_words(final_square) + (wet_at_the_end ? ", water" : ", dry");
  if (wet_on_the_way) hint += " (water at " + std::to_string(forward % kSquaresPerBoard) + " first)";
  return hint + lifesaver_cost(wet_on_the_way + wet_at_the_end, obs.lifesavers[me]);
}

// The scope the seat's bid makes with `extra` cards appended (highest place first).
int bid_with(const Observation& obs, int digit) {
  int value = 0;
  for (int i = 0; i < obs.bid_len[obs.viewer]; ++i) value = value * 10 + obs.bid[obs.viewer][i];
  return digit < 0 ? value : value * 10 + digit;
}

}  // namespace

namespace {

// The scope and Run Back a move would leave the seat with, or nothing for a
// move that does not lead to a landing (a Change Scope pad: a choice follows).
std::optional<std::pair<int, int>> move_after(const Observation& obs, Action action) {
  const int a = action;
  if (obs.viewer < 0 || obs.viewer != obs.to_move) return std::nullopt;
  const int scope = obs.scope[obs.viewer];
  switch (obs.phase) {
    case Phase::Bid:
      if (a < act::kBidDone) return std::pair{bid_with(obs, a - act::kCard), 0};
      if (a == act::kBidDone) return std::pair{bid_with(obs, -1), 0};
      return std::nullopt;
    case Phase::Pads:
      if (a == act::kMove) return std::pair{scope, int{obs.run_back}};
      if (a >= act::kRunBack && a < act::kChange) return std::pair{scope, obs.run_back + a - act::kRunBack + 1};
      return std::nullopt;
    case Phase::Delta: return std::pair{scope + a - act::kDelta - kMaxChange, int{obs.run_back}};
    default: return std::nullopt;
  }
}

}  // namespace

int action_landing(const Observation& obs, Action action) {
  const auto move = move_after(obs, action);
  return move ? landing_square(obs, move->first, move->second) : -1;
}

// A bid is read on today's dyke: the others move first this round and may shove the sheep on.
std::string action_hint(const Observation& obs, Action action) {
  if (const auto move = move_after(obs, action)) return landing_hint(obs, move->first, move->second);
  const int a = action;
  if (obs.viewer >= 0 && obs.viewer == obs.to_move && obs.phase == Phase::Pads && a >= act::kChange && a < act::kMove) {
    const int scope = obs.scope[obs.viewer];
    const int change = a - act::kChange + 1;
    return "then choose a scope from " + std::to_string(std::max(0, scope - change)) + " to " +
           std::to_string(scope + change);
  }
  return "";
}

namespace {

// Whether the race ended by the runner-up rule (V): two sheep left, the one
// further back the only winner. Two side by side on the start square share it.
bool runner_up_ending(const State& state) { return state.alive_count() == 2 && state.winners().size() == 1; }

// Each seat's place at the end, in the rulebook's terms: the runner-up (second
// on the dyke) wins, the sheep ahead of it is the leader and does not.
std::string place_words(const State& state, Player seat, bool won) {
  if (!state.alive(seat)) return won ? "winner: among the last out" : "out of the race";
  if (!won) return "leader: ahead of the runner-up at the end";  // a sheep still on the dyke loses only so
  return runner_up_ending(state) ? "winner: the runner-up, further back at the end"
                                 : "winner: still on the dyke at the end";
}

}  // namespace

// The score is 1 for a winner, 0 otherwise: one line saying which place earned it.
ScoreBreakdown score_breakdown(const State& state, Player seat) {
  const double points = state.scores()[seat];
  return {ScoreItem{place_words(state, seat, points > 0), points}};
}

// Why the winners won, by how many sheep were left (the end of game rule, V).
std::string result_explanation(const State& state, Names names) {
  const SeatWords words(kSpectator, names);
  const PlayerList winners = state.winners();
  const std::string who = join_names(words, winners, false);
  const int left = state.alive_count();
  if (left == 2) {
    if (winners.size() == 2) return "Two sheep were left, side by side on the start square: " + who + " share the win.";
    Player ahead = -1;
    for (Player p = 0; p < state.num_players(); ++p)
      if (state.alive(p) && p != winners[0]) ahead = p;
    return "Two sheep were left, and the runner-up wins: " + who + ", further back on " +
           square_name(state.position[winners[0]]) + ", beats the leader, " + words.name(ahead) + ", on " +
           square_name(state.position[ahead]) + ".";
  }
  if (left == 1) return "Only " + words.whose(winners[0]) + " sheep was left on the dyke.";
  int last_moment = 0, last_out = 0;
  for (Player p = 0; p < state.num_players(); ++p) last_moment = std::max<int>(last_moment, state.out_moment[p]);
  for (Player p = 0; p < state.num_players(); ++p) last_out += state.out_moment[p] == last_moment;
  if (last_out == 1) return "No sheep was left; " + words.whose(winners[0]) + " was the last to leave the dyke.";
  if (winners.size() > 1) return "No sheep was left; the last ones left the dyke together: " + who + " share the win.";
  return "No sheep was left; of the last ones out, together, " + who + " stood furthest back and wins.";
}

bool is_pass(const State&, Action) { return false; }  // no reaction windows in this game

}  // namespace bw::hustle
