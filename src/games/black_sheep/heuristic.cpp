// Black Sheep: a rule-of-thumb player, the way a decent person plays. It reads
// only its own observation (and the public parameters), so it cannot cheat.
// See docs/agents.md.
//
// For every field it may play to and every way of placing one or two cards
// there, it estimates the chance of winning that field against the sides it can
// see, times what the two figures are worth on average (black sheep negative:
// there it tries to lose, dumping its weakest cards). Each card spent costs a
// little, so it places a second card only when that helps. After placing a
// single card it throws away a card that fits no open field.
#include <algorithm>

#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

namespace {

constexpr double kCardCost = 0.15;

double mean_value(const Params& params, int animal) {
  double sum = 0;
  for (auto v : params.figure_values[animal]) sum += v;
  double mean = sum / kFiguresPerAnimal;
  // A figure also counts toward majorities and sets.
  return animal == kBlackSheep ? -mean : mean + 0.5;
}

AnimalCounts side_animals(const FieldView& field, int seat) {
  AnimalCounts animals{};
  for (auto a : field.figures) ++animals[a];
  for (auto c : field.side[seat]) ++animals[c];
  return animals;
}

// Chance that `me` wins field f once its side holds `mine`.
double win_chance(const Observation& obs, int f, const AnimalCounts& mine, int my_cards) {
  const FieldView& field = obs.fields[f];
  const HandRank my_rank = rank_hand(mine);
  const bool my_complete = my_cards == kSideCards;
  double p = 1.0;
  for (int o = 0; o < obs.num_players; ++o) {
    if (o == obs.viewer) continue;
    const HandRank theirs = rank_hand(side_animals(field, o));
    const bool their_complete = field.side[o].size() == static_cast<std::size_t>(kSideCards);
    if (their_complete && my_complete) p *= my_rank.key > theirs.key ? 1.0 : 0.0;
    else if (their_complete) p *= my_rank.key > theirs.key ? 0.75 : 0.2;
    else if (my_complete) p *= my_rank.key > theirs.key ? 0.7 : 0.25;
    else p *= my_rank.key > theirs.key ? 0.6 : 0.35;
  }
  return p;
}

double field_worth(const Observation& obs, const Params& params, int f) {
  double worth = 0;
  for (auto a : obs.fields[f].figures) worth += mean_value(params, a);
  return worth;
}

// Value of ending this turn with `extra` cards added to the viewer's side of field f.
double plan_value(const Observation& obs, const Params& params, int f, const AnimalCounts& extra, int extra_cards) {
  const FieldView& field = obs.fields[f];
  AnimalCounts mine = side_animals(field, obs.viewer);
  for (int a = 0; a < kNumAnimals; ++a) mine[a] = static_cast<std::uint8_t>(mine[a] + extra[a]);
  int my_cards = static_cast<int>(field.side[obs.viewer].size()) + extra_cards;
  double p = win_chance(obs, f, mine, my_cards);
  return p * field_worth(obs, params, f) - kCardCost * extra_cards;
}

struct Plan {
  double value = -1e9;
  int first = -1;   // animal to place first (-1: none)
  int second = -1;  // animal to place second (-1: just one)
};

// The best way to finish this turn on field f, given `placed` cards already down
// this turn and `side_start` cards there before.
Plan best_plan(const Observation& obs, const Params& params, int f, int side_start, int placed) {
  const AnimalCounts& hand = obs.own_hand;
  const int most = side_start == 2 ? 1 : 2, least = side_start == 0 ? 1 : most;
  Plan best;
  auto consider = [&](double value, int first, int second) {
    if (value > best.value) best = Plan{value, first, second};
  };
  const int left_most = most - placed, left_least = std::max(0, least - placed);
  if (left_least == 0) consider(plan_value(obs, params, f, AnimalCounts{}, 0), -1, -1);
  for (int a = 0; a < kNumAnimals; ++a) {
    if (hand[a] == 0 || left_most < 1) continue;
    AnimalCounts one{};
    ++one[a];
    if (left_least <= 1) consider(plan_value(obs, params, f, one, 1), a, -1);
    if (left_most < 2) continue;
    for (int b = a; b < kNumAnimals; ++b) {
      if (hand[b] < (a == b ? 2 : 1)) continue;
      AnimalCounts two = one;
      ++two[b];
      consider(plan_value(obs, params, f, two, 2), a, b);
    }
  }
  return best;
}

// How well a card fits the open fields where the viewer still has room.
int fit(const Observation& obs, int animal) {
  int best = 0;
  for (const FieldView& field : obs.fields) {
    if (field.flipped || field.side[obs.viewer].size() >= static_cast<std::size_t>(kSideCards)) continue;
    int n = 0;
    for (auto a : field.figures) n += a == animal;
    for (auto c : field.side[obs.viewer]) n += c == animal;
    best = std::max(best, n);
  }
  return best;
}

}  // namespace

Action heuristic_action(const State& state, Rng& rng) {
  ActionList legal;
  state.legal_actions(legal);
  const Observation obs = state.observation(state.current_player());
  const Params& params = state.params;
  switch (obs.phase) {
    case Phase::ChooseField: {
      Action best = legal[0];
      double best_value = -1e9;
      for (Action a : legal) {
        int f = a - act::kField;
        int side = static_cast<int>(obs.fields[f].side[obs.viewer].size());
        double value = best_plan(obs, params, f, side, 0).value + 0.001 * rng.below(10);
        if (value > best_value) {
          best_value = value;
          best = a;
        }
      }
      return best;
    }
    case Phase::Place: {
      Plan plan = best_plan(obs, params, obs.chosen_field, obs.side_start, obs.placed);
      if (plan.first < 0) return act::kJustOne;
      return static_cast<Action>(act::kPlace + plan.first);
    }
    case Phase::Discard: {
      // Throw away the card that fits nothing, the weakest animal first.
      for (int a = kNumAnimals - 1; a >= 0; --a)
        if (obs.own_hand[a] > 0 && fit(obs, a) == 0) return static_cast<Action>(act::kDiscard + a);
      return act::kKeep;
    }
    case Phase::GameOver: break;
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace bw::black_sheep
