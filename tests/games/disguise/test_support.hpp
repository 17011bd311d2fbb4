#pragma once
// Helpers that set up Sheep in Disguise situations for rule tests.
#include <gtest/gtest.h>

#include <initializer_list>

#include "games/disguise/disguise.hpp"

namespace bw::disguise::testing {

inline Params params_with() {
  Params p;
  p.start_player = 1;
  return p;
}

constexpr std::uint8_t kViking = 0, kDad = 1, kS3 = 2, kS4 = 3, kS5 = 4, kS6 = 5, kS7 = 6, kS8 = 7;

// A state at the start of seat 0's turn with exactly these hands, no flocks,
// this draw pile (top = last), this Field and an empty discard pile.
inline State table(int players, std::initializer_list<std::initializer_list<std::uint8_t>> hands,
                   std::initializer_list<std::uint8_t> pile = {}, std::initializer_list<std::uint8_t> field = {},
                   Params params = params_with()) {
  State s(params, players, 1);
  s.phase = Phase::Main;
  s.active = 0;
  s.turn = 0;
  s.traded = false;
  s.events_.clear();
  s.winners_.clear();
  s.draw_pile.clear();
  s.discard.clear();
  s.field.clear();
  for (auto c : pile) s.draw_pile.push_back(c);
  for (auto c : field) s.field.push_back(c);
  s.flocks = {};
  s.wild = {};
  s.exposed = {};
  s.known = {};
  s.public_known = {};
  s.pass_card.fill(-1);
  s.job = {};
  s.attack = -1;
  s.played_count = 0;
  for (auto& h : s.hand) h = {};
  int p = 0;
  for (const auto& cards : hands) {
    for (auto c : cards) ++s.hand[p][c];
    ++p;
  }
  return s;
}

inline Action play(int kind) { return static_cast<Action>(act::kPlay + kind); }
inline Action hand_card(int kind) { return static_cast<Action>(act::kHand + kind); }
inline Action field_card(int kind) { return static_cast<Action>(act::kField + kind); }
inline Action flock(int owner, int slot) { return static_cast<Action>(act::kFlock + owner * kFlockSlots + slot); }
inline Action target(int seat) { return static_cast<Action>(act::kTarget + seat); }
inline Action sheep(int type) { return static_cast<Action>(act::kSheep + type); }

inline bool legal(const State& s, int action) {
  ActionList list;
  s.legal_actions(list);
  bool listed = list.contains(static_cast<Action>(action));
  EXPECT_EQ(listed, s.is_legal(static_cast<Action>(action))) << State::action_to_string(static_cast<Action>(action));
  return listed;
}

// Applies an action after checking it is legal.
inline void act_on(State& s, int action) {
  ASSERT_TRUE(legal(s, action)) << State::action_to_string(static_cast<Action>(action)) << " is not legal";
  s.apply(static_cast<Action>(action));
}

// Everybody asked in the open Nice Try window passes.
inline void pass_window(State& s) {
  while (s.phase == Phase::NiceTry) s.apply(act::kPass);
}

inline bool has_event(const State& s, EventKind kind) {
  for (const Event& e : s.events())
    if (e.kind == kind) return true;
  return false;
}

inline int count_in(const Pile<std::uint8_t, kMaxCards>& pile, int card) {
  int n = 0;
  for (auto c : pile) n += c == card;
  return n;
}

}  // namespace bw::disguise::testing
