// core/pile.hpp: draw piles with the top at back(), and the reshuffle of discards.
#include "core/pile.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace bw {
namespace {

TEST(Pile, AddCopiesAndDrawFromTheTop) {
  Pile<int, 10> pile;
  add_copies(pile, 1, 2);
  add_copies(pile, 7, 1);
  ASSERT_EQ(pile.size(), 3u);
  EXPECT_EQ(draw_top(pile), 7);
  EXPECT_EQ(draw_top(pile), 1);
  EXPECT_EQ(pile.size(), 1u);
}

TEST(Pile, PileFromRestKeepsTheUndealtItemsInOrder) {
  Pile<int, 10> pool, pile;
  for (int i = 0; i < 6; ++i) pool.push_back(i);
  pile.push_back(42);
  pile_from_rest(pile, pool, 4);
  ASSERT_EQ(pile.size(), 2u);
  EXPECT_EQ(pile[0], 4);
  EXPECT_EQ(draw_top(pile), 5);
}

TEST(Pile, ReshuffleMovesEveryDiscardUnderTheRemainingPile) {
  Pile<int, 20> draw_pile, discards;
  draw_pile.push_back(99);
  for (int i = 0; i < 10; ++i) discards.push_back(i);
  Rng rng(3, 4);
  reshuffle_discards(discards, draw_pile, rng);
  EXPECT_TRUE(discards.empty());
  ASSERT_EQ(draw_pile.size(), 11u);
  EXPECT_EQ(draw_pile.back(), 99);  // what was left on top stays on top
  std::vector<int> moved(draw_pile.begin(), draw_pile.end() - 1);
  std::vector<int> sorted = moved;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_NE(moved, sorted) << "ten cards came back in their original order: not shuffled";
}

TEST(Pile, DrawWithReshuffleUsesDiscardsOnlyWhenTheDrawPileIsEmpty) {
  Pile<int, 8> draw_pile, discards;
  Rng rng(1, 1);
  int drawn = -1;
  EXPECT_FALSE(draw_with_reshuffle(draw_pile, discards, rng, drawn));
  EXPECT_EQ(drawn, -1);
  draw_pile.push_back(5);
  discards.push_back(6);
  ASSERT_TRUE(draw_with_reshuffle(draw_pile, discards, rng, drawn));
  EXPECT_EQ(drawn, 5);
  EXPECT_EQ(discards.size(), 1u);
  ASSERT_TRUE(draw_with_reshuffle(draw_pile, discards, rng, drawn));
  EXPECT_EQ(drawn, 6);
  EXPECT_TRUE(discards.empty());
  EXPECT_TRUE(draw_pile.empty());
}

}  // namespace
}  // namespace bw
