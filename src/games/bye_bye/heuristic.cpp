// Bye-Bye Black Sheep: a rule-of-thumb player, the way a decent person plays.
// It reads only its own observation, so it cannot cheat. See docs/agents.md.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

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

Player biggest_hand(const Observation& obs) {
  Player best = -1;
  for (int p = 0; p < obs.num_players; ++p)
    if (p != obs.viewer && obs.hand_size[p] > 0 && (best < 0 || obs.hand_size[p] > obs.hand_size[best]))
      best = static_cast<Player>(p);
  return best;
}

// What a zoo's cards of one open set are worth on the way to a win, in
// hundredths of a triplet. Only triplets count, so the third card is worth
// more than the first two together. Whole numbers keep ties exact.
constexpr std::array<int, 4> kZooWorth{0, 15, 45, 100};
// A drawn card stays in hand even when a Black Sheep ends the turn, and it
// leaves an opponent's hand. Both weights were tuned by simulation
// (docs/strength.md, "Bye-Bye's heuristic learns to value triplets").
constexpr int kDrawnCardWorth = 12;

using SetCounts = std::array<int, kMaxSets>;

// A set on its way to a triplet is at one of six stages: how many of it the
// zoo holds (0-2) and how many usable cards of it there are (1 up to the
// room left). The best placement depends only on how many sets are at each.
constexpr int kStages = 6;
constexpr std::array<int, kStages> kStageZoo{0, 0, 0, 1, 1, 2};
constexpr std::array<int, kStages> kStageUsable{1, 2, 3, 1, 2, 1};
constexpr int stage_of(int in_zoo, int usable) { return in_zoo == 0 ? usable - 1 : in_zoo == 1 ? 2 + usable : 5; }
using SetsAtStage = std::array<int, kStages>;

// A knapsack over the sets: at most `places` cards, each set gaining what its
// cards add to its zoo worth.
int knapsack(const SetsAtStage& sets_at, int places) {
  std::array<int, kMaxSets * kTripletSize + 1> best;  // best[j]: the most j places gain
  std::fill(best.begin(), best.begin() + places + 1, 0);
  for (int stage = 0; stage < kStages; ++stage) {
    const int in_zoo = kStageZoo[stage], usable = kStageUsable[stage];
    for (int copy = 0; copy < sets_at[stage]; ++copy)
      for (int j = places; j >= 1; --j)  // downwards: each set is used once
        for (int t = 1; t <= usable && t <= j; ++t)
          best[j] = std::max(best[j], best[j - t] + kZooWorth[in_zoo + t] - kZooWorth[in_zoo]);
  }
  return best[places];
}

// The cards a stop could place, summed up by stage: what the knapsack needs.
struct Placeable {
  SetsAtStage sets_at{};
  int cards = 0;       // usable cards in all
  int all_placed = 0;  // the gain if every one of them went in

  void add_card(int in_zoo, int usable_before) {  // one more usable card of a set
    if (usable_before > 0) --sets_at[stage_of(in_zoo, usable_before)];
    ++sets_at[stage_of(in_zoo, usable_before + 1)];
    ++cards;
    all_placed += kZooWorth[in_zoo + usable_before + 1] - kZooWorth[in_zoo + usable_before];
  }
};

// The most the zoo can gain from placing at most `places` of these cards.
// This runs several times per draw inside every play-out, so the knapsack's
// answers are remembered per thread, keyed by the sets at each stage; the
// common case, where every usable card fits, needs no knapsack at all.
int best_placement_gain(const Placeable& placeable, int places) {
  if (places >= placeable.cards) return placeable.all_placed;
  std::uint64_t key = static_cast<std::uint64_t>(places);                                  // < 48: six bits
  for (int count : placeable.sets_at) key = key << 5 | static_cast<std::uint64_t>(count);  // <= 16: five bits
  constexpr int kMemoSlots = 1 << 12;
  thread_local std::array<std::uint64_t, kMemoSlots> memo{};  // (key + 1) << 16 | gain; 0: empty
  std::uint64_t& slot = memo[(key * 0x9E3779B97F4A7C15ull) >> 52];
  if (slot >> 16 == key + 1) return static_cast<int>(slot & 0xFFFF);
  const int gain = knapsack(placeable.sets_at, places);
  slot = (key + 1) << 16 | static_cast<std::uint64_t>(gain);
  return gain;
}

