// The teaching hooks: move hints from the seat's observation (checked against
// what the rules then do), the itemised final score, the result in words, and
// the one pass action (declining the White Sheep).
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "games/bye_bye/bye_bye.hpp"
#include "games/bye_bye/test_support.hpp"
#include "support/random_play.hpp"

namespace bw::bye_bye {
namespace {

using namespace testing;
using bw::testing::random_legal;

const std::array<std::string, kMaxSeats> kNames = {"Ann", "Bob", "Cat", "Dan", "Eve"};

std::string hint(const State& s, int action) {
  return action_hint(s.observation(s.current_player()), static_cast<Action>(action));
}
std::string explain(const State& s) { return result_explanation(s, Names(kNames.data(), s.num_players())); }

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// Random games of both rule sets and every player count.
template <class... Checks>
void for_random_games(int games_per_configuration, Checks&&... checks) {
  bw::testing::for_random_games<State>({params_with(false), params_with(true)}, games_per_configuration, checks...);
}

// The events of applying `action` to a copy of `s`.
State after(const State& s, int action) {
  State next = s;
  next.apply(static_cast<Action>(action));
  return next;
}

// ---------------------------------------------------------------- Hints: drawing and stopping

TEST(ByeByeHints, StopSaysHowManyZooCardsItAllows) {
  State s = table(3, {{S(1), S(1)}, {S(2)}, {S(3)}});
  s.draws_this_turn = 4;
  for (auto card : {S(4), S(5), S(6), S(7)}) s.watering_hole.push_back(card);
  EXPECT_EQ(hint(s, act::kStop), "allows 2 zoo cards now (4 cards at the watering hole)");
  EXPECT_EQ(after(s, act::kStop).zoo_allowance, 2);
  s.watering_hole.pop_back();
  EXPECT_EQ(hint(s, act::kStop), "allows 1 zoo card now (3 cards at the watering hole)");
  s.watering_hole.pop_back();
  EXPECT_EQ(hint(s, act::kStop), "no zoo card yet: that takes 3 or more cards at the watering hole");
}

TEST(ByeByeHints, StopBeforeAnyDrawIsAPassWithoutZoo) {
  Params p = params_with();
  p.allow_zero_draw = true;
  State s = table(2, {{S(1)}, {S(2)}}, {}, p);
  EXPECT_EQ(hint(s, act::kStop), "pass without drawing: no zoo card");
}

// Over random play, the allowance a stop hint promises is the one the rules grant.
TEST(ByeByeHints, StopAllowanceMatchesTheRules) {
  int checked = 0;
  for_random_games(
      4, [](const State&) {},
      [&](const State& s) {
        if (s.phase != Phase::Draw || s.draws_this_turn == 0 || !s.is_legal(act::kStop)) return;
        const std::string text = hint(s, act::kStop);
        const State next = after(s, act::kStop);
        int granted = -1;
        for (const Event& e : next.events())
          if (e.kind == evStop) granted = e.b;
        ASSERT_GE(granted, 0);
        if (granted == 0) EXPECT_TRUE(starts_with(text, "no zoo card yet")) << text;
        else EXPECT_TRUE(starts_with(text, "allows " + std::to_string(granted) + " zoo card")) << text;
        ++checked;
      });
  EXPECT_GT(checked, 100);
}

TEST(ByeByeHints, DrawSaysTheBlackSheepRiskAndTheSpecials) {
  State s = table(3, {{S(1)}, {S(2), S(3), S(4)}, {S(5), kEagle}});
  EXPECT_EQ(hint(s, act::kDrawFrom + 1), "Black Sheep risk 1 in 4");
  EXPECT_EQ(hint(s, act::kDrawFrom + 2), "Black Sheep risk 1 in 3; 1 special card there");
}

// ---------------------------------------------------------------- Hints: special cards

TEST(ByeByeHints, EagleTargetSaysWhatIsKnownOfThatHand) {
  State s = table(3, {{S(1)}, {S(2), S(3), S(4)}, {S(5)}});
  s.phase = Phase::EagleTarget;
  s.known[0][1][S(3)] = 1;
  s.known_absent[1] = 1u << S(7);
  EXPECT_EQ(hint(s, act::kEagleAsk + 1), "P2 holds 4 cards; known: set 3; lacks: set 7");
  EXPECT_EQ(hint(s, act::kEagleAsk + 2), "P3 holds 2 cards, none known");
  EXPECT_EQ(hint(s, act::kEagleDecline), "");
}

TEST(ByeByeHints, EagleSetSaysSureHitsAndCertainMisses) {
  State s = table(3, {{S(1)}, {S(2), S(3), S(4)}, {S(5)}});
  for (auto card : {S(9), S(9), static_cast<std::uint8_t>(kEagle)}) s.watering_hole.push_back(card);
  s.draws_this_turn = 3;
  s.phase = Phase::EagleSet;
  s.pending_seat = 1;
  s.known[0][1][S(3)] = 1;
  s.known_absent[1] = 1u << S(7);
  EXPECT_EQ(hint(s, act::kEagleSet + S(3)), "P2 is known to hold one: a sure hit");
  EXPECT_TRUE(has_event(after(s, act::kEagleSet + S(3)), evEagleHit));
  EXPECT_EQ(hint(s, act::kEagleSet + S(7)), "P2 is known to lack it; a miss stops you: 1 zoo card");
  EXPECT_TRUE(has_event(after(s, act::kEagleSet + S(7)), evEagleMiss));
  EXPECT_EQ(after(s, act::kEagleSet + S(7)).zoo_allowance, 1);
  EXPECT_EQ(hint(s, act::kEagleSet + S(2)), "a hit joins your haul; a miss stops you: 1 zoo card");
}

// Over random play: a promised sure hit hits, a promised miss misses.
TEST(ByeByeHints, EagleCertaintiesHoldInPlay) {
  int checked = 0;
  for_random_games(
      6, [](const State&) {},
      [&](const State& s) {
        if (s.phase != Phase::EagleSet) return;
        for (int set = 0; set < s.sets_in_play(); ++set) {
          const std::string text = hint(s, act::kEagleSet + set);
          if (text.find("sure hit") != std::string::npos) {
            EXPECT_TRUE(has_event(after(s, act::kEagleSet + set), evEagleHit)) << text;
            ++checked;
          }
          if (text.find("known to lack") != std::string::npos) {
            EXPECT_TRUE(has_event(after(s, act::kEagleSet + set), evEagleMiss)) << text;
            ++checked;
          }
        }
      });
  EXPECT_GT(checked, 50);
}

TEST(ByeByeHints, MagpieSaysWhoseZooLosesWhatAndTheNewAllowance) {
  State s = table(3, {{S(1)}, {S(2)}, {S(5)}});
  for (auto card : {S(9), S(9), static_cast<std::uint8_t>(kMagpie)}) s.watering_hole.push_back(card);
  s.phase = Phase::MagpieSteal;
  s.zoo[1][S(2)] = 3;
  s.zoo[2][S(4)] = 2;
  EXPECT_EQ(hint(s, act::kMagpieSteal + 1 * kMaxSets + S(2)),
            "P2's set 2: 3 → 2, breaks a triplet; a stop would allow 2 zoo cards");
  EXPECT_EQ(hint(s, act::kMagpieSteal + 2 * kMaxSets + S(4)), "P3's set 4: 2 → 1; a stop would allow 2 zoo cards");
  const State next = after(s, act::kMagpieSteal + 1 * kMaxSets + S(2));
  EXPECT_EQ(next.triplets(1), 0);
  EXPECT_EQ(zoo_allowance_for(static_cast<int>(next.watering_hole.size())), 2);
}

TEST(ByeByeHints, MotherSheepAndMoleSayTheNewAllowance) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(5)}}, {S(6), S(7)});
  s.watering_hole.push_back(kMotherSheep);
  s.phase = Phase::MotherDraw;
  EXPECT_EQ(hint(s, act::kMotherTake), "the top pile card (2 left) joins your haul; a stop would allow 0 zoo cards");
  s.watering_hole.push_back(S(8));
  s.watering_hole.push_back(kMole);
  s.phase = Phase::MolePick;
  s.pending_seat = 1;
  EXPECT_EQ(hint(s, act::kMoleTake + S(2)), "joins your haul; a stop would allow 2 zoo cards");
  EXPECT_EQ(hint(s, act::kMoleDecline), "");
}

