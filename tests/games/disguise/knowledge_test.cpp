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

// 40 positions of four seats, 60 random actions in (the games still running), with their seeds.
template <class Fn>
void for_each_random_position(Fn&& fn) {
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    State s(Params{}, 4, seed);
    Rng chooser(seed, 5);
    for (int step = 0; step < 60 && !s.is_terminal(); ++step) s.apply(random_action(s, chooser));
    if (!s.is_terminal()) fn(s, seed);
  }
}

// Random positions: determinize(p) keeps p's observation, keeps every card p
// can prove, resamples the rest, and reseeds the state's RNG.
TEST(Determinize, KeepsWhatTheViewerKnows) {
  int resampled = 0;
  for_each_random_position([&](const State& s, std::uint64_t seed) {
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
      for (Player h = 0; h < 4; ++h)  // three of a type form a flock at once, so no hand holds them
        for (int t = 0; t < kSheepTypes; ++t) EXPECT_TRUE(d.hand[h][t] < 3 || d.has_flock(h, t));
      resampled += !(d.hand == s.hand && d.draw_pile == s.draw_pile);
    }
  });
  EXPECT_GT(resampled, 100);
}

// A spectator's redeal (the public win meter): every hand is dealt again from
// what everybody saw, the public view stays, and every seat's knowledge stays
// true of the new hands.
TEST(Determinize, ForASpectatorEveryHandIsDealtAgainAndThePublicViewStays) {
  int resampled = 0;
  for_each_random_position([&](const State& s, std::uint64_t seed) {
    State d = s;
    Rng source(seed, 99);
    d.determinize(kSpectator, source);
    EXPECT_TRUE(d.observation(kSpectator) == s.observation(kSpectator)) << "seed " << seed;
    EXPECT_EQ(d.total_cards(), s.total_cards());
    for (Player h = 0; h < 4; ++h)
      for (int k = 0; k < kNumHoldable; ++k) {
        EXPECT_GE(d.hand[h][k], s.public_known[h][k]);
        for (Player v = 0; v < 4; ++v)
          if (v != h) {
            EXPECT_GE(d.hand[h][k], d.known[v][h][k]) << "seed " << seed;
          }
      }
    for (Player h = 0; h < 4; ++h)
      for (int t = 0; t < kSheepTypes; ++t) EXPECT_TRUE(d.hand[h][t] < 3 || d.has_flock(h, t));
    resampled += !(d.hand == s.hand);
  });
  EXPECT_GT(resampled, 20);
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

// A card taken into a hand in view of the table (from the Field, the discard
// pile by Dig) is known to every other seat and to spectators; one that later
// leaves in view (given in a trade) is no longer counted.
TEST(Observation, CardsTakenInViewAreKnownToAllAndSpectators) {
  State s = table(3, {{kS8, kS4}, {kViking}, {kDad}}, {}, {kS3, kS5, kS6});
  act_on(s, act::kTrade);
  act_on(s, field_card(kS3));
  act_on(s, hand_card(kS8));
  for (Player viewer : {Player{1}, Player{2}, kSpectator}) EXPECT_EQ(s.observation(viewer).known_in_hand[0][kS3], 1);
  EXPECT_EQ(s.observation(0).known_in_hand[0][kS3], 0);  // a seat's own hand is shown whole, not as proof
  nlohmann::json spectator;
  to_json(spectator, s.observation(kSpectator));
  EXPECT_EQ(spectator["seats"][0]["known_in_hand"]["Sheep 3"], 1);
  s.traded = false;  // seat 0 trades the Sheep 3 away again, in view
  act_on(s, act::kTrade);
  act_on(s, field_card(kS5));
  act_on(s, hand_card(kS3));
  EXPECT_EQ(s.observation(1).known_in_hand[0][kS3], 0);
  EXPECT_EQ(s.observation(kSpectator).known_in_hand[0][kS3], 0);
  EXPECT_EQ(s.observation(kSpectator).known_in_hand[0][kS5], 1);
}

// A card that leaves a hand unseen (stolen, or set aside to pass) costs every
// seat that did not see it, and spectators, one of every proven kind.
TEST(Observation, ACardLeavingUnseenCostsSpectatorsOneOfEveryKind) {
  State s = table(3, {{kSteal, kS8}, {kViking, kDad}, {kS4}}, {}, {kS3, kS5, kS6});
  s.known[2][1][kViking] = 1;
  s.known[2][1][kDad] = 1;
  s.public_known[1][kViking] = 1;
  s.public_known[1][kDad] = 1;
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  pass_window(s);
  for (Player viewer : {Player{2}, kSpectator}) {
    EXPECT_EQ(s.observation(viewer).known_in_hand[1][kViking], 0);
    EXPECT_EQ(s.observation(viewer).known_in_hand[1][kDad], 0);
  }
}

// ---------------------------------------------------------------- An Attack's passes (docs/rules/disguise.md, "What each seat knows")

// No seat can prove more of a hand than is in it, and what is public every seat knows.
void expect_knowledge_true(const State& s, const char* where) {
  for (Player v = 0; v < s.num_players(); ++v)
    for (Player h = 0; h < s.num_players(); ++h)
      for (int k = 0; k < kNumHoldable; ++k)
        if (v != h) {
          ASSERT_LE(s.known[v][h][k], s.hand[h][k]) << where << ": seat " << int{v} << " of seat " << int{h};
          ASSERT_LE(s.public_known[h][k], s.known[v][h][k]) << where << ": public, seat " << int{h};
        }
}

// Both seats pass under an Attack, the active seat (0) first.
void both_pass(State& s, int from_0, int from_1) {
  ASSERT_EQ(s.phase, Phase::AttackPass);
  ASSERT_EQ(s.current_player(), 0);
  act_on(s, hand_card(from_0));
  ASSERT_EQ(s.current_player(), 1);
  act_on(s, hand_card(from_1));
}

// The first reproducer: Bob (seat 1) took a Draw 2 in public, then
// both pass under an Attack. Ann sees which card Bob gave her, so she still
// knows his Draw 2 as well as the Dig she gave him.
TEST(AttackPass, TheReceiverKeepsWhatItProvedButTheCardItGot) {
  State s = table(2, {{kDig, kViking}, {kDraw2, kDad, kS3}}, {kS5, kAttackLeft});
  s.known[0][1][kDraw2] = 1;
  act_on(s, act::kDrawEnd);
  both_pass(s, kDig, kDad);
  const Observation ann = s.observation(0);
  EXPECT_EQ(ann.known_in_hand[1][kDraw2], 1);
  EXPECT_EQ(ann.known_in_hand[1][kDig], 1);
  std::vector<float> with, without;  // the tensor carries it too
  append_tensor(ann, with);
  Observation forgetful = ann;
  forgetful.known_in_hand[1][kDraw2] = 0;
  append_tensor(forgetful, without);
  EXPECT_NE(with, without);
  EXPECT_EQ(s.observation(1).known_in_hand[0][kDad], 1);  // and Bob knows where his Dad Sheep went
  expect_knowledge_true(s, "after the passes");
}

TEST(AttackPass, TheCardPassedIsTheOneForgotten) {
  State s = table(2, {{kDig, kViking}, {kDraw2, kDad, kS3}}, {kS5, kAttackLeft});
  s.known[0][1][kDraw2] = 1;
  act_on(s, act::kDrawEnd);
  both_pass(s, kDig, kDraw2);
  EXPECT_EQ(s.observation(0).known_in_hand[1][kDraw2], 0);
  EXPECT_EQ(s.observation(0).known_in_hand[1][kDig], 1);
  expect_knowledge_true(s, "after the passes");
}

// The second reproducer's shape: seat 5 of six holds two proven Sheep 7 and
// passes one to seat 0. Seat 0 still knows of one; seat 2, which saw nothing,
// drops every count of seat 5 by one (the rule for a third seat).
TEST(AttackPass, AThirdSeatDropsEveryCountByOne) {
  for (int passed : {kS7, kS3}) {
    State s = table(6, {{kViking}, {kDad}, {kS3}, {kS4}, {kS5}, {kS7, kS7, kS3, kDraw2}}, {kS6, kAttackLeft});
    s.known[0][5][kS7] = 2;
    s.known[2][5][kS7] = 2;
    s.known[2][5][kDraw2] = 1;
    act_on(s, act::kDrawEnd);
    for (int seat = 0; seat < 5; ++seat) {
      ASSERT_EQ(s.current_player(), seat);
      CardCounts& mine = s.hand[seat];
      int kind = 0;
      while (mine[kind] == 0) ++kind;
      act_on(s, hand_card(kind));
    }
    act_on(s, hand_card(passed));
    EXPECT_EQ(s.observation(0).known_in_hand[5][kS7], passed == kS7 ? 1 : 2) << "passed " << passed;
    EXPECT_EQ(s.observation(2).known_in_hand[5][kS7], 1);
    EXPECT_EQ(s.observation(2).known_in_hand[5][kDraw2], 0);
    expect_knowledge_true(s, "after the passes");
  }
}

// While the passes are being chosen the receiver counts on one fewer of every
// kind, like everybody (it has not seen the card yet), and a world sampled
// for it keeps that passer's hand and card together holding all it proved:
// once the cards change hands, what it knows is true in that world too.
TEST(AttackPass, WorldsSampledBeforeTheCardsArriveKeepWhatTheReceiverWillKnow) {
  // Seat 0 (active, so first to choose) passes to seat 1, which proved a Draw 2 in its hand.
  State s = table(2, {{kDraw2, kDad, kS3, kS4, kS5}, {kDig, kViking}}, {kS6, kS8, kS8, kAttackLeft});
  s.known[1][0][kDraw2] = 1;
  act_on(s, act::kDrawEnd);
  State dad = s, draw2 = s;
  act_on(dad, hand_card(kDad));
  act_on(draw2, hand_card(kDraw2));
  ASSERT_EQ(dad.current_player(), 1);
  EXPECT_EQ(dad.observation(1).known_in_hand[0][kDraw2], 0);
  ASSERT_TRUE(dad.observation(1) == draw2.observation(1));  // seat 1 cannot tell which card is coming
  Rng sampler(3, 3);
  int draw2_passed = 0;
  for (int i = 0; i < 200; ++i) {
    State world = dad;
    world.determinize(1, sampler);
    ASSERT_TRUE(world.observation(1) == dad.observation(1));
    ASSERT_GE(world.hand[0][kDraw2] + (world.pass_card[0] == kDraw2), 1) << "world " << i;
    const bool gave_draw2 = world.pass_card[0] == kDraw2;
    draw2_passed += gave_draw2;
    act_on(world, hand_card(kDig));
    expect_knowledge_true(world, "a sampled world after the passes");
    ASSERT_EQ(world.observation(1).known_in_hand[0][kDraw2], gave_draw2 ? 0 : 1);
  }
  EXPECT_GT(draw2_passed, 0);
  EXPECT_LT(draw2_passed, 200);
}

// Random games of two to six seats: at every step of every Attack and after
// it, each seat's knowledge is true, and so it is in worlds sampled for any
// seat and played on to the end of the passes.
TEST(AttackPass, KnowledgeStaysTrueInPlayAndInSampledWorlds) {
  int attack_states = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      State s(Params{}, players, seed);
      Rng chooser(seed, 11), sampler(seed, 12);
      while (!s.is_terminal()) {
        expect_knowledge_true(s, "in play");
        if (s.phase == Phase::AttackPass) {
          ++attack_states;
          for (Player viewer = 0; viewer < players; ++viewer) {
            State world = s;
            world.determinize(viewer, sampler);
            ASSERT_TRUE(world.observation(viewer) == s.observation(viewer));
            while (world.phase == Phase::AttackPass) world.apply(random_action(world, chooser));
            expect_knowledge_true(world, "a sampled world after the passes");
          }
        }
        s.apply(random_action(s, chooser));
      }
    }
  EXPECT_GT(attack_states, 100);
}

}  // namespace
}  // namespace bw::disguise

