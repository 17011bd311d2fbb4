// Sheep Boom Bah teaching hooks (issue 19): each hint is checked against what
// the rules then do; hints come from the observation alone; the breakdown
// adds up to scores(); the explanation names every winner; only "pass" is a pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/random_agent.hpp"
#include "support/teaching_checks.hpp"
#include "test_support.hpp"

namespace bw::boom_bah::testing {
namespace {

const int kBlueWolf = card_type(kWolf, 1), kRedNo = card_type(kEieino, 0), kRedHero = card_type(kHero, 0);
const int kBlueHero = card_type(kHero, 1);

std::string hint(const State& s, Action action) { return action_hint(s.observation(s.current_player()), action); }

TEST(BoomBahHint, MoveNamesTheTargetSquare) {
  State s = table(2);
  put(s, "b3", 0);
  EXPECT_EQ(hint(s, move("b3", E)), "to c3: face down");
  EXPECT_EQ(hint(s, move("b3", SE)), "to c4: face down");
  step(s, move("b3", SE));
  EXPECT_EQ(s.sheep[C("c4")], 0);
}

TEST(BoomBahHint, MoveShowsKnownTilesAndBarns) {
  State s = table(3);
  put(s, "b3", 0);
  lay(s, "c3", kBarn0 + 2, true);
  lay(s, "c2", kBarn0, true);
  lay(s, "c4", kCrater, true);
  EXPECT_EQ(hint(s, move("b3", E)), "to c3: P3's Barn");
  EXPECT_EQ(hint(s, move("b3", NE)), "to c2: your Barn");
  EXPECT_EQ(hint(s, move("b3", SE)), "to c4: a crater");
  step(s, move("b3", E));
  EXPECT_EQ(s.barn[2][0], 1);  // into Cat's Barn, as the hint said
}

TEST(BoomBahHint, BumpNamesWhereTheChainEnds) {
  State s = table(3);
  put(s, "b3", 0);
  put(s, "c3", 1);
  put(s, "d3", 2);
  lay(s, "c3", kSafe, true);
  lay(s, "d3", kSafe, true);
  EXPECT_EQ(hint(s, move("b3", E)), "to c3, bumping 2 sheep; the last to e3: face down");
  put(s, "d3", -1);
  EXPECT_EQ(hint(s, move("b3", E)), "to c3, bumping P2's sheep to d3: a safe field");
  step(s, move("b3", E));
  EXPECT_EQ(s.sheep[C("d3")], 1);
  EXPECT_EQ(s.sheep[C("c3")], 0);
}

TEST(BoomBahHint, BarnAndDiscardShowTheirPoints) {
  State s = table(2);
  s.barnyard[0] = 1;
  give(s, 0, kRedHero);
  give(s, 0, kBlueWolf);
  const int before = s.score(0);
  EXPECT_EQ(hint(s, act::kBarn), "+2 points: a Barnyard sheep (1) becomes a Barn sheep (3)");
  step(s, act::kBarn);
  EXPECT_EQ(s.score(0), before + 2);
  EXPECT_EQ(hint(s, discard(kRedHero)), "-1 point: it scores 1 while in your hand");
  EXPECT_EQ(hint(s, discard(kBlueWolf)), "");
  step(s, discard(kRedHero));
  EXPECT_EQ(s.score(0), before + 1);
}

TEST(BoomBahHint, ReactionsSayWhatTheyAnswer) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  give(s, 0, kRedNo);
  step(s, move("c3", E));
  EXPECT_EQ(hint(s, play(kBlueWolf)), "calls off the move from c3 to d3");
  EXPECT_EQ(hint(s, act::kPass), "lets the move from c3 to d3 go ahead");
  step(s, play(kBlueWolf));
  EXPECT_EQ(hint(s, play(kRedNo)), "cancels P2's blue Wolf");
  EXPECT_EQ(hint(s, act::kPass), "leaves P2's blue Wolf standing");
}

// Seat 0 cannot tell the face-down tiles apart: the same observation, the same hints.
TEST(BoomBahHint, UsesOnlyTheObservation) {
  State a = table(2);
  put(a, "b3", 0);
  put(a, "c4", 1);
  give(a, 0, kBlueHero);
  State b = a;
  lay(a, "c3", kMine);
  lay(b, "c3", kBarn0);
  ASSERT_FALSE(a == b);
  ASSERT_EQ(a.observation(0), b.observation(0));
  ActionList legal;
  a.legal_actions(legal);
  for (Action action : legal) EXPECT_EQ(hint(a, action), hint(b, action)) << State::action_to_string(action);
}

TEST(BoomBahExplain, BreakdownAddsUpAndExplanationNamesEveryWinner) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan"};
  int passes = 0;
  for (int players = State::kMinPlayers; players <= State::kMaxPlayers; ++players)
    for (bool diagonal : {true, false})
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Params params;
        params.diagonal_moves = diagonal;
        State s(params, players, seed);
        Rng rng(seed, 7);
        ActionList legal;
        while (!s.is_terminal()) {
          s.legal_actions(legal);
          for (Action action : legal)
            EXPECT_EQ(is_pass(s, action), action == act::kPass) << State::action_to_string(action);
          const Action action = random_action(s, rng);
          passes += action == act::kPass;
          s.apply(action);
        }
        SCOPED_TRACE("seed " + std::to_string(seed));
        bw::testing::expect_explained_result(s, names);
      }
  EXPECT_GT(passes, 0);  // the windows were reached
}

TEST(BoomBahExplain, TieBreakAndSharedWinInWords) {
  const std::vector<std::string> names = {"Ann", "Bob"};
  State s = table(2);
  s.barn[0][0] = 1;   // 3 points, 1 sheep in the Barn
  s.barnyard[1] = 3;  // 3 points, none in the Barn
  s.turn = static_cast<std::uint16_t>(s.params.turn_limit);
  step(s, act::kEndTurn);  // nothing left to do: the turn limit ends the game
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(result_explanation(s, names),
            "The turn limit ended the game. Ann and Bob tie on 3 points; Ann wins the tie-break with more sheep in the "
            "Barn (1 to 0).");
  EXPECT_EQ(score_breakdown(s, 1)[1], (ScoreItem{"sheep in the Barnyard (1 each)", 3}));
}

}  // namespace
}  // namespace bw::boom_bah::testing