TEST(ByeByeHints, AdvancedPickSaysWhatTheCardDoes) {
  State s(params_with(true), 3, 1);
  ASSERT_EQ(s.phase, Phase::PickSpecial);
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) EXPECT_FALSE(hint(s, a).empty()) << State::action_to_string(a);
  EXPECT_EQ(hint(s, act::kPick + kWhiteSheep - kEagle), "drawn from you: you may put a set card in your zoo");
}

// ---------------------------------------------------------------- Hints: the zoo

TEST(ByeByeHints, ZooPlacementCountsTripletsTowardTheTarget) {
  State s = table(3, {{S(1), S(1), S(2)}, {S(3)}, {S(4)}});
  s.phase = Phase::ZooPlace;
  s.zoo_allowance = 2;
  s.zoo[0][S(1)] = 2;
  s.zoo[0][S(2)] = 3;
  s.magpie_in_play = true;
  EXPECT_EQ(hint(s, act::kZooPlace + S(1)), "set 1 in your zoo: 2 → 3, triplet 2 of 4");
  EXPECT_EQ(hint(s, act::kZooPlace + S(2)), "set 2 in your zoo: 3 → 4");
  s.zoo[0][S(5)] = 3;
  s.zoo[0][S(6)] = 3;
  EXPECT_EQ(hint(s, act::kZooPlace + S(1)), "set 1 in your zoo: 2 → 3, a triplet that wins the game");
  const State won = after(s, act::kZooPlace + S(1));
  ASSERT_TRUE(won.is_terminal());
  EXPECT_EQ(explain(won), "Ann wins: the first zoo to hold 4 triplets (the target with 3 players).");
}

