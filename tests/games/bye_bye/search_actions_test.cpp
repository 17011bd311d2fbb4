// Bye-Bye: what the search weighs. Zoo placements are offered in set order
// after a placement (only which cards go in matters), everything else as legal.
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace bw::bye_bye {
namespace {
using namespace testing;

State stopped_with_five_places() {
  State s = table(2, {{S(9)}, {S(1), S(1), S(2), S(2), S(3), S(4), S(5)}});
  for (int card : {S(1), S(1), S(2), S(3), S(4), S(5), S(2)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  return s;
}

TEST(SearchActions, ZooPlacementsFollowSetOrder) {
  State s = stopped_with_five_places();
  ASSERT_EQ(s.phase, Phase::ZooPlace);
  ActionList legal, weighed;
  s.legal_actions(legal);
  search_actions(s, kNoAction, weighed);
  EXPECT_EQ(weighed, legal);  // the first placement may be any set

  search_actions(s, static_cast<Action>(act::kZooPlace + S(3)), weighed);
  for (Action a : legal) {
    const bool lower_set = a >= act::kZooPlace + S(1) && a < act::kZooPlace + S(3);
    EXPECT_EQ(weighed.contains(a), !lower_set) << State::action_to_string(a);
  }
  EXPECT_TRUE(weighed.contains(static_cast<Action>(act::kZooPlace + S(3))));  // the same set again
  EXPECT_TRUE(weighed.contains(static_cast<Action>(act::kZooDone)));
}

TEST(SearchActions, EveryZooOutcomeStaysReachable) {
  // Placing {1, 2, 2} in set order reaches the same zoo and hand as in any order.
  State any_order = stopped_with_five_places(), set_order = any_order;
  for (int set : {S(2), S(1), S(2)}) any_order.apply(static_cast<Action>(act::kZooPlace + set));
  Action previous = kNoAction;
  for (int set : {S(1), S(2), S(2)}) {
    ActionList weighed;
    search_actions(set_order, previous, weighed);
    previous = static_cast<Action>(act::kZooPlace + set);
    ASSERT_TRUE(weighed.contains(previous));
    set_order.apply(previous);
  }
  EXPECT_EQ(any_order.zoo, set_order.zoo);
  EXPECT_EQ(any_order.hand, set_order.hand);
  EXPECT_EQ(any_order.phase, set_order.phase);
}

TEST(SearchActions, OtherPhasesAreAllLegalActions) {
  State s = table(3, {{S(1)}, {S(1), S(3)}, {S(4)}});
  ActionList legal, weighed;
  s.legal_actions(legal);
  search_actions(s, static_cast<Action>(act::kZooPlace + S(5)), weighed);
  EXPECT_EQ(weighed, legal);
}

}  // namespace
}  // namespace bw::bye_bye
