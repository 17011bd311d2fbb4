#pragma once
// Helpers that set up Black Sheep situations for rule tests.
#include <gtest/gtest.h>

#include <initializer_list>

#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep::testing {

inline Params params_with(bool tasks = false) {
  Params p;
  p.tasks = tasks;
  p.start_player = 1;
  return p;
}

inline AnimalCounts counts(std::initializer_list<std::uint8_t> animals) {
  AnimalCounts c{};
  for (auto a : animals) ++c[a];
  return c;
}

// A fresh game at the start of seat 0's turn, no events.
inline State table(int players, Params params = params_with()) {
  State s(params, players, 1);
  s.events_.clear();
  return s;
}

inline void set_hand(State& s, int p, std::initializer_list<std::uint8_t> cards) { s.hand[p] = counts(cards); }

// Field f with these figures (value 1 each unless given) and these side cards per seat.
inline void set_field(State& s, int f, std::initializer_list<std::uint8_t> figures,
                      std::initializer_list<std::initializer_list<std::uint8_t>> sides) {
  Field& field = s.fields[f];
  field = Field{};
  for (auto a : figures) field.figures.push_back(Figure{a, 1});
  int p = 0;
  for (const auto& cards : sides) {
    for (auto c : cards) field.side[p].push_back(c);
    if (field.side[p].size() == 3) field.completed_at[p] = ++s.completions;
    ++p;
  }
}

// The deck drawn in this order (first listed is drawn first).
inline void set_deck(State& s, std::initializer_list<std::uint8_t> draw_order) {
  s.deck.clear();
  for (auto it = std::rbegin(draw_order); it != std::rend(draw_order); ++it) s.deck.push_back(*it);
}

inline void set_stock(State& s, std::initializer_list<int> per_animal) {
  int a = 0;
  for (int n : per_animal) {
    s.stock[a].clear();
    for (int i = 0; i < n; ++i) s.stock[a].push_back(static_cast<std::int8_t>(1 + i % 3));
    ++a;
  }
}

inline void set_corral(State& s, int p, int animal, std::initializer_list<int> values) {
  s.corral[p][animal].clear();
  for (int v : values) s.corral[p][animal].push_back(static_cast<std::int8_t>(v));
}

inline Action field_action(int f) { return static_cast<Action>(act::kField + f); }
inline Action place(int animal) { return static_cast<Action>(act::kPlace + animal); }
inline Action discard_action(int animal) { return static_cast<Action>(act::kDiscard + animal); }

// Seat `p` plays `card` as the third card of its side of field f, keeps both
// other cards and draws one: the field scores if every other side is full.
inline void play_last_card(State& s, int p, int f, int card) {
  s.active = static_cast<Player>(p);
  s.phase = Phase::ChooseField;
  ++s.hand[p][card];
  while (s.hand_size(p) > 3) {
    for (int a = 0; a < kNumAnimals; ++a)
      if (a != card && s.hand[p][a] > 0) {
        --s.hand[p][a];
        break;
      }
  }
  ASSERT_TRUE(s.is_legal(field_action(f)));
  s.apply(field_action(f));
  ASSERT_TRUE(s.is_legal(place(card)));
  s.apply(place(card));
  ASSERT_EQ(s.phase, Phase::Discard);
  s.apply(act::kKeep);
}

inline bool has_event(const State& s, EventKind kind) {
  for (const Event& e : s.events())
    if (e.kind == kind) return true;
  return false;
}

inline bool legal(const State& s, int action) {
  ActionList list;
  s.legal_actions(list);
  return list.contains(static_cast<Action>(action)) && s.is_legal(static_cast<Action>(action));
}

inline int count_of(const Pile<std::uint8_t, kDeckSize>& pile, int animal) {
  int n = 0;
  for (auto c : pile) n += c == animal;
  return n;
}

inline HandRank rank(const char* text) { return rank_hand(parse_hand(text)); }

}  // namespace bw::black_sheep::testing
