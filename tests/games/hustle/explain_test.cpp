// Sheep Hustle teaching hooks (issue 19): each hint is checked against what
// the rules then do; hints come from the observation alone; the breakdown
// adds up to scores(); the explanation names every winner; no action is a pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/random_agent.hpp"
#include "core/wording.hpp"
#include "support/teaching_checks.hpp"
#include "test_support.hpp"

namespace bw::hustle::testing {
namespace {

std::string hint(const State& s, Action action) { return action_hint(s.observation(s.current_player()), action); }

// Seat 0 at 30, seats 1 and 2 further on; water on square 87 of the first board.
State wet_table(int lifesavers = 2) {
  Params params = no_water();
  params.water[0].set(87);
  State s = table(3, {30, 150, 160}, params);
  s.lifesavers[0] = static_cast<std::uint8_t>(lifesavers);
  return s;
}

// The same, with seat 0 holding one clover pad.
State wet_table_with_pad(Pad pad) {
  State s = wet_table();
  s.params.pads[0] = pad;
  s.params.num_pads = 1;
  s.pad_where[0] = 0;
  return s;
}

// Seat 0 has revealed a scope of 57 and may play pads or move.
State revealed_57(State s) {
  bids(s, {"57", "1", "2"});
  EXPECT_EQ(s.phase, Phase::Pads);
  EXPECT_EQ(s.current_player(), 0);
  return s;
}

TEST(HustleHint, MoveNamesTheLandingSquareAndTheWater) {
  State s = revealed_57(wet_table());
  EXPECT_EQ(hint(s, act::kMove), "scope 57: lands on 87 of the first board, water — costs a lifesaver");
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 87);
  EXPECT_EQ(s.lifesavers[0], 1);
}

// The board previews the square a move leads to (action_target's preview),
// the same square the rules then put the sheep on.
TEST(HustlePreview, NamesTheSquareTheMoveLandsOn) {
  State s = revealed_57(wet_table());
  const ActionTarget target = action_target(s.observation(0), act::kMove);
  EXPECT_EQ(target.preview_zone, "square");
  EXPECT_EQ(target.preview_piece, "87");
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 87);
}

TEST(HustlePreview, BidCardsPreviewTheBidStoppedThereAndTheFarEnd) {
  State s = table(3, {150, 30, 40}, no_water());
  // Seat 0 at 150 (field 50 of the second board): a lone 4 reaches 154; a 5 then 0 would make 50, past the end.
  EXPECT_EQ(action_target(s.observation(0), act::kCard + 4).preview_piece, "154");
  act_on(s, act::kCard + 5);
  EXPECT_EQ(action_target(s.observation(0), act::kBidDone).preview_piece, "155");
  EXPECT_EQ(action_target(s.observation(0), act::kCard + 0).preview_piece, "off");
  // Another seat's decision previews nothing for it.
  EXPECT_TRUE(action_target(s.observation(1), act::kBidDone).preview_zone.empty());
}

// In random games, every "move" previews where the sheep then stands (or
// "off", and the sheep is out); a relaid rear board renumbers by 100.
TEST(HustlePreview, EveryMoveLandsWhereItsPreviewSaid) {
  int moves = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    State s(Params{}, 4, seed);
    Rng chooser(seed, 3);
    while (!s.is_terminal()) {
      const Player me = s.current_player();
      if (s.phase == Phase::Pads) {
        const ActionTarget target = action_target(s.observation(me), act::kMove);
        ASSERT_EQ(target.preview_zone, "square");
        const bool water = target.preview_piece != "off" && s.is_water(std::stoi(target.preview_piece));
        act_on(s, act::kMove);
        ++moves;
        if (target.preview_piece == "off") {
          EXPECT_FALSE(s.alive(me)) << "seed " << seed;
        } else if (s.alive(me)) {
          const int square = std::stoi(target.preview_piece);
          EXPECT_TRUE(s.position[me] == square || s.position[me] == square - kSquaresPerBoard)
              << "seed " << seed << ": previewed " << square << ", stands on " << s.position[me];
        } else {
          EXPECT_TRUE(water) << "seed " << seed << ": out, though " << target.preview_piece << " is dry";
        }
        continue;
      }
      s.apply(random_action(s, chooser));
    }
  }
  EXPECT_GT(moves, 100);
}

TEST(HustleHint, WaterWithoutLifesaverIsOut) {
  State s = revealed_57(wet_table(0));
  EXPECT_EQ(hint(s, act::kMove), "scope 57: lands on 87 of the first board, water — out of the race");
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
}

TEST(HustleHint, RunBackCountsTheWaterOnTheWay) {
  State s = revealed_57(wet_table_with_pad(Pad{PadKind::RunBack, 50}));
  EXPECT_EQ(hint(s, run_back(50)),
            "scope 57, then run back 50: lands on 37 of the first board, dry (water at 87 first) — costs a lifesaver");
  EXPECT_EQ(hint(s, act::kMove), "scope 57: lands on 87 of the first board, water — costs a lifesaver");
  act_on(s, run_back(50));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 37);
  EXPECT_EQ(s.lifesavers[0], 1);
}

