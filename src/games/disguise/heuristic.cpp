// Sheep in Disguise: a rule-of-thumb player. It reads only the acting seat's
// observation (and the list of legal actions): keep pairs of sheep, take what
// completes a flock, protect its own flocks and cards with Nice Try, pay off
// Exposes, give away what it needs least.
#include <algorithm>
#include <bit>
#include <cmath>

#include "games/disguise/disguise.hpp"

namespace bw::disguise {

namespace {

struct View {
  const Observation& obs;
  Player me;

  bool has_flock(int t) const { return ((obs.flocks[me] >> t) & 1u) != 0; }
  // How much this seat wants one more card of a kind.
  double value(int kind) const {
    if (is_sheep(kind)) {
      if (has_flock(kind)) return 0.5 + (obs.wild[me] ? 0 : 0.3);
      return 2.0 + 2.0 * obs.own_hand[kind];
    }
    switch (kind) {
      case kGolden: return 2.0 + 2.5 * obs.own_hand[kGolden];
      case kNiceTry: return 4.5;
      case kYank: return 3.5;
      case kDraw2:
      case kTake2: return 3.0;
      case kSteal:
      case kGimme: return 2.5;
      case kYoink:
      case kExpose:
      case kDig: return 2.0;
      default: return 1.0;  // Restock
    }
  }
  int flocks_of(int p) const { return std::popcount(obs.flocks[p]) + (obs.wild[p] ? 1 : 0); }
  // The strongest opponent: most flocks, then biggest hand.
  int leader() const {
    int best = -1;
    double best_score = -1;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p == me) continue;
      double s = flocks_of(p) * 100.0 + obs.hand_size[p];
      if (s > best_score) best_score = s, best = p;
    }
    return best;
  }
};

// ---------------------------------------------------------------- Scoring each decision

// Nice Try: cancel what hurts me; re-cancel a Nice Try against my own card.
double nice_try_score(const View& view, int a) {
  if (a == act::kPass) return 1;
  const Observation& obs = view.obs;
  bool mine_in_play = obs.active == view.me;
  bool standing = obs.nice_depth % 2 == 0;
  bool aimed_at_me = obs.target == view.me || obs.flock_owner == view.me;
  if (mine_in_play && !standing) return 2;
  if (!mine_in_play && standing && (aimed_at_me || view.flocks_of(obs.active) >= obs.target_flocks - 1)) return 2;
  return 0;
}

// Aiming at a seat: the biggest hand, the leader by a little more.
double target_score(const View& view, int a) {
  int p = a - act::kTarget;
  return view.obs.hand_size[p] + (p == view.leader() ? 3 : 0);
}

// Gimme: a kind the target is known to hold, else the third of a pair.
double gimme_mode_score(const View& view, int a) {
  const Observation& obs = view.obs;
  if (a == act::kGimmeAny) return 2.5;
  int k = a - act::kGimmeAsk;
  if (obs.target >= 0 && obs.known_in_hand[obs.target][k] > 0) return view.value(k) + 5;
  return is_sheep(k) && !view.has_flock(k) && obs.own_hand[k] == 2 ? 3 : 0;
}

// Aiming at a flock: my own only to take back an Expose; else the leader's.
double flock_score(const View& view, int a) {
  const Observation& obs = view.obs;
  int owner = (a - act::kFlock) / kFlockSlots, slot = (a - act::kFlock) % kFlockSlots;
  if (owner == view.me) return ((obs.exposed[view.me] >> slot) & 1u) ? 5 : -10;
  return view.flocks_of(owner) * 2 + (owner == view.leader() ? 1 : 0) + (slot < kSheepTypes ? obs.own_hand[slot] : 0);
}

// Which Action card to play: the flock takers first, a hand restock never.
double play_score(const View& view, int play) {
  const Observation& obs = view.obs;
  bool opponent_flock = false;
  for (int p = 0; p < obs.num_players; ++p) opponent_flock |= p != view.me && view.flocks_of(p) > 0;
  bool own_exposed = obs.exposed[view.me] != 0;
  switch (play) {
    case act::pYank: return 8;
    case act::pDoubleYank: return 7;
    case act::pTake2:
    case act::pDraw2: return 6;
    case act::pSteal:
    case act::pGimme: return 4;
    case act::pYoink: return opponent_flock || own_exposed ? 3.5 : -1;
    case act::pExpose: return 3;
    case act::pDig: {
      for (int t = 0; t < kSheepTypes; ++t)
        if (obs.discard[t] && obs.own_hand[t] == 2 && !view.has_flock(t)) return 5;
      return 0.5;
    }
    case act::pRestockField: {
      // A Field nobody wants (three low cards) is worth refreshing before the trade.
      double best = 0;
      for (auto c : obs.field) best = std::max(best, view.value(c));
      return !obs.traded && best < 2.5 ? 5 : 0;
    }
    default: return 0;  // Restock a hand: never
  }
}