namespace bw::disguise {
namespace {

// A play's aim (its target seat, flock and Gimme request) is shown while the
// play is under way and not after: a board must not say "Aimed at Bob" during
// the next turn or an Attack's hand-off.
TEST(Observation, APlaysAimIsGoneOnceItResolves) {
  int aimed = 0, after = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    State s(Params{}, 3, seed);
    Rng chooser(seed, 9);
    for (int step = 0; step < 600 && !s.is_terminal(); ++step) {
      nlohmann::json seen;
      to_json(seen, s.observation(0));
      const bool shows_aim = seen.contains("target") || seen.contains("flock") || seen.contains("gimme");
      if (s.phase == Phase::Main || s.phase == Phase::AttackPass) {
        after += s.target >= 0 || s.gimme_kind >= 0;
        EXPECT_FALSE(shows_aim) << "seed " << seed << " step " << step << ": " << seen.dump();
      } else if (s.phase == Phase::GimmeGive) {
        ++aimed;
        EXPECT_TRUE(seen.contains("target")) << seen.dump();  // the giver chooses: no card named
      }
      s.apply(random_action(s, chooser));
    }
  }
  EXPECT_GT(aimed, 0);  // Gimme windows were reached...
  EXPECT_GT(after, 0);  // ...and so were turns after an aimed play, where the state still remembers the aim
}

// A card that leaves a hand in view is announced in the step that moves it:
// the log (what a player reads) and the knowledge (what the board and the
// bots use) must never disagree, not even for the one step between paying a
// pair and choosing the Field card it buys. The cards laid so far are shown.
TEST(Observation, EveryHandChangeIsAnnouncedInItsOwnStep) {
  int laid_steps = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    State s(Params{}, 3, seed);
    Rng chooser(seed, 11);
    for (int step = 0; step < 600 && !s.is_terminal(); ++step) {
      const Observation before = s.observation(kSpectator);
      s.apply(random_action(s, chooser));
      const Observation after = s.observation(kSpectator);
      if (before.hand_size != after.hand_size || before.known_in_hand != after.known_in_hand) {
        ASSERT_FALSE(s.events().empty()) << "seed " << seed << " step " << step << ": hands changed in silence";
      }
      nlohmann::json seen;
      to_json(seen, after);
      const bool laying = s.phase == Phase::BuyTake || (s.phase == Phase::PayCards && s.picks_left < 2) ||
                          (s.phase == Phase::WildPick && s.wild_building != 0);
      if (laying) {
        ++laid_steps;
        ASSERT_TRUE(seen.contains("laid")) << "seed " << seed << " step " << step << ": " << seen.dump();
      } else {
        ASSERT_FALSE(seen.contains("laid")) << "seed " << seed << " step " << step << ": " << seen.dump();
      }
    }
  }
  EXPECT_GT(laid_steps, 0);
}

}  // namespace
}  // namespace bw::disguise
