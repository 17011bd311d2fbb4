#pragma once
// Helpers that set up Sheep Boom Bah situations for rule tests.
#include <gtest/gtest.h>

#include <string>

#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah::testing {

// "c4" -> cell index (columns a..g, rows 1..7 from the top).
inline int C(const char* name) { return (name[1] - '1') * kSide + (name[0] - 'a'); }

inline Params params_with() {
  Params p;
  p.start_player = 1;
  return p;
}

// A state at the start of seat 0's turn with an empty board (no sheep
// anywhere), every field tile face down and safe, and empty hands. Tests put
// sheep, tiles and cards where they want them.
inline State table(int players, Params params = params_with()) {
  State s(params, players, 1);
  for (int cell = 0; cell < kCells; ++cell) s.set_cell(cell, -1);
  for (int cell = 0; cell < kCells; ++cell) {
    s.tile[cell] = kSafe;
    s.revealed[cell] = false;
  }
  for (Player p = 0; p < players; ++p) {
    s.to_place[p] = 0;
    s.hand[p] = {};
  }
  s.phase = Phase::Actions;
  s.active = 0;
  s.actions_left = 2;
  s.turn = 1;
  s.events_.clear();
  return s;
}

inline void put(State& s, const char* cell, int owner) { s.set_cell(C(cell), owner); }
inline void lay(State& s, const char* cell, int kind, bool face_up = false) {
  s.tile[C(cell)] = static_cast<std::uint8_t>(kind);
  s.revealed[C(cell)] = face_up;
}
inline void give(State& s, int seat, int type, int n = 1) {
  s.hand[seat][type] = static_cast<std::uint8_t>(s.hand[seat][type] + n);
}

constexpr int N = 0, NE = 1, E = 2, SE = 3, S = 4, SW = 5, W = 6, NW = 7;
inline Action move(const char* cell, int dir) { return static_cast<Action>(act::kMove + C(cell) * 8 + dir); }
inline Action play(int type) { return static_cast<Action>(act::kPlay + type); }
inline Action discard(int type) { return static_cast<Action>(act::kDiscard + type); }

inline bool legal(const State& s, Action action) {
  ActionList list;
  s.legal_actions(list);
  bool listed = list.contains(action);
  EXPECT_EQ(listed, s.is_legal(action)) << State::action_to_string(action);
  return listed;
}

inline bool has_event(const State& s, EventKind kind) {
  for (const Event& e : s.events())
    if (e.kind == kind) return true;
  return false;
}

// Applies an action after checking that it is legal.
inline void step(State& s, Action action) {
  ASSERT_TRUE(legal(s, action)) << State::action_to_string(action) << " is not legal\n" << s.render(kOmniscient, {});
  s.apply(action);
}

}  // namespace bw::boom_bah::testing