TEST(HustleHint, ChangeScopeShowsTheRangeAndEachDelta) {
  State s = revealed_57(wet_table_with_pad(Pad{PadKind::Change, 3}));
  EXPECT_EQ(hint(s, change(3)), "then choose a scope from 54 to 60");
  act_on(s, change(3));
  EXPECT_EQ(hint(s, delta(-2)), "scope 55: lands on 85 of the first board, dry");
  act_on(s, delta(-2));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 85);
}

TEST(HustleHint, SecondBoardAndFarEnd) {
  Params params = no_water();
  State s = table(3, {120, 10, 20}, params);
  bids(s, {"57", "1", "2"});
  EXPECT_EQ(hint(s, act::kMove), "scope 57: lands on 77 of the second board, dry");
  s = table(3, {150, 10, 20}, params);
  bids(s, {"57", "1", "2"});
  EXPECT_EQ(hint(s, act::kMove), "scope 57: off the far end — out of the race");
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
}

TEST(HustleHint, BidCardsShowTheScopeTheyWouldMake) {
  State s = wet_table();
  EXPECT_EQ(hint(s, act::kCard + 5), "scope 5: lands on 35 of the first board, dry");
  act_on(s, act::kCard + 5);
  EXPECT_EQ(hint(s, act::kCard + 7), "scope 57: lands on 87 of the first board, water — costs a lifesaver");
  EXPECT_EQ(hint(s, act::kBidDone), "scope 5: lands on 35 of the first board, dry");
}

TEST(HustleHint, TurnedBoardWaterIsReadFromTheObservation) {
  Params params = no_water();
  params.water[0].set(3);
  params.water[2].set(10);
  State s = table(3, {30, 150, 160}, params);
  s.turned = {true, true};
  const Observation obs = s.observation(0);
  for (int square = 0; square < kDykeLength; ++square) EXPECT_EQ(obs.is_water(square), s.is_water(square)) << square;
  EXPECT_TRUE(obs.is_water(96));
  EXPECT_TRUE(obs.is_water(189));
}

// Seat 1 cannot tell seat 0's hidden bid 57 from 75: same observation, same hints.
TEST(HustleHint, UsesOnlyTheObservation) {
  State a = wet_table(), b = wet_table();
  bid(a, "57");
  bid(b, "75");
  ASSERT_EQ(a.current_player(), 1);
  ASSERT_FALSE(a == b);
  ASSERT_EQ(a.observation(1), b.observation(1));
  ActionList legal;
  a.legal_actions(legal);
  for (Action action : legal) EXPECT_EQ(hint(a, action), hint(b, action)) << State::action_to_string(action);
  EXPECT_NE(hint(a, act::kCard + 4), "");
}

Params variant(int v) {
  Params params;
  if (v == 1) params.joint_last_eliminated = false;
  if (v == 2) params.allow_rotation = true;
  return params;
}

TEST(HustleExplain, BreakdownAddsUpAndExplanationNamesEveryWinner) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  int runner_up_rule = 0;
  for (int players = State::kMinPlayers; players <= State::kMaxPlayers; ++players)
    for (int v = 0; v < 3; ++v)
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        State s(variant(v), players, seed);
        Rng rng(seed, 7);
        while (!s.is_terminal()) {
          const Action action = random_action(s, rng);
          ASSERT_FALSE(is_pass(s, action)) << State::action_to_string(action);
          s.apply(action);
        }
        SCOPED_TRACE("seed " + std::to_string(seed));
        bw::testing::expect_explained_result(s, names);
        runner_up_rule += result_explanation(s, names).find("the runner-up wins") != std::string::npos;
      }
  EXPECT_GT(runner_up_rule, 0);  // the two-sheep ending happened and was explained
}

// The rulebook's runner-up (second on the dyke, further back) wins; the sheep
// ahead of it is the leader, and squares are named as the log names them.
TEST(HustleExplain, RunnerUpRuleNamesBothSheep) {
  State s = table(3, {140, 12, -1});  // Cat is out: the round's end leaves two sheep
  bids(s, {"0", "0"});
  act_on(s, act::kMove);
  act_on(s, act::kMove);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(result_explanation(s, std::vector<std::string>{"Ann", "Bob", "Cat"}),
            "Two sheep were left, and the runner-up wins: Bob, further back on square 12 of the first board, beats "
            "the leader, Ann, on square 40 of the second board.");
  EXPECT_EQ(score_breakdown(s, 1), (ScoreBreakdown{{"winner: the runner-up, further back at the end", 1}}));
  EXPECT_EQ(score_breakdown(s, 0), (ScoreBreakdown{{"leader: ahead of the runner-up at the end", 0}}));
  EXPECT_EQ(score_breakdown(s, 2), (ScoreBreakdown{{"out of the race", 0}}));
}

}  // namespace
}  // namespace bw::hustle::testing
