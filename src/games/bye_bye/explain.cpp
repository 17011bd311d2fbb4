// Bye-Bye Black Sheep: what an action would do, the final score by category,
// and why the winners won, for teaching fronts (core/game_hooks.hpp).
#include "core/wording.hpp"
#include "games/bye_bye/bye_bye.hpp"
#include "games/result_words.hpp"

namespace bw::bye_bye {

namespace {

std::string set_label(int set) { return "set " + std::to_string(set + 1); }

std::string zoo_cards(int n) { return std::to_string(n) + (n == 1 ? " zoo card" : " zoo cards"); }

// What a stop would allow once `extra` more cards reach the watering hole.
std::string stop_would_allow(const Observation& obs, int extra) {
  return "a stop would allow " + zoo_cards(zoo_allowance_for(static_cast<int>(obs.watering_hole.size()) + extra));
}

std::string stop_hint(const Observation& obs) {
  if (obs.draws_this_turn == 0) return "pass without drawing: no zoo card";
  const int at_hole = static_cast<int>(obs.watering_hole.size());
  const int allowed = zoo_allowance_for(at_hole);
  if (allowed == 0) return "no zoo card yet: that takes 3 or more cards at the watering hole";
  return "allows " + zoo_cards(allowed) + " now (" + std::to_string(at_hole) + " cards at the watering hole)";
}

// Every hand holds exactly one Black Sheep (it always goes back to its owner).
std::string draw_hint(const Observation& obs, Player from) {
  std::string out = "Black Sheep risk 1 in " + std::to_string(obs.hand_size[from]);
  const int specials = obs.specials_in_hand[from];
  if (specials > 0)
    out += "; " + std::to_string(specials) + (specials == 1 ? " special card" : " special cards") + " there";
  return out;
}

// "set 3", "sets 3, 7": the sets whose bit is on.
std::string sets_text(std::uint32_t bits) {
  std::string numbers;
  int count = 0;
  for (int set = 0; set < kMaxSets; ++set)
    if ((bits >> set) & 1u) {
      numbers += (count++ ? ", " : "") + std::to_string(set + 1);
    }
  return (count == 1 ? "set " : "sets ") + numbers;
}

// "P2 holds 5 cards; known: sets 3, 7; lacks: set 4".
std::string eagle_target_hint(const Observation& obs, Player target) {
  std::uint32_t held = 0;
  for (int set = 0; set < kMaxSets; ++set) held |= (obs.known_in_hand[target][set] > 0 ? 1u : 0u) << set;
  const std::uint32_t lacking = obs.known_absent[target];
  std::string out = seat_label(target) + " holds " + std::to_string(obs.hand_size[target]) + " cards";
  if (held) out += "; known: " + sets_text(held);
  if (lacking) out += "; lacks: " + sets_text(lacking);
  if (!held && !lacking) out += ", none known";
  return out;
}

// A hit puts the card at the watering hole; a miss stops the turn at once.
std::string eagle_set_hint(const Observation& obs, int set) {
  const Player target = obs.pending_seat;
  const std::string miss =
      "a miss stops you: " + zoo_cards(zoo_allowance_for(static_cast<int>(obs.watering_hole.size())));
  if (obs.known_in_hand[target][set] > 0) return seat_label(target) + " is known to hold one: a sure hit";
  if ((obs.known_absent[target] >> set) & 1u) return seat_label(target) + " is known to lack it; " + miss;
  return "a hit joins your haul; " + miss;
}

// Putting a card of `set` into the zoo of `owner` (the viewer).
std::string zoo_place_hint(const Observation& obs, Player owner, int set) {
  std::array<ZooCounts, kMaxSeats> zoos = obs.zoo;
  const int before = zoos[owner][set]++;
  std::string out = set_label(set) + " in your zoo: " + std::to_string(before) + " → " + std::to_string(before + 1);
  if (is_triplet(before + 1) && !is_triplet(before)) {
    const int triplets = triplets_in(zoos[owner]);
    out += triplets >= obs.target_triplets
               ? ", a triplet that wins the game"
               : ", triplet " + std::to_string(triplets) + " of " + std::to_string(obs.target_triplets);
  }
  if (!obs.magpie_in_play && placement_brings_in_magpie(zoos, obs.num_players, owner, set))
    out += "; the Magpie enters your hand";
  return out;
}

// "P2's set 3: 3 → 2, breaks a triplet".
std::string magpie_hint(const Observation& obs, Player victim, int set) {
  const int before = obs.zoo[victim][set];
  std::string out =
      seat_label(victim) + "'s " + set_label(set) + ": " + std::to_string(before) + " → " + std::to_string(before - 1);
  if (is_triplet(before) && !is_triplet(before - 1)) out += ", breaks a triplet";
  return out + "; " + stop_would_allow(obs, 1);
}

// What each special card does when someone draws it, for the advanced pick.
std::string special_card_hint(int card) {
  switch (card) {
    case kEagle: return "its drawer may ask a hand for a set; a miss stops the turn";
    case kMole: return "its drawer sees the hand it came from and may take a set card";
    case kWhiteSheep: return "drawn from you: you may put a set card in your zoo";
    case kMotherSheep: return "its drawer may add the top pile card to the haul";
    case kWolf: return "drawn from you: the rest of that haul goes to your hand";
    default: return {};
  }
}

}  // namespace

std::string action_hint(const Observation& obs, Action action) {
  const int a = action;
  if (obs.viewer < 0) return {};
  switch (obs.phase) {
    case Phase::PickSpecial:
      return a >= act::kPick && a < act::kCount ? special_card_hint(a - act::kPick + kEagle) : std::string();
    case Phase::Draw:
      if (a == act::kStop) return stop_hint(obs);
      return a >= act::kDrawFrom && a < act::kStop ? draw_hint(obs, static_cast<Player>(a - act::kDrawFrom))
                                                   : std::string();
    case Phase::EagleTarget:
      return a >= act::kEagleAsk && a < act::kEagleDecline
                 ? eagle_target_hint(obs, static_cast<Player>(a - act::kEagleAsk))
                 : std::string();
    case Phase::EagleSet:
      return a >= act::kEagleSet && a < act::kMoleTake ? eagle_set_hint(obs, a - act::kEagleSet) : std::string();
    case Phase::MolePick:
      return a >= act::kMoleTake && a < act::kMoleDecline ? "joins your haul; " + stop_would_allow(obs, 1)
                                                          : std::string();
    case Phase::MagpieSteal: {
      if (a < act::kMagpieSteal || a >= act::kMagpieDecline) return {};
      const int slot = a - act::kMagpieSteal;
      return magpie_hint(obs, static_cast<Player>(slot / kMaxSets), slot % kMaxSets);
    }
    case Phase::WhitePlace:
      return a >= act::kWhitePlace && a < act::kWhiteDecline ? zoo_place_hint(obs, obs.viewer, a - act::kWhitePlace)
                                                             : std::string();
    case Phase::MotherDraw:
      return a == act::kMotherTake ? "the top pile card (" + std::to_string(obs.draw_pile_size) +
                                         " left) joins your haul; " + stop_would_allow(obs, 1)
                                   : std::string();
    case Phase::ZooPlace:
      return a >= act::kZooPlace && a < act::kZooDone ? zoo_place_hint(obs, obs.viewer, a - act::kZooPlace)
                                                      : std::string();
    case Phase::GameOver: return {};
  }
  return {};
}

// The score is the number of triplets: one line per triplet.
ScoreBreakdown score_breakdown(const State& state, Player seat) {
  ScoreBreakdown items;
  for (int set = 0; set < kMaxSets; ++set) {
    const int cards = state.zoo[seat][set];
    if (is_triplet(cards))
      items.push_back({"triplet of " + set_label(set) + (cards > kTripletSize ? " (all four)" : ""), 1});
  }
  return items;
}

std::string result_explanation(const State& state, Names names) {
  if (!state.is_terminal()) return {};
  const SeatWords words(kSpectator, names);
  const PlayerList winners = state.winners();
  const std::string target = std::to_string(state.target()) + " triplets";
  if (winners.size() == 1 && state.triplets(winners[0]) >= state.target())
    return words.Name(winners[0]) + " wins: the first zoo to hold " + target + " (" +
           (state.params.target_triplets ? std::string("this game's target")
                                         : "the target with " + std::to_string(state.num_players()) + " players") +
           ").";
  SeatFigure triplets{"triplet", "triplets", {}}, cards{"zoo card", "zoo cards", {}};
  for (Player p = 0; p < state.num_players(); ++p) {
    triplets.per_seat.push_back(state.triplets(p));
    cards.per_seat.push_back(state.zoo_size(p));
  }
  const bool stalled = state.quiet_turns >= state.params.stall_rounds * state.num_players();
  const std::string why =
      stalled
          ? "Nobody reached " + target + " and play stalled (an empty pile, no zoo change for " +
                std::to_string(state.params.stall_rounds) + " rounds). "
          : "Nobody reached " + target + " within the turn limit (" + std::to_string(state.params.turn_limit) + "). ";
  return why + explain_two_figure_win(words, winners, triplets, cards);
}

// Declining the White Sheep is the one optional play out of turn.
bool is_pass(const State&, Action action) { return action == act::kWhiteDecline; }

}  // namespace bw::bye_bye
