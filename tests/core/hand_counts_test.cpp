// core/hand_counts.hpp: hand sizes from per-kind counts, and what each seat can prove about other hands.
#include "core/hand_counts.hpp"

#include <gtest/gtest.h>

namespace bw {
namespace {

TEST(HandCounts, CountTotalSumsEveryKindWhateverTheLength) {
  KindCounts<6> six{1, 2, 3, 4, 5, 6};
  EXPECT_EQ(count_total(six), 21);
  KindCounts<19> nineteen{};
  for (std::size_t k = 0; k < nineteen.size(); ++k) nineteen[k] = static_cast<std::uint8_t>(k + 1);
  EXPECT_EQ(count_total(nineteen), 190);  // 1 + ... + 19, across all three 8-byte words
  KindCounts<24> full{};
  full[23] = 200;
  full[0] = 55;
  EXPECT_EQ(count_total(full), 255);  // the largest exact sum
}

// Every length's last word is read overlapping the one before: each kind,
// alone in the hand, must be counted once and seen.
template <std::size_t N>
void expect_each_kind_counted_once() {
  KindCounts<N> none{};
  EXPECT_EQ(count_total(none), 0) << N;
  EXPECT_FALSE(has_any(none)) << N;
  for (std::size_t kind = 0; kind < N; ++kind) {
    KindCounts<N> one{};
    one[kind] = 3;
    EXPECT_EQ(count_total(one), 3) << N << " kinds, kind " << kind;
    EXPECT_TRUE(has_any(one)) << N << " kinds, kind " << kind;
  }
}

TEST(HandCounts, EachKindIsCountedOnceAndSeenAtEveryLength) {
  expect_each_kind_counted_once<1>();
  expect_each_kind_counted_once<6>();
  expect_each_kind_counted_once<8>();
  expect_each_kind_counted_once<9>();
  expect_each_kind_counted_once<15>();
  expect_each_kind_counted_once<16>();
  expect_each_kind_counted_once<17>();
  expect_each_kind_counted_once<23>();
  expect_each_kind_counted_once<24>();
}

TEST(HandCounts, SeenCardsRaiseAndLowerOnlyTheOtherSeatsKnowledge) {
  KnownCards<3, 4> known{};
  seen_entering(known, 3, /*holder=*/1, /*kind=*/2, 2);
  EXPECT_EQ(known[0][1][2], 2);
  EXPECT_EQ(known[2][1][2], 2);
  EXPECT_EQ(known[1][1][2], 0);  // a seat's own hand is not "known" to itself
  seen_leaving(known, 3, 1, 2, 3);
  EXPECT_EQ(known[0][1][2], 0);   // floors at zero: one cannot prove fewer than nothing
  seen_entering(known, 2, 0, 0);  // only the seats in play
  EXPECT_EQ(known[1][0][0], 1);
  EXPECT_EQ(known[2][0][0], 0);
}

TEST(HandCounts, KnownToShowsProofToPlayersAndEverythingToTheOmniscient) {
  KnownCards<2, 3> known{};
  known[0][1] = {1, 0, 0};
  const KindCounts<3> hand{2, 1, 0};
  EXPECT_EQ(known_to(known, hand, 0, 1), (KindCounts<3>{1, 0, 0}));
  EXPECT_EQ(known_to(known, hand, kOmniscient, 1), hand);
  EXPECT_EQ(known_to(known, hand, kSpectator, 1), (KindCounts<3>{}));
  EXPECT_EQ(known_to(known, hand, 1, 1), (KindCounts<3>{}));
}

TEST(HandCounts, UnprovenCardsAreTheRestOfOtherHandsPooledByKind) {
  KnownCards<3, 2> known{};
  known[0][1] = {1, 0};
  std::array<KindCounts<2>, 3> hand{};
  hand[0] = {5, 5};  // the viewer's own: never pooled
  hand[1] = {2, 1};
  hand[2] = {0, 3};
  KindCounts<4> unknown{0, 0, 0, 7};
  auto hidden = unproven_cards(known[0], hand, 3, 0, unknown);
  EXPECT_EQ(hidden[0], (KindCounts<2>{}));
  EXPECT_EQ(hidden[1], (KindCounts<2>{1, 1}));
  EXPECT_EQ(hidden[2], (KindCounts<2>{0, 3}));
  EXPECT_EQ(unknown, (KindCounts<4>{1, 4, 0, 7}));  // added to what was there
}

TEST(HandCounts, OtherSeatsAreCreditedWithTheViewersKnowledgeOfThirdHands) {
  KnownCards<3, 1> known{};
  known[0][2] = {2};  // the viewer 0 knows two cards in hand 2
  known[1][2] = {1};
  known[1][0] = {1};  // seat 1 knows one card in the viewer's hand: kept
  credit_viewer_knowledge(known, known[0], 3, 0);
  EXPECT_EQ(known[1][2][0], 2);
  EXPECT_EQ(known[1][0][0], 1);
  EXPECT_EQ(known[2][1][0], 0);  // the viewer knows nothing of hand 1
}

}  // namespace
}  // namespace bw