// Trading or buying: only when the Field holds something worth the price.
double market_score(const View& view, int a) {
  const Observation& obs = view.obs;
  double best_field = 0;
  for (auto c : obs.field) best_field = std::max(best_field, view.value(c));
  if (a == act::kTrade) {
    double cheapest = 100;
    for (int k = 0; k < kNumHoldable; ++k)
      if (obs.own_hand[k]) cheapest = std::min(cheapest, view.value(k));
    return best_field - cheapest > 1.0 ? 4 : 0;
  }
  if (a == act::kBuy) {
    double cheapest_pair = 100;
    for (int k = 0; k < kNumHoldable; ++k)
      if (obs.own_hand[k] >= 2) cheapest_pair = std::min(cheapest_pair, view.value(k));
    return 2 * cheapest_pair < best_field ? 4.5 : 0;
  }
  return 0;
}

// The turn's action: pay off an Expose, build a Wild Flock, play a card,
// trade or buy; drawing (and ending the turn) when nothing is better.
double turn_action_score(const View& view, int a) {
  if (a == act::kDrawEnd) return 1;
  if (a >= act::kPayOff && a < act::kPayOff + kFlockSlots) return 10;
  if (a == act::kWild) return 9;
  if (a >= act::kPlay && a < act::kPlay + act::kNumPlays) return play_score(view, a - act::kPlay);
  return market_score(view, a);
}

// How much the seat likes a legal action, by the phase it answers.
double score(const View& view, int a) {
  switch (view.obs.phase) {
    case Phase::NiceTry: return nice_try_score(view, a);
    case Phase::TradeGive:
    case Phase::PayCards:
    case Phase::GimmeGive:
    case Phase::AttackPass: return -view.value(a - act::kHand);
    case Phase::TradeTake:
    case Phase::BuyTake:
    case Phase::Take2Pick: return view.value(a - act::kField);
    case Phase::BuyPay: return -view.value(a - act::kHand);
    case Phase::DigPick: return view.value(a - act::kDig);
    case Phase::WildPick: return -view.value(a - act::kSheep);
    case Phase::YoinkPick:
      if (a == act::kYoinkExpose) return view.obs.flock_owner == view.me ? 10 : 1;
      return view.value(a - act::kSheep);
    case Phase::ChooseTarget: return target_score(view, a);
    case Phase::GimmeMode: return gimme_mode_score(view, a);
    case Phase::ChooseFlock: return flock_score(view, a);
    case Phase::Main: return turn_action_score(view, a);
    default: return 0;
  }
}

}  // namespace

// The best-scoring legal action; ties broken at random (reservoir sampling).
Action heuristic_action(const State& state, Rng& rng) {
  const Player me = state.current_player();
  const Observation obs = state.observation(me);
  const View view{obs, me};
  ActionList legal;
  state.legal_actions(legal);
  if (legal.size() == 1) return legal[0];

  double best = -1e9;
  int ties = 0;
  Action choice = legal[0];
  for (Action a : legal) {
    double s = score(view, a);
    if (s > best) {
      best = s;
      choice = a;
      ties = 1;
    } else if (s == best && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      choice = a;
    }
  }
  return choice;
}

// Flocks that count toward the target are worth one each; an exposed flock
// half (an Attack or a pay-off decides its fate); a pair of a type without a
// flock is worth 0.4 of one and a single card 0.1. The shares are a softmax
// of these, steep enough that one flock of lead is most of the win.
Scores position_value(const State& state) {
  constexpr double kSteepness = 1.5;
  Scores weight{};
  double total = 0;
  for (Player p = 0; p < state.num_players(); ++p) {
    const std::uint16_t slots = state.slot_mask(p);
    double progress = std::popcount(static_cast<unsigned>(slots & ~state.exposed[p])) +
                      0.5 * std::popcount(static_cast<unsigned>(slots & state.exposed[p]));
    for (int type = 0; type < kSheepTypes; ++type)
      if (!state.has_flock(p, type)) progress += state.hand[p][type] >= 2 ? 0.4 : 0.1 * state.hand[p][type];
    weight[p] = std::exp(kSteepness * progress);
    total += weight[p];
  }
  for (Player p = 0; p < state.num_players(); ++p) weight[p] /= total;
  return weight;
}

}  // namespace bw::disguise
