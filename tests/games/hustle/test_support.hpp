#pragma once
// Helpers that set up Sheep Hustle situations for rule tests.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "games/hustle/hustle.hpp"

namespace bw::hustle::testing {

inline Params no_water() {
  Params p;
  for (auto& w : p.water) w = WaterSide{};
  p.start_player = 1;
  return p;
}

// Seat 0 starts; sheep on these squares (-1: out of the game; 0: on the start stack).
inline State table(int players, std::initializer_list<int> squares, Params params = no_water()) {
  params.start_player = 1;
  State s(params, players, 1);
  int p = 0;
  for (int square : squares) {
    s.position[p] = static_cast<std::int16_t>(square);
    s.at_start[p] = square == 0;
    if (square < 0) {
      s.hand[p] = 0;
      s.lifesavers_boxed = static_cast<std::uint8_t>(s.lifesavers_boxed + s.lifesavers[p]);
      s.lifesavers[p] = 0;
      s.cards_boxed = static_cast<std::uint8_t>(s.cards_boxed + 10);
    }
    ++p;
  }
  s.events_.clear();
  return s;
}

inline bool legal(const State& s, int action) {
  ActionList list;
  s.legal_actions(list);
  return list.contains(static_cast<Action>(action)) && s.is_legal(static_cast<Action>(action));
}

inline void act_on(State& s, int action) {
  ASSERT_TRUE(legal(s, action)) << State::action_to_string(static_cast<Action>(action));
  s.apply(static_cast<Action>(action));
}

// Lays the digits of `cards` (highest place first) for the seat whose bid it is.
inline void bid(State& s, const std::string& cards) {
  ASSERT_EQ(s.phase, Phase::Bid);
  for (char c : cards) act_on(s, act::kCard + (c - '0'));
  if (cards.size() < 3) act_on(s, act::kBidDone);
}

// Every live seat bids, in turn from the starting player.
inline void bids(State& s, std::initializer_list<std::string> all) {
  for (const auto& cards : all) bid(s, cards);
}

inline Action run_back(int value) { return static_cast<Action>(act::kRunBack + value - 1); }
inline Action change(int value) { return static_cast<Action>(act::kChange + value - 1); }
inline Action delta(int d) { return static_cast<Action>(act::kDelta + d + kMaxChange); }
inline Action relay(int side, bool turned = false) { return static_cast<Action>(act::kRelay + side + 4 * turned); }

inline int give_pad(State& s, Player p, PadKind kind, int value) {
  for (int i = 0; i < s.params.num_pads; ++i)
    if (s.pad_where[i] == kPadSupply && s.params.pads[i].kind == kind && s.params.pads[i].value == value) {
      s.pad_where[i] = static_cast<std::uint8_t>(p);
      return i;
    }
  ADD_FAILURE() << "no such pad in the supply";
  return -1;
}

inline bool has_event(const State& s, EventKind kind, int a = -99) {
  for (const Event& e : s.events())
    if (e.kind == kind && (a == -99 || e.a == a)) return true;
  return false;
}

}  // namespace bw::hustle::testing
