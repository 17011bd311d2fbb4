#pragma once
// Helpers that set up Bye-Bye situations for rule tests.
#include <gtest/gtest.h>

#include <initializer_list>

#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye::testing {

inline Params params_with(bool advanced = false) {
  Params p;
  p.advanced = advanced;
  p.start_player = 1;
  return p;
}

// Cards by kind: set numbers are 1-based as players say them; specials by enum.
inline std::uint8_t S(int set_number) { return static_cast<std::uint8_t>(set_number - 1); }

// A state at the start of seat 0's draw phase with exactly these hands (each
// also holding its Black Sheep), empty zoos, and this draw pile (top = last).
inline State table(int players, std::initializer_list<std::initializer_list<std::uint8_t>> hands,
                   std::initializer_list<std::uint8_t> pile = {}, Params params = params_with()) {
  State s(params, players, 1);
  s.phase = Phase::Draw;
  s.active = 0;
  s.events_.clear();
  s.draw_pile.clear();
  for (auto card : pile) s.draw_pile.push_back(card);
  int p = 0;
  for (const auto& cards : hands) {
    s.hand[p] = {};
    s.hand[p][kBlackSheep] = 1;
    s.specials_in_hand[p] = 0;
    for (auto card : cards) {
      ++s.hand[p][card];
      if (is_special(card)) ++s.specials_in_hand[p];
    }
    ++p;
  }
  for (auto& row : s.known)
    for (auto& counts : row) {
      counts = {};
      counts[kBlackSheep] = 1;
    }
  return s;
}

inline Action draw_from(int seat) { return static_cast<Action>(act::kDrawFrom + seat); }

// The state after the active seat draws `card` blind from `from`: tries RNG
// seeds until the draw turns up that card, so tests stay deterministic.
inline State after_drawing(const State& s, int from, int card) {
  for (std::uint64_t k = 0; k < 5000; ++k) {
    State next = s;
    next.rng = Rng(k, 3);
    next.apply(draw_from(from));
    for (const Event& e : next.events())
      if (e.kind == evDraw && e.c == card) return next;
  }
  ADD_FAILURE() << "could not draw card " << card << " from seat " << from;
  return s;
}

inline int count_in(const FixedVector<std::uint8_t, 80>& cards, int card) {
  int n = 0;
  for (auto c : cards) n += c == card;
  return n;
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

}  // namespace bw::bye_bye::testing
