// Sheep Hustle: a rule-of-thumb player, the way a cautious person plays.
// It reads only its own observation plus the public board layout (the water
// squares are printed on the boards), so it cannot see hidden bids.
//
// Rules of thumb: a scope high enough to stay clear of the imp, but a landing
// square that is dry, not too close to the end of the dyke (where a shove
// throws the sheep off), and never beyond it. Pads fix a bad landing; the
// cherub takes the most flexible pad.
#include <algorithm>

#include "games/hustle/hustle.hpp"

namespace bw::hustle {

namespace {

constexpr int kDangerZone = 180;  // squares past this risk a shove off the end

// How good it is to end this round with this scope on this square.
int value_of(const State& state, const Observation& obs, int scope, int square) {
  const int me = obs.viewer;
  if (square >= kDykeLength) return -100000;  // off the end: out of the race
  if (square < 0) return -100000;
  int alive = 0;
  for (int p = 0; p < obs.num_players; ++p) alive += obs.position[p] >= 0;
  int score;
  if (alive <= 3 && obs.lifesavers[me] > 0) {
    // The race may end this round, and then the sheep behind wins: hang back,
    // a lifesaver lost to the imp is a fair price.
    score = -square;
  } else {
    score = scope * (obs.lifesavers[me] == 0 ? 2 : 1);  // a high scope keeps the imp away
  }
  if (square > kDangerZone) score -= (square - kDangerZone) * 8;
  if (state.is_water(square)) score -= obs.lifesavers[me] > 0 ? 30 : 100000;
  return score;
}

// Bids whose value is this close to the best are equally good to a person:
// choosing among them at random keeps heuristic-only games (and so the
// balance lab) from replaying one game, since Hustle has no other chance.
constexpr int kBidSlack = 4;

// A good bid that starts with the cards already laid: returns the next action.
Action bid_action(const State& state, const Observation& obs, Rng& rng) {
  const int me = obs.viewer;
  const int laid = obs.bid_len[me];
  int prefix = 0;
  for (int i = 0; i < laid; ++i) prefix = prefix * 10 + obs.bid[me][i];
  const std::uint16_t hand = obs.hand[me];
  struct Option {
    Action first_step;
    int score;
  };
  FixedVector<Option, 128> options;  // at most 10 x 10 two-digit continuations + 10 one-digit + done
  int best_score = -1000000;
  auto consider = [&](int value, Action first_step) {
    int score = value_of(state, obs, value, obs.position[me] + value);
    options.push_back({first_step, score});
    best_score = std::max(best_score, score);
  };
  if (laid > 0) consider(prefix, act::kBidDone);
  for (int a = 0; a < 10; ++a) {
    if (!((hand >> a) & 1u) || laid >= 3) continue;
    const auto step = static_cast<Action>(act::kCard + a);
    const int one = prefix * 10 + a;
    consider(one, step);
    if (laid + 1 >= 3) continue;
    for (int b = 0; b < 10; ++b) {
      if (b == a || !((hand >> b) & 1u)) continue;
      consider(one * 10 + b, step);  // two more digits at most: three-digit scopes are rarely wise
    }
  }
  if (options.empty()) return act::kBidDone;
  FixedVector<Action, 128> good;
  for (const Option& option : options)
    if (option.score >= best_score - kBidSlack) good.push_back(option.first_step);
  return good[rng.below(static_cast<std::uint32_t>(good.size()))];
}

int pad_count(const Observation& obs, PadKind kind, int value) {
  int n = 0;
  for (int i = 0; i < obs.num_pads; ++i)
    n += obs.pad_where[i] == obs.viewer && obs.pads[i].kind == kind && obs.pads[i].value == value;
  return n;
}

}  // namespace

Action heuristic_action(const State& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  const Player me = state.current_player();
  const Observation obs = state.observation(me);
  const int pos = obs.position[me];
  switch (obs.phase) {
    case Phase::Bid: return bid_action(state, obs, rng);
    case Phase::Pads: {
      // Play a pad only when it clearly improves where the sheep ends.
      const int scope = obs.scope[me];
      const int now = value_of(state, obs, scope, pos + scope - obs.run_back);
      Action best = act::kMove;
      int best_gain = 20;
      for (Action a : legal) {
        int gain = 0;
        if (a >= act::kRunBack && a < act::kChange) {
          int v = a - act::kRunBack + 1;
          if (pos + scope >= kDykeLength) continue;  // pads cannot save a sheep that falls off
          gain = value_of(state, obs, scope, pos + scope - obs.run_back - v) - now;
        } else if (a >= act::kChange && a < act::kMove) {
          int v = a - act::kChange + 1;
          if (pad_count(obs, PadKind::Change, v) == 0) continue;
          for (int d = -v; d <= v; ++d)
            if (scope + d >= 0 && pos + scope + d - obs.run_back >= 0)
              gain = std::max(gain, value_of(state, obs, scope + d, pos + scope + d - obs.run_back) - now);
        }
        if (gain > best_gain) {
          best_gain = gain;
          best = a;
        }
      }
      return best;
    }
    case Phase::Delta: {
      Action best = legal[0];
      int best_score = -1000000;
      for (Action a : legal) {
        int d = a - act::kDelta - kMaxChange;
        int score = value_of(state, obs, obs.scope[me] + d, pos + obs.scope[me] + d - obs.run_back);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    case Phase::Relay: {
      // The side with the least water goes up.
      Action best = legal[0];
      int least = 1000;
      for (Action a : legal) {
        int s = (a - act::kRelay) % kNumSides, water = 0;
        for (int sq = 0; sq < kSquaresPerBoard; ++sq) water += state.params.water[s].has(sq);
        if (water < least) {
          least = water;
          best = a;
        }
      }
      return best;
    }
    case Phase::TakePad: {
      // Change Scope is the most flexible (it can also dodge the imp); the biggest first.
      for (int v = kMaxChange; v >= 1; --v)
        if (legal.contains(static_cast<Action>(act::kTakeChange + v - 1)))
          return static_cast<Action>(act::kTakeChange + v - 1);
      for (int v = kMaxRunBack; v >= 1; --v)
        if (legal.contains(static_cast<Action>(act::kTakeRunBack + v - 1)))
          return static_cast<Action>(act::kTakeRunBack + v - 1);
      break;
    }
    case Phase::GameOver: break;
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace bw::hustle
