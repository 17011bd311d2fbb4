// Bye-Bye Black Sheep: hidden information. Observations show exactly what a
// seat may know; determinize() reshuffles only what it cannot know.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "test_support.hpp"

namespace bw::bye_bye {
namespace {
using namespace testing;

TEST(Observation, HidesOtherHandsAndThePile) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(4), S(5)}}, {S(6), S(7)});
  State swapped = s;
  // Seat 1 and seat 2 exchange a card, and the pile is reordered: seat 0 cannot tell.
  --swapped.hand[1][S(2)];
  ++swapped.hand[1][S(4)];
  --swapped.hand[2][S(4)];
  ++swapped.hand[2][S(2)];
  std::swap(swapped.draw_pile[0], swapped.draw_pile[1]);
  EXPECT_TRUE(s.observation(0) == swapped.observation(0));
  EXPECT_FALSE(s.observation(1) == swapped.observation(1));  // seat 1 sees its own hand
  EXPECT_TRUE(s.observation(kSpectator) == swapped.observation(kSpectator));
}

TEST(Observation, SpectatorJsonHasNoHand) {
  State s(Params{}, 3, 4);
  nlohmann::json spectator;
  to_json(spectator, s.observation(kSpectator));
  EXPECT_FALSE(spectator.contains("hand"));
  nlohmann::json seat;
  to_json(seat, s.observation(1));
  EXPECT_TRUE(seat.contains("hand"));
}

TEST(Observation, MoleLookIsPrivateToTheDrawer) {
  State s = table(3, {{S(1)}, {kMole, S(4), S(5)}, {S(6)}}, {S(9)});
  // The same table except that seat 1 holds the 9 and the pile the 4.
  State other = s;
  --other.hand[1][S(4)];
  ++other.hand[1][S(9)];
  other.draw_pile[0] = S(4);
  State seen = after_drawing(s, 1, kMole);
  State other_seen = after_drawing(other, 1, kMole);
  EXPECT_EQ(seen.observation(0).known_in_hand[1][S(4)], 1);
  EXPECT_EQ(seen.observation(2).known_in_hand[1][S(4)], 0);
  EXPECT_FALSE(seen.observation(0) == other_seen.observation(0));  // the drawer saw the difference
  EXPECT_TRUE(seen.observation(2) == other_seen.observation(2));   // the third seat did not
}

TEST(Observation, CardsSeenEnteringAHandAreKnown) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(4)}}, {}, params_with());
  s = after_drawing(s, 1, S(2));
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);  // seat 0 takes 2 and 3 into hand, in view of everyone
  EXPECT_EQ(s.observation(1).known_in_hand[0][S(2)], 1);
  EXPECT_EQ(s.observation(2).known_in_hand[0][S(3)], 1);
  // When one of them is drawn blind later, the others can only count on one fewer.
  s.active = 1;
  s = after_drawing(s, 0, S(2));
  EXPECT_EQ(s.observation(2).known_in_hand[0][S(2)], 0);
  EXPECT_EQ(s.observation(2).known_in_hand[0][S(3)], 1);
}

TEST(Determinize, KeepsTheViewersObservation) {
  State s(Params{}, 4, 77);
  Rng chooser(1, 1), sampler(2, 2);
  for (int step = 0; step < 150 && !s.is_terminal(); ++step) {
    for (Player viewer = 0; viewer < 4; ++viewer) {
      State d = s;
      d.determinize(viewer, sampler);
      ASSERT_TRUE(d.observation(viewer) == s.observation(viewer)) << "step " << step << " viewer " << int{viewer};
      EXPECT_EQ(d.hand[viewer], s.hand[viewer]);
      EXPECT_EQ(d.total_cards(), s.total_cards());
    }
    ActionList legal;
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

TEST(Determinize, ActuallyReshufflesHiddenCards) {
  State s(Params{}, 3, 5);
  std::set<std::vector<int>> seen;
  Rng sampler(9, 9);
  for (int i = 0; i < 30; ++i) {
    State d = s;
    d.determinize(0, sampler);
    std::vector<int> hidden(d.hand[1].begin(), d.hand[1].end());
    for (auto card : d.draw_pile) hidden.push_back(100 + card);
    seen.insert(hidden);
  }
  EXPECT_GT(seen.size(), 20u);
}

TEST(Determinize, SpecialsStayInHandsAndPileHoldsOnlySets) {
  State s(Params{}, 5, 13);
  Rng sampler(4, 4);
  for (int i = 0; i < 200; ++i) {
    State d = s;
    d.determinize(2, sampler);
    for (auto card : d.draw_pile) ASSERT_TRUE(is_set_card(card));
    for (Player p = 0; p < 5; ++p) {
      int specials = 0;
      for (int c = kEagle; c < kNumCardKinds; ++c) specials += d.hand[p][c];
      ASSERT_EQ(specials, 1);  // every seat was dealt exactly one special card
      ASSERT_EQ(d.hand[p][kBlackSheep], 1);
    }
  }
}

TEST(Determinize, RespectsFailedEagleQuestions) {
  // Seat 2 is asked for a 6 and has none: no determinization may give it one.
  State s = table(3, {{S(1)}, {kEagle, S(2)}, {S(6), S(7), S(8)}}, {S(6), S(6), S(7), S(8), S(9)});
  s.hand[2] = {};
  s.hand[2][kBlackSheep] = 1;
  s.hand[2][S(7)] = 2;
  s.hand[2][S(8)] = 1;
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleAsk + 2);
  s.apply(act::kEagleSet + S(6));
  ASSERT_TRUE(s.known_absent[2] & (1u << S(6)));
  Rng sampler(3, 3);
  for (int i = 0; i < 200; ++i) {
    State d = s;
    d.determinize(1, sampler);
    ASSERT_EQ(d.hand[2][S(6)], 0);
  }
}

TEST(Determinize, ReseedsFutureBlindDraws) {
  State s = table(3, {{S(1)}, {S(2), S(3), S(4), S(5), S(6), S(7)}, {S(8)}});
  std::set<int> outcomes;
  Rng sampler(5, 5);
  for (int i = 0; i < 40; ++i) {
    State d = s;
    d.determinize(0, sampler);
    d.apply(draw_from(1));
    outcomes.insert(d.events()[0].c);
  }
  EXPECT_GT(outcomes.size(), 3u);  // the state's own RNG no longer fixes the next draw
}

}  // namespace
}  // namespace bw::bye_bye

namespace bw::bye_bye {
namespace {
using namespace testing;

// Determinization must be a function of what the viewer knows (and the RNG):
// two states the viewer cannot tell apart give the same sample, so a search
// built on it cannot behave differently on hidden differences.
TEST(Determinize, DependsOnlyOnWhatTheViewerKnows) {
  for (bool advanced : {false, true}) {
    Params params;
    params.advanced = advanced;
    State s(params, 4, 21);
    Rng chooser(8, 8), sampler(6, 6);
    for (int step = 0; step < 200 && !s.is_terminal(); ++step) {
      auto viewer = static_cast<Player>(chooser.below(4));
      State twin = s;
      twin.determinize(viewer, sampler);  // a state the viewer cannot tell from s
      ASSERT_TRUE(twin.observation(viewer) == s.observation(viewer));
      Rng a(step, 1), b(step, 1);
      State from_s = s, from_twin = twin;
      from_s.determinize(viewer, a);
      from_twin.determinize(viewer, b);
      ASSERT_TRUE(from_s == from_twin) << "step " << step;
      ActionList legal;
      s.legal_actions(legal);
      s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

}  // namespace
}  // namespace bw::bye_bye
