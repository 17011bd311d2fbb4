// core/fixed_vector.hpp: a no-heap vector whose capacity is in its type.
#include "core/fixed_vector.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace bw {
namespace {

using Small = FixedVector<int, 8>;

static_assert(std::is_trivially_copyable_v<FixedVector<int, 8>>);
static_assert(std::is_trivially_copyable_v<FixedVector<std::uint8_t, 80>>);
static_assert(std::is_trivially_copyable_v<FixedVector<std::uint16_t, 256>>);
static_assert(Small::capacity() == 8);

std::vector<int> items(const Small& v) { return {v.begin(), v.end()}; }

Small make(std::initializer_list<int> values) {
  Small v;
  for (int x : values) v.push_back(x);
  return v;
}

TEST(FixedVector, StartsEmpty) {
  Small v;
  EXPECT_TRUE(v.empty());
  EXPECT_FALSE(v.full());
  EXPECT_EQ(v.size(), 0u);
  EXPECT_EQ(v.begin(), v.end());
}

TEST(FixedVector, PushAndPopKeepOrder) {
  Small v;
  v.push_back(3);
  v.push_back(1);
  v.push_back(4);
  EXPECT_EQ(v.size(), 3u);
  EXPECT_FALSE(v.empty());
  EXPECT_EQ(v[0], 3);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[2], 4);
  EXPECT_EQ(v.back(), 4);
  EXPECT_EQ(v.pop_back(), 4);
  EXPECT_EQ(v.pop_back(), 1);
  EXPECT_EQ(v.size(), 1u);
  EXPECT_EQ(v.back(), 3);
  v[0] = 10;
  EXPECT_EQ(items(v), (std::vector<int>{10}));
}

TEST(FixedVector, FillsToCapacity) {
  Small v;
  for (int i = 0; i < 8; ++i) v.push_back(i);
  EXPECT_TRUE(v.full());
  EXPECT_EQ(v.size(), Small::capacity());
  EXPECT_EQ(items(v), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  v.clear();
  EXPECT_TRUE(v.empty());
  EXPECT_FALSE(v.full());
}

TEST(FixedVector, EraseAtKeepsTheOrderOfTheRest) {
  Small v = make({10, 20, 30, 40, 50});
  v.erase_at(1);
  EXPECT_EQ(items(v), (std::vector<int>{10, 30, 40, 50}));
  v.erase_at(0);
  EXPECT_EQ(items(v), (std::vector<int>{30, 40, 50}));
  v.erase_at(2);  // the last one
  EXPECT_EQ(items(v), (std::vector<int>{30, 40}));
  v.erase_at(0);
  v.erase_at(0);
  EXPECT_TRUE(v.empty());
}

TEST(FixedVector, SwapRemoveMovesTheLastItemIntoTheGap) {
  Small v = make({10, 20, 30, 40, 50});
  v.swap_remove(1);
  EXPECT_EQ(items(v), (std::vector<int>{10, 50, 30, 40}));
  v.swap_remove(3);  // the last one: nothing moves
  EXPECT_EQ(items(v), (std::vector<int>{10, 50, 30}));
  v.swap_remove(0);
  EXPECT_EQ(items(v), (std::vector<int>{30, 50}));
  v.swap_remove(0);
  v.swap_remove(0);
  EXPECT_TRUE(v.empty());
}

TEST(FixedVector, ContainsSeesOnlyLiveItems) {
  Small v = make({1, 2, 3});
  EXPECT_TRUE(v.contains(1));
  EXPECT_TRUE(v.contains(3));
  EXPECT_FALSE(v.contains(4));
  v.pop_back();  // 3 is still in the storage, but not live
  EXPECT_FALSE(v.contains(3));
  v.clear();
  EXPECT_FALSE(v.contains(1));
}

TEST(FixedVector, EqualityComparesOnlyLiveItems) {
  Small a = make({1, 2, 3});
  Small b = make({1, 2, 9});
  EXPECT_NE(a, b);
  a.pop_back();
  b.pop_back();
  EXPECT_EQ(a, b);  // storage differs beyond size(); the live items do not
  EXPECT_NE(std::memcmp(&a, &b, sizeof(Small)), 0);

  Small c = make({1, 2});
  EXPECT_EQ(a, c);
  c.push_back(3);
  EXPECT_NE(a, c);  // different sizes
  EXPECT_EQ(Small{}, Small{});
  a.clear();
  EXPECT_EQ(a, Small{});
}

TEST(FixedVector, CopiesAreIndependentValues) {
  Small a = make({5, 6, 7});
  Small b = a;
  EXPECT_EQ(a, b);
  b[0] = 50;
  b.push_back(8);
  EXPECT_EQ(items(a), (std::vector<int>{5, 6, 7}));
  EXPECT_EQ(items(b), (std::vector<int>{50, 6, 7, 8}));
  Small c;
  std::memcpy(&c, &a, sizeof(Small));  // what copying a game state does
  EXPECT_EQ(c, a);
}

TEST(FixedVector, RangeForAndMutationThroughIterators) {
  Small v = make({1, 2, 3});
  for (int& x : v) x *= 10;
  int sum = 0;
  for (int x : v) sum += x;
  EXPECT_EQ(sum, 60);
}

TEST(FixedVector, WorksAtCompileTime) {
  constexpr auto result = [] {
    FixedVector<int, 4> v;
    v.push_back(1);
    v.push_back(2);
    v.push_back(3);
    v.erase_at(0);
    v.swap_remove(0);
    return v;
  }();
  static_assert(result.size() == 1 && result[0] == 3);
  EXPECT_EQ(result.size(), 1u);
}

}  // namespace
}  // namespace bw