TEST(ByeByeHints, ZooPlacementWarnsWhenTheMagpieEnters) {
  State s = table(3, {{S(1), S(2), S(3)}, {S(4)}, {S(5)}});
  s.phase = Phase::ZooPlace;
  s.zoo_allowance = 2;
  s.zoo[0][S(6)] = 1;
  s.zoo[0][S(7)] = 1;
  s.zoo[1][S(2)] = 1;
  EXPECT_EQ(hint(s, act::kZooPlace + S(1)),
            "set 1 in your zoo: 0 → 1; the Magpie enters your hand");  // a third species
  EXPECT_EQ(hint(s, act::kZooPlace + S(2)), "set 2 in your zoo: 0 → 1; the Magpie enters your hand");  // Bob's species
  EXPECT_TRUE(has_event(after(s, act::kZooPlace + S(1)), evMagpieEnters));
  s.zoo[0][S(7)] = 0;
  EXPECT_EQ(hint(s, act::kZooPlace + S(1)), "set 1 in your zoo: 0 → 1");
  EXPECT_FALSE(has_event(after(s, act::kZooPlace + S(1)), evMagpieEnters));
}

// Over random play, a zoo hint mentions the Magpie exactly when it enters,
// and a winning triplet exactly when the game is won.
TEST(ByeByeHints, ZooPlacementConsequencesHoldInPlay) {
  int checked = 0;
  for_random_games(
      4, [](const State&) {},
      [&](const State& s) {
        const bool zoo = s.phase == Phase::ZooPlace, white = s.phase == Phase::WhitePlace;
        if (!zoo && !white) return;
        ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) {
          if (a == act::kZooDone || a == act::kWhiteDecline) continue;
          const std::string text = hint(s, a);
          const State next = after(s, a);
          EXPECT_EQ(text.find("Magpie enters") != std::string::npos, has_event(next, evMagpieEnters)) << text;
          EXPECT_EQ(text.find("wins the game") != std::string::npos, next.is_terminal()) << text;
          ++checked;
        }
      });
  EXPECT_GT(checked, 200);
}

