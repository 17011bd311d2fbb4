// Sheep in Disguise: hidden information. Observations show exactly what a
// seat may know; determinize() reshuffles only what it cannot know; a Nice
// Try window never tells who holds a Nice Try.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "agents/random_agent.hpp"
#include "test_support.hpp"

namespace bw::disguise {
namespace {
using namespace testing;

TEST(Observation, HidesOtherHandsAndThePile) {
  State s = table(3, {{kViking}, {kDad, kS3}, {kS4, kS5}}, {kS6, kS7});
  State swapped = s;
  --swapped.hand[1][kDad];
  ++swapped.hand[1][kS4];
  --swapped.hand[2][kS4];
  ++swapped.hand[2][kDad];
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
  std::vector<float> a, b;
  append_tensor(s.observation(1), a);
  State later = s;
  later.apply(act::kDrawEnd);
  append_tensor(later.observation(1), b);
  EXPECT_EQ(a.size(), b.size());
}

// The window asks the same seats in the same order whether or not they hold
// a Nice Try, and a pass looks the same either way.
TEST(Observation, PassingRevealsNothing) {
  State holds = table(3, {{kSteal, kS8}, {kNiceTry, kViking}, {kDad}});
  State lacks = table(3, {{kSteal, kS8}, {kS3, kViking}, {kDad}});
  for (State* s : {&holds, &lacks}) {
    act_on(*s, play(act::pSteal));
    act_on(*s, target(2));
    ASSERT_EQ(s->phase, Phase::NiceTry);
    EXPECT_EQ(s->current_player(), 1);
    act_on(*s, act::kPass);
    EXPECT_EQ(s->current_player(), 2);  // then the target; the card's player is asked only after a Nice Try
    act_on(*s, act::kPass);
    EXPECT_EQ(s->phase, Phase::Main);
  }
  EXPECT_TRUE(holds.observation(0).hand_size == lacks.observation(0).hand_size);
  EXPECT_TRUE(holds.observation(0) == lacks.observation(0));
  EXPECT_TRUE(holds.observation(2) == lacks.observation(2));
}

TEST(Observation, TradesArePublicStealsArePrivate) {
  State s = table(3, {{kSteal, kS8}, {kViking}, {kDad}}, {}, {kS3, kS4, kS5});
  act_on(s, act::kTrade);
  act_on(s, field_card(kS3));
  act_on(s, hand_card(kS8));
  EXPECT_EQ(s.observation(1).known_in_hand[0][kS3], 1);
  EXPECT_EQ(s.observation(2).known_in_hand[0][kS3], 1);
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  pass_window(s);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(s.observation(1).known_in_hand[0][kViking], 1);  // the victim saw it go
  EXPECT_EQ(s.observation(2).known_in_hand[0][kViking], 0);  // the third seat did not
}

TEST(Observation, AttackPassChoicesAreHidden) {
  State a = table(3, {{kViking, kDad}, {kS3}, {kS4}}, {kS5, kAttackLeft});
  act_on(a, act::kDrawEnd);
  State b = a;
  act_on(a, hand_card(kViking));
  act_on(b, hand_card(kDad));
  EXPECT_TRUE(a.observation(1) == b.observation(1));
  EXPECT_FALSE(a.observation(0) == b.observation(0));
}

// Random positions: determinize(p) keeps p's observation, keeps every card p
// can prove, resamples the rest, and reseeds the state's RNG.
TEST(Determinize, KeepsWhatTheViewerKnows) {
  int resampled = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    State s(Params{}, 4, seed);
    Rng chooser(seed, 5);
    for (int step = 0; step < 60 && !s.is_terminal(); ++step) s.apply(random_action(s, chooser));
    if (s.is_terminal()) continue;
    for (Player viewer = 0; viewer < 4; ++viewer) {
      State d = s;
      Rng source(seed, 100 + static_cast<std::uint64_t>(viewer));
      d.determinize(viewer, source);
      EXPECT_TRUE(d.observation(viewer) == s.observation(viewer));
      EXPECT_EQ(d.hand[viewer], s.hand[viewer]);
      EXPECT_EQ(d.total_cards(), s.total_cards());
      EXPECT_FALSE(d.rng == s.rng);
      for (Player h = 0; h < 4; ++h)
        for (int k = 0; k < kNumHoldable; ++k) EXPECT_GE(d.hand[h][k], s.known[viewer][h][k]);
      resampled += !(d.hand == s.hand && d.draw_pile == s.draw_pile);
    }
  }
  EXPECT_GT(resampled, 100);
}

TEST(Determinize, IndistinguishableStatesSampleAlike) {
  State s = table(3, {{kViking}, {kDad, kS3}, {kS4, kS5}}, {kS6, kS7, kAttackLeft});
  State swapped = s;
  --swapped.hand[1][kDad];
  ++swapped.hand[1][kS4];
  --swapped.hand[2][kS4];
  ++swapped.hand[2][kDad];
  Rng r1(7, 7), r2(7, 7);
  s.determinize(0, r1);
  swapped.determinize(0, r2);
  EXPECT_TRUE(s == swapped);
  for (auto c : s.draw_pile) (void)c;
  EXPECT_EQ(count_in(s.draw_pile, kAttackLeft), 1);  // Attacks are never dealt into a hand
}

}  // namespace
}  // namespace bw::disguise
