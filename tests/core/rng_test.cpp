// core/rng.hpp: PCG32 with streams, unbiased below(n), Fisher-Yates shuffle.
#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <type_traits>
#include <vector>

#include "core/fixed_vector.hpp"

namespace bw {
namespace {

std::vector<std::uint32_t> draw(Rng rng, int n) {
  std::vector<std::uint32_t> out;
  for (int i = 0; i < n; ++i) out.push_back(rng.next());
  return out;
}

TEST(Rng, IsSmallAndTriviallyCopyable) {
  static_assert(std::is_trivially_copyable_v<Rng>);
  static_assert(sizeof(Rng) == 16);
}

TEST(Rng, SameSeedAndStreamGiveTheSameSequence) {
  EXPECT_EQ(draw(Rng(42, 7), 1000), draw(Rng(42, 7), 1000));
  EXPECT_EQ(Rng(42, 7), Rng(42, 7));
  EXPECT_EQ(Rng(), Rng());
  // A copy continues exactly where the original is.
  Rng a(5, 1);
  for (int i = 0; i < 10; ++i) a.next();
  Rng b = a;
  EXPECT_EQ(draw(a, 100), draw(b, 100));
}

TEST(Rng, DifferentSeedsOrStreamsDiffer) {
  auto base = draw(Rng(42, 7), 64);
  EXPECT_NE(base, draw(Rng(43, 7), 64));
  EXPECT_NE(base, draw(Rng(42, 8), 64));
  EXPECT_NE(Rng(42, 7), Rng(43, 7));
  EXPECT_NE(Rng(42, 7), Rng(42, 8));
}

TEST(Rng, NextAdvancesTheState) {
  Rng rng(1, 1);
  Rng before = rng;
  rng.next();
  EXPECT_NE(rng, before);
  // Not a constant sequence.
  auto values = draw(Rng(1, 1), 100);
  EXPECT_GT(std::set<std::uint32_t>(values.begin(), values.end()).size(), 95u);
}

TEST(Rng, Next64CombinesTwoDraws) {
  Rng a(9, 3), b(9, 3);
  std::uint64_t hi = b.next(), lo = b.next();
  EXPECT_EQ(a.next64(), (hi << 32) | lo);
  EXPECT_EQ(a, b);
}

TEST(Rng, StreamsOfOneMasterSeedDiffer) {
  std::set<std::vector<std::uint32_t>> sequences;
  for (std::uint64_t i = 0; i < 200; ++i) sequences.insert(draw(Rng::stream(123, i), 8));
  EXPECT_EQ(sequences.size(), 200u);
  // Reproducible, and the master seed matters.
  EXPECT_EQ(Rng::stream(123, 5), Rng::stream(123, 5));
  EXPECT_NE(draw(Rng::stream(123, 5), 8), draw(Rng::stream(124, 5), 8));
  // Neighbouring master seeds do not give shifted copies of each other's streams.
  EXPECT_NE(draw(Rng::stream(1, 0), 8), draw(Rng::stream(0, 1), 8));
}

TEST(Rng, BelowStaysInRange) {
  Rng rng(2024, 1);
  for (std::uint32_t n : {1u, 2u, 3u, 5u, 6u, 7u, 10u, 52u, 100u, 1000u, 65537u, 0x80000001u, 0xffffffffu}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(n), n) << "n = " << n;
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, BelowIsRoughlyUniform) {
  // 60000 draws over 6 buckets: the expected count is 10000 with a standard
  // deviation of about 91, so a 15% (1500) band never fails by chance.
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Rng rng(seed, 11);
    std::array<int, 6> counts{};
    for (int i = 0; i < 60000; ++i) ++counts[rng.below(6)];
    for (int bucket = 0; bucket < 6; ++bucket) {
      EXPECT_GT(counts[bucket], 8500) << "seed " << seed << " bucket " << bucket;
      EXPECT_LT(counts[bucket], 11500) << "seed " << seed << " bucket " << bucket;
    }
  }
}

TEST(Rng, BelowReachesEveryValue) {
  Rng rng(77, 0);
  std::array<bool, 13> seen{};
  for (int i = 0; i < 2000; ++i) seen[rng.below(13)] = true;
  for (int v = 0; v < 13; ++v) EXPECT_TRUE(seen[v]) << v;
}

TEST(Rng, ShuffleIsAPermutation) {
  Rng rng(5, 5);
  std::vector<int> items(52);
  std::iota(items.begin(), items.end(), 0);
  bool moved = false;
  for (int round = 0; round < 20; ++round) {
    std::vector<int> before = items;
    rng.shuffle(items);
    if (items != before) moved = true;
    std::vector<int> sorted = items;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> expected(52);
    std::iota(expected.begin(), expected.end(), 0);
    ASSERT_EQ(sorted, expected);
  }
  EXPECT_TRUE(moved);
}

TEST(Rng, ShuffleKeepsDuplicatesAndWorksOnFixedVector) {
  FixedVector<int, 16> items;
  for (int v : {1, 1, 2, 2, 2, 3, 9}) items.push_back(v);
  Rng rng(8, 8);
  rng.shuffle(items);
  ASSERT_EQ(items.size(), 7u);
  std::vector<int> sorted(items.begin(), items.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{1, 1, 2, 2, 2, 3, 9}));
}

TEST(Rng, ShuffleOfEmptyAndSingleIsHarmless) {
  Rng rng(1, 2);
  std::vector<int> empty;
  rng.shuffle(empty);
  EXPECT_TRUE(empty.empty());
  std::vector<int> one{7};
  rng.shuffle(one);
  EXPECT_EQ(one, std::vector<int>{7});
}

TEST(Rng, ShuffleIsReproducibleFromTheSeed) {
  std::vector<int> a(30), b(30);
  std::iota(a.begin(), a.end(), 0);
  std::iota(b.begin(), b.end(), 0);
  Rng ra(99, 1), rb(99, 1);
  ra.shuffle(a);
  rb.shuffle(b);
  EXPECT_EQ(a, b);
}

TEST(Rng, ShuffleGivesEveryOrderOfThree) {
  // 6 orders, 6000 shuffles: each order expected 1000 times.
  Rng rng(31, 4);
  std::array<int, 6> counts{};
  for (int i = 0; i < 6000; ++i) {
    std::array<int, 3> items{0, 1, 2};
    rng.shuffle(items);
    int code = items[0] * 2 + (items[1] > items[2] ? 1 : 0);  // distinct for each permutation
    ++counts[code];
  }
  for (int c : counts) {
    EXPECT_GT(c, 800);
    EXPECT_LT(c, 1200);
  }
}

TEST(Rng, UsableAtCompileTime) {
  constexpr std::uint32_t value = [] {
    Rng rng(3, 3);
    return rng.below(10);
  }();
  static_assert(value < 10);
  EXPECT_LT(value, 10u);
}

}  // namespace
}  // namespace bw