// Two states the seat cannot tell apart (the unknown cards resampled) give it the same hints.
TEST(ByeByeHints, UseOnlyTheObservation) {
  const int compared = bw::testing::expect_hints_ignore_hidden<State>(
      {params_with(false), params_with(true)}, 3, 30, 25,
      [](const State& s, const State& copy) { return s.hand != copy.hand; });
  EXPECT_GT(compared, 10);
}

// ---------------------------------------------------------------- Itemised scores

TEST(ByeByeBreakdown, OneLinePerTriplet) {
  State s = table(2, {{S(1)}, {S(2)}});
  s.zoo[0][S(1)] = 4;
  s.zoo[0][S(2)] = 3;
  s.zoo[0][S(3)] = 2;
  const ScoreBreakdown expected = {{"triplet of set 1 (all four)", 1}, {"triplet of set 2", 1}};
  EXPECT_EQ(score_breakdown(s, 0), expected);
  EXPECT_EQ(s.scores()[0], 2);
  EXPECT_TRUE(score_breakdown(s, 1).empty());
}

TEST(ByeByeBreakdown, AddsUpToTheScoreInEveryRandomGame) {
  int triplets_seen = 0;
  for_random_games(20, [&](const State& s) {
    for (Player p = 0; p < s.num_players(); ++p) {
      double sum = 0;
      for (const ScoreItem& item : score_breakdown(s, p)) sum += item.points;
      EXPECT_EQ(sum, s.scores()[p]);
      triplets_seen += s.triplets(p);
    }
  });
  EXPECT_GT(triplets_seen, 50);
}

// ---------------------------------------------------------------- The result in words

// Seat 0 about to pass into a stalled end: an empty pile and a quiet last round.
State about_to_stall(int players) {
  Params p = params_with();
  p.allow_zero_draw = true;
  State s = table(players, {{S(9)}, {S(10)}, {S(11)}}, {}, p);
  s.quiet_turns = static_cast<std::uint16_t>(p.stall_rounds * players - 1);
  return s;
}

TEST(ByeByeResult, StallIsExplainedWithItsTieBreak) {
  State s = about_to_stall(3);
  s.zoo[0][S(1)] = 3;
  s.zoo[0][S(2)] = 1;
  s.zoo[1][S(3)] = 3;
  s.apply(act::kStop);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(explain(s),
            "Nobody reached 4 triplets and play stalled (an empty pile, no zoo change for 2 rounds). "
            "Ann and Bob both have 1 triplet; Ann wins with more zoo cards (4 against 3).");
}

TEST(ByeByeResult, StallCanBeShared) {
  State s = about_to_stall(3);
  s.zoo[0][S(1)] = 3;
  s.zoo[1][S(3)] = 3;
  s.zoo[2][S(4)] = 2;
  s.apply(act::kStop);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(explain(s),
            "Nobody reached 4 triplets and play stalled (an empty pile, no zoo change for 2 rounds). "
            "Ann and Bob share the win with 1 triplet and 3 zoo cards each.");
}

TEST(ByeByeResult, TurnLimitIsNamed) {
  State s = about_to_stall(3);
  s.quiet_turns = 0;
  s.params.turn_limit = s.turn + 1;
  s.zoo[2][S(4)] = 3;
  s.apply(act::kStop);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(
      explain(s),
      "Nobody reached 4 triplets within the turn limit (1). Cat wins with 1 triplet, 1 more than Ann and Bob (0).");
}

TEST(ByeByeResult, NamesEveryWinnerOfEveryRandomGame) {
  for_random_games(20, [](const State& s) {
    const std::string text = explain(s);
    for (Player w : s.winners()) EXPECT_NE(text.find(kNames[w]), std::string::npos) << text;
  });
}

// ---------------------------------------------------------------- Pass actions

TEST(ByeByePass, OnlyDecliningTheWhiteSheepIsAPass) {
  int white_windows = 0;
  for_random_games(
      6, [](const State&) {},
      [&](const State& s) {
        ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) EXPECT_EQ(is_pass(s, a), a == act::kWhiteDecline) << State::action_to_string(a);
        white_windows += s.phase == Phase::WhitePlace;
      });
  EXPECT_GT(white_windows, 0);
}

}  // namespace
}  // namespace bw::bye_bye