// Draw or stop. Stopping now places all but two of the drawn cards; one more
// draw risks a Black Sheep (one per hand) for one more place and one more card.
// The next card is weighed by the copies of each set this seat cannot see.
Action draw_or_stop(const Observation& obs, const ActionList& legal, int sets_in_play) {
  Player target = biggest_hand(obs);
  if (target < 0) return act::kStop;
  const ZooCounts& my_zoo = obs.zoo[obs.viewer];
  SetCounts cards{};  // what would be in hand after a stop
  for (int set = 0; set < kMaxSets; ++set) cards[set] = obs.own_hand[set];
  for (auto card : obs.watering_hole)
    if (is_set_card(card)) ++cards[card];
  SetCounts room{};  // how many more of a set count toward a triplet
  Placeable placeable;
  for (int set = 0; set < kMaxSets; ++set) {
    if (want(obs, set) > 0) room[set] = kTripletSize - my_zoo[set];
    for (int usable = 0; usable < std::min(cards[set], room[set]); ++usable) placeable.add_card(my_zoo[set], usable);
  }
  const int drawn = static_cast<int>(obs.watering_hole.size());
  const int gain_now = best_placement_gain(placeable, zoo_allowance_for(drawn));

  // One more card of a set changes the gain only through how many of that set
  // the zoo holds and how many usable cards there are, so sets alike in both
  // share one evaluation.
  constexpr int kSaturated = kTripletSize * (kTripletSize + 1);  // the card adds nothing placeable
  std::array<int, kSaturated + 1> gain_with_card;
  gain_with_card.fill(-1);
  int gain_after = 0, copies_unseen = 0;  // summed over the unseen copies
  for (int set = 0; set < sets_in_play; ++set) {
    int seen = cards[set];
    for (int p = 0; p < obs.num_players; ++p) seen += obs.zoo[p][set];
    const int unseen = std::max(0, kCopiesPerSet - seen);
    if (unseen == 0) continue;
    const bool saturated = cards[set] >= room[set];
    const int alike = saturated ? kSaturated : my_zoo[set] * (kTripletSize + 1) + cards[set];
    if (gain_with_card[alike] < 0) {
      Placeable with_card = placeable;
      if (!saturated) with_card.add_card(my_zoo[set], cards[set]);
      gain_with_card[alike] = best_placement_gain(with_card, zoo_allowance_for(drawn + 1));
    }
    gain_after += unseen * gain_with_card[alike];
    copies_unseen += unseen;
  }
  if (copies_unseen == 0) {  // every copy is in sight: the next card adds no place
    gain_after = best_placement_gain(placeable, zoo_allowance_for(drawn + 1));
    copies_unseen = 1;
  }
  // Stop when gain_now >= (1 - 1/h) * (gain_after / copies_unseen + kDrawnCardWorth),
  // h the target hand's size, multiplied out to stay in whole numbers.
  const int h = obs.hand_size[target];
  const bool stop_is_better = gain_now * h * copies_unseen >= (h - 1) * (gain_after + kDrawnCardWorth * copies_unseen);
  if (legal.contains(act::kStop) && gain_now > 0 && stop_is_better) return act::kStop;
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
    case Phase::Draw: return draw_or_stop(obs, legal, state.sets_in_play());
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
      // A question must be asked even when every answer is known to be "no"
      // (a hand holding no set card at all): then any set will do.
      int target = obs.pending_seat, best_set = -1, best_score = -2;
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
