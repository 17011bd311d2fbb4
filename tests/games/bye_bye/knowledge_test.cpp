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

// A spectator's redeal (the public win meter): every hand is dealt again, the
// public view stays, and every seat's knowledge stays true of the new hands.
TEST(Determinize, ForASpectatorEveryHandIsDealtAgainAndThePublicViewStays) {
  State s(Params{}, 4, 77);
  Rng chooser(1, 1), sampler(2, 2);
  int changed = 0;
  for (int step = 0; step < 150 && !s.is_terminal(); ++step) {
    State d = s;
    d.determinize(kSpectator, sampler);
    ASSERT_TRUE(d.observation(kSpectator) == s.observation(kSpectator)) << "step " << step;
    EXPECT_EQ(d.total_cards(), s.total_cards());
    for (Player v = 0; v < 4; ++v)
      for (Player h = 0; h < 4; ++h)
        for (int card = 0; card < kNumCardKinds; ++card) {
          if (v != h) {
            EXPECT_LE(d.known[v][h][card], d.hand[h][card]) << "step " << step;
          }
          EXPECT_LE(d.public_known[h][card], d.hand[h][card]) << "step " << step;
        }
    changed += !(d.hand == s.hand);
    ActionList legal;
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  EXPECT_GT(changed, 50) << "the hands are dealt again, not kept";
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

// A failed Eagle answer holds only until that hand draws unseen cards.
TEST(Forgetting, ARefillEndsAFailedEagleAnswer) {
  State s = table(3, {{S(1)}, {kEagle, S(2)}, {S(7), S(8)}}, {S(5), S(6), S(6), S(9), S(9), S(9), S(10), S(10)});
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleAsk + 2);
  s.apply(act::kEagleSet + S(6));  // a miss: seat 2 lacks the 6, and the turn ends
  ASSERT_TRUE(has_event(s, evEagleMiss));
  if (s.phase == Phase::ZooPlace) s.apply(act::kZooDone);
  EXPECT_EQ(s.observation(1).known_absent[2] & (1u << S(6)), 0u) << "seat 2 refilled from the pile";
  EXPECT_GT(s.hand_size(2), 3);
}

// ---------------------------------------------------------------- What counting proves (docs/rules/bye-bye.md, "What each seat knows")

ActionList legal_in(const State& s) {
  ActionList legal;
  s.legal_actions(legal);
  return legal;
}

// What `obs` claims of seat h's hand is true of `hand`.
void expect_claims_true(const Observation& obs, const CardCounts& hand, Player h, const std::string& where) {
  for (int card = 0; card < kNumCardKinds; ++card)
    ASSERT_LE(obs.known_in_hand[h][card], hand[card]) << where << ", seat " << int{h} << ", " << card_name(card);
  for (int set = 0; set < kMaxSets; ++set)
    if ((obs.known_absent[h] >> set) & 1u) {
      ASSERT_EQ(hand[set], 0) << where << ", seat " << int{h} << " is said to lack " << card_name(set);
    }
}

// In two players each seat holds one of the Eagle and the Mole: the one you
// were not dealt is the other's. The reproducer is seed 0.
TEST(Counting, TwoPlayersKnowTheOtherSpecialFromTheDeal) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    State s(Params{}, 2, seed);
    for (Player viewer = 0; viewer < 2; ++viewer) {
      const Player other = 1 - viewer;
      const int theirs = s.hand[viewer][kMole] ? kEagle : kMole;
      ASSERT_EQ(s.hand[other][theirs], 1);
      EXPECT_EQ(s.observation(viewer).known_in_hand[other][theirs], 1) << "seed " << seed;
    }
  }
  State s(Params{}, 2, 0);
  ASSERT_EQ(s.hand[0][kMole], 1);  // the step 0: seat 0 holds the Mole, so Bob the Eagle
  std::vector<float> with, without;
  Observation seen = s.observation(0);
  append_tensor(seen, with);
  seen.known_in_hand[1][kEagle] = 0;
  append_tensor(seen, without);
  EXPECT_NE(with, without);  // the tensor carries it
}

// Three players: two Eagles and a Mole. The Mole's holder knows both others
// hold an Eagle; an Eagle's holder can tell nothing.
TEST(Counting, ThreePlayersTheMolesHolderKnowsBothEagles) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    State s(Params{}, 3, seed);
    for (Player viewer = 0; viewer < 3; ++viewer) {
      const Observation seen = s.observation(viewer);
      for (Player other = 0; other < 3; ++other) {
        if (other == viewer) continue;
        EXPECT_EQ(seen.known_in_hand[other][kEagle], s.hand[viewer][kMole] ? 1 : 0);
        EXPECT_EQ(seen.known_in_hand[other][kMole], 0);
      }
    }
  }
}

