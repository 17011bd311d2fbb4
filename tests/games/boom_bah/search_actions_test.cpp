// Sheep Boom Bah: what the search weighs. Discards wait until the turn's moves
// are spent and then come in card order; other phases are all legal actions.
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace bw::boom_bah {
namespace {
using namespace testing;

bool any_discard(const ActionList& list) {
  for (Action a : list)
    if (a >= act::kDiscard && a < act::kEndTurn) return true;
  return false;
}

State turn_with_cards() {
  State s = table(3);
  put(s, "c3", 0);
  give(s, 0, card_type(kWolf, 1));
  give(s, 0, card_type(kHero, 2));
  give(s, 0, kWildWoolType);
  return s;
}

TEST(SearchActions, NoDiscardWhileAMoveIsLeft) {
  State s = turn_with_cards();
  ActionList legal, weighed;
  s.legal_actions(legal);
  ASSERT_TRUE(any_discard(legal));
  search_actions(s, kNoAction, weighed);
  EXPECT_FALSE(any_discard(weighed));
  for (Action a : legal) {
    if (a < act::kDiscard) {
      EXPECT_TRUE(weighed.contains(a)) << State::action_to_string(a);
    }
  }
}

TEST(SearchActions, DiscardsAfterTheMovesInCardOrder) {
  State s = turn_with_cards();
  s.actions_left = 0;
  ActionList legal, weighed;
  s.legal_actions(legal);
  search_actions(s, kNoAction, weighed);
  EXPECT_EQ(weighed, legal);  // every card may be the first to go, or none
  ASSERT_TRUE(weighed.contains(act::kEndTurn));

  const int middle = card_type(kWolf, 1);
  search_actions(s, discard(middle), weighed);
  EXPECT_FALSE(weighed.contains(discard(card_type(kHero, 2))));  // a lower type: it would have gone first
  EXPECT_TRUE(weighed.contains(discard(middle)));                // the same kind again (if held)
  EXPECT_TRUE(weighed.contains(discard(kWildWoolType)));
  EXPECT_TRUE(weighed.contains(act::kEndTurn));
}

TEST(SearchActions, WindowsAreAllLegalActions) {
  State s = turn_with_cards();
  s.phase = Phase::MineWindow;
  s.asked = 0;
  s.mine_cell = static_cast<std::int8_t>(C("c3"));
  ActionList legal, weighed;
  s.legal_actions(legal);
  search_actions(s, discard(kWildWoolType), weighed);
  EXPECT_EQ(weighed, legal);
}

}  // namespace
}  // namespace bw::boom_bah
