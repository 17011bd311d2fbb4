// Bye-Bye Black Sheep: a rule-of-thumb player, the way a decent person plays.
// It reads only its own observation, so it cannot cheat. See docs/agents.md.
#include <algorithm>
#include <cmath>

#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

namespace {

// Whether `seat` can still make a triplet of `set`: the other zoos leave it
// at least three of the four copies (cards in hands can still move).
bool triplet_still_open(const std::array<ZooCounts, kMaxSeats>& zoos, int num_players, int seat, int set) {
  int elsewhere = 0;
  for (int p = 0; p < num_players; ++p)
    if (p != seat) elsewhere += zoos[p][set];
  return kCopiesPerSet - elsewhere >= kTripletSize;
}

// How much this seat wants one more card of `set`: sets close to a triplet
// first; none for sets it can no longer complete (the others hold too many).
int want(const Observation& obs, int set) {
  const int me = obs.viewer;
  int mine = obs.zoo[me][set] + obs.own_hand[set];
  if (obs.zoo[me][set] >= 3) return 0;  // already a triplet
  if (!triplet_still_open(obs.zoo, obs.num_players, me, set)) return 0;
  return 1 + mine + 2 * obs.zoo[me][set];
}

int watering_hole_sets(const Observation& obs) {
  int n = 0;
  for (auto card : obs.watering_hole) n += is_set_card(card);
  return n;
}

Player biggest_hand(const Observation& obs) {
  Player best = -1;
  for (int p = 0; p < obs.num_players; ++p)
    if (p != obs.viewer && obs.hand_size[p] > 0 && (best < 0 || obs.hand_size[p] > obs.hand_size[best]))
      best = static_cast<Player>(p);
  return best;
}

// Draw or stop: a Black Sheep costs only this turn's zoo places (the haul is
// kept), so draw while the expected places after one more card beat the sure ones.
Action draw_or_stop(const Observation& obs, const ActionList& legal) {
  Player target = biggest_hand(obs);
  bool can_stop = legal.contains(act::kStop);
  if (target < 0) return act::kStop;
  int counted = static_cast<int>(obs.watering_hole.size());
  int useful = 0;  // set cards worth placing: in hand now plus those waiting at the watering hole
  for (int set = 0; set < kMaxSets; ++set)
    if (want(obs, set) > 0) useful += obs.own_hand[set];
  useful += watering_hole_sets(obs);
  double risk = 1.0 / obs.hand_size[target];
  double places_now = std::min(std::max(counted - 2, 0), useful);
  double places_after = (1 - risk) * std::min(std::max(counted - 1, 0), useful + 1);
  if (can_stop && places_now > 0 && places_now >= places_after) return act::kStop;
  return static_cast<Action>(act::kDrawFrom + target);
}

Action best_set_action(const Observation& obs, const ActionList& legal, int base, Action fallback) {
  Action best = fallback;
  int best_want = 0;
  for (Action a : legal) {
    if (a < base || a >= base + kMaxSets) continue;
    int w = want(obs, a - base);
    if (w > best_want) {
      best_want = w;
      best = a;
    }
  }
  return best;
}

}  // namespace

Action heuristic_action(const State& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  const Observation obs = state.observation(state.current_player());
  switch (obs.phase) {
    case Phase::PickSpecial:
      for (int card : {kEagle, kMole, kMotherSheep, kWolf, kWhiteSheep}) {
        auto a = static_cast<Action>(act::kPick + card - kEagle);
        if (legal.contains(a)) return a;
      }
      break;
    case Phase::Draw: return draw_or_stop(obs, legal);
    case Phase::EagleTarget: {
      // Ask where a wanted card is known to be; otherwise nobody (a miss ends the turn).
      for (Action a : legal) {
        if (a == act::kEagleDecline) continue;
        int target = a - act::kEagleAsk;
        for (int set = 0; set < kMaxSets; ++set)
          if (obs.known_in_hand[target][set] > 0 && want(obs, set) > 0) return a;
      }
      return act::kEagleDecline;
    }
    case Phase::EagleSet: {
      int target = obs.pending_seat, best_set = -1, best_score = -1;
      for (Action a : legal) {
        int set = a - act::kEagleSet;
        int score = want(obs, set) + 10 * (obs.known_in_hand[target][set] > 0);
        if ((obs.known_absent[target] >> set) & 1u) score = -1;
        if (score > best_score) {
          best_score = score;
          best_set = set;
        }
      }
      return static_cast<Action>(act::kEagleSet + best_set);
    }
    case Phase::MolePick: return best_set_action(obs, legal, act::kMoleTake, act::kMoleDecline);
    case Phase::MagpieSteal: {
      // Take what we collect, or break someone's triplet.
      Action best = act::kMagpieDecline;
      int best_score = 0;
      for (Action a : legal) {
        if (a == act::kMagpieDecline) continue;
        int victim = (a - act::kMagpieSteal) / kMaxSets, set = (a - act::kMagpieSteal) % kMaxSets;
        int score = want(obs, set) + 4 * (obs.zoo[victim][set] == 3);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    case Phase::WhitePlace: return best_set_action(obs, legal, act::kWhitePlace, act::kWhiteDecline);
    case Phase::MotherDraw: return act::kMotherTake;
    case Phase::ZooPlace: return best_set_action(obs, legal, act::kZooPlace, act::kZooDone);
    case Phase::GameOver: break;
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

Scores position_value(const State& state) {
  constexpr double kSteepness = 2.0;  // one triplet ahead: about seven times the odds
  Scores weight{};
  double total = 0;
  for (Player p = 0; p < state.num_players(); ++p) {
    double progress = 0;
    for (int set = 0; set < state.sets_in_play(); ++set) {
      const int in_zoo = state.zoo[p][set];
      if (in_zoo >= 3) {
        progress += 1;
        continue;
      }
      if (!triplet_still_open(state.zoo, state.num_players(), p, set)) continue;
      const int in_hand = std::min<int>(state.hand[p][set], 3 - in_zoo);
      progress += 0.3 * in_zoo + 0.12 * in_hand;
    }
    weight[p] = std::exp(kSteepness * progress);
    total += weight[p];
  }
  for (Player p = 0; p < state.num_players(); ++p) weight[p] /= total;
  return weight;
}

}  // namespace bw::bye_bye