// Advanced rules with picks: the picks are public, so in two players the
// other's card is known; with five of eight dealt unseen, nothing is.
TEST(Counting, AdvancedPicksAreCountedRandomDealsAreNot) {
  for (bool choose : {true, false}) {
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Params params;
      params.advanced = true;
      params.choose_specials = choose;
      State s(params, 2, seed);
      Rng chooser(seed, 1);
      while (s.phase == Phase::PickSpecial)
        s.apply(legal_in(s)[chooser.below(static_cast<std::uint32_t>(legal_in(s).size()))]);
      for (Player viewer = 0; viewer < 2; ++viewer) {
        const Player other = 1 - viewer;
        int shown = 0;
        for (int card = kEagle; card < kNumCardKinds; ++card) shown += s.observation(viewer).known_in_hand[other][card];
        EXPECT_EQ(shown, choose ? 1 : 0) << "seed " << seed;
      }
    }
  }
}

// Spectators see what is public: the Black Sheep in every hand, and a haul
// taken into a hand in view of the table.
TEST(Counting, SpectatorsSeeTheBlackSheepAndPublicHauls) {
  State s(Params{}, 3, 4);
  for (Player p = 0; p < 3; ++p) EXPECT_EQ(s.observation(kSpectator).known_in_hand[p][kBlackSheep], 1);
  State t = table(3, {{S(1)}, {S(2), S(3)}, {S(4)}}, {}, params_with());
  t = after_drawing(t, 1, S(2));
  t.apply(act::kStop);
  EXPECT_EQ(t.observation(kSpectator).known_in_hand[0][S(2)], 1);
  nlohmann::json spectator;
  to_json(spectator, s.observation(kSpectator));
  EXPECT_EQ(spectator["seats"][0]["known_in_hand"]["Black Sheep"], 1);
}

// Random games of every size, basic and advanced: at every step no view (a
// seat's, a spectator's) claims anything false, and every world sampled for a
// seat satisfies what that seat's view claims. Along the way: a set whose
// every copy the viewer has placed is absent from the hands it cannot see,
// and in two players with an empty pile each seat knows the other hand
// entirely.
TEST(Counting, ClaimsAreTrueInPlayAndInEverySampledWorld) {
  int placed_everywhere = 0, pinned = 0;
  for (bool advanced : {false, true})
    for (int players = 2; players <= 5; ++players)
      for (std::uint64_t seed = 0; seed < 4; ++seed) {
        Params params;
        params.advanced = advanced;
        State s(params, players, seed);
        Rng chooser(seed, 2), sampler(seed, 3);
        for (int step = 0; !s.is_terminal(); ++step) {
          const std::string where =
              "players " + std::to_string(players) + " seed " + std::to_string(seed) + " step " + std::to_string(step);
          for (Player p = 0; p < players; ++p) {
            for (int card = 0; card < kNumCardKinds; ++card) ASSERT_LE(s.public_known[p][card], s.hand[p][card]);
            expect_claims_true(s.observation(kSpectator), s.hand[p], p, where + " (spectator)");
          }
          for (Player viewer = 0; viewer < players; ++viewer) {
            const Observation seen = s.observation(viewer);
            for (Player h = 0; h < players; ++h)
              if (h != viewer) expect_claims_true(seen, s.hand[h], h, where);
            if (step % 7 == 0) {
              State world = s;
              world.determinize(viewer, sampler);
              for (Player h = 0; h < players; ++h)
                if (h != viewer) expect_claims_true(seen, world.hand[h], h, where + " (a sampled world)");
            }
            for (int set = 0; set < s.sets_in_play(); ++set) {
              int placed = seen.own_hand[set] + seen.wolf_stash[set];
              for (Player p = 0; p < players; ++p)
                placed += seen.zoo[p][set] + (p != viewer ? seen.known_in_hand[p][set] : 0);
              for (auto card : seen.watering_hole) placed += card == set;
              if (placed < 4) continue;
              ++placed_everywhere;
              for (Player h = 0; h < players; ++h)
                if (h != viewer && seen.known_in_hand[h][set] == 0) {
                  ASSERT_TRUE((seen.known_absent[h] >> set) & 1u) << where;
                }
            }
            if (players == 2 && s.draw_pile.empty() && s.phase != Phase::PickSpecial) {
              ++pinned;
              ASSERT_EQ(seen.known_in_hand[1 - viewer], s.hand[1 - viewer]) << where;
            }
          }
          s.apply(legal_in(s)[chooser.below(static_cast<std::uint32_t>(legal_in(s).size()))]);
        }
      }
  EXPECT_GT(placed_everywhere, 1000);
  EXPECT_GT(pinned, 100);
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
