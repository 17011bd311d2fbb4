// The rule-of-thumb player's draw-or-stop rule: it weighs triplets, not places.
#include "games/bye_bye/test_support.hpp"

namespace bw::bye_bye {
namespace {
using namespace testing;

// Seat 0 mid-turn: `drawn` lies at the watering hole; the opponents hold the
// given hands (each with its Black Sheep).
State mid_turn(std::initializer_list<std::uint8_t> drawn,
               std::initializer_list<std::initializer_list<std::uint8_t>> hands) {
  State s = table(4, hands);
  for (auto card : drawn) s.watering_hole.push_back(card);
  s.draws_this_turn = static_cast<std::uint8_t>(s.watering_hole.size());
  return s;
}

TEST(ByeByeHeuristic, StopsToCompleteTwoTripletsRatherThanRiskThem) {
  // Pairs of 1s and 2s in the zoo, a 1 and a 2 among four cards drawn: a stop
  // places both and completes two triplets. Hands of four (one Black Sheep in
  // each): one more place would be worth 3 of 4 draws by count, but not when
  // the triplets are weighed.
  State s = mid_turn({S(1), S(2), S(5), S(6)}, {{}, {S(7), S(8), S(9)}, {S(7), S(8), S(9)}, {S(10), S(11), S(12)}});
  s.zoo[0][S(1)] = 2;
  s.zoo[0][S(2)] = 2;
  ASSERT_TRUE(legal(s, act::kStop));
  Rng rng(1, 1);
  EXPECT_EQ(heuristic_action(s, rng), act::kStop);
}

TEST(ByeByeHeuristic, DrawsOnWhenAStopWouldOnlyStartSets) {
  // Six single cards of six sets drawn, opponents with five cards each: a stop
  // places four singletons. By count that equals what one more draw is worth;
  // weighed, a fifth place plus a chance to pair is worth the risk.
  State s = mid_turn({S(1), S(2), S(3), S(4), S(5), S(6)},
                     {{}, {S(7), S(8), S(9), S(10)}, {S(7), S(8), S(9), S(10)}, {S(11), S(12), S(13), S(14)}});
  Rng rng(1, 1);
  const Action a = heuristic_action(s, rng);
  EXPECT_GE(a, act::kDrawFrom);
  EXPECT_LT(a, act::kDrawFrom + 4);
  EXPECT_NE(a, act::kDrawFrom + 0);  // never from its own hand
}

TEST(ByeByeHeuristic, StopsWhenEveryOtherHandIsEmpty) {
  State s = mid_turn({S(1), S(2), S(3)}, {{}, {}, {}, {}});
  for (int p = 1; p < 4; ++p) s.hand[p] = {};
  Rng rng(1, 1);
  EXPECT_EQ(heuristic_action(s, rng), act::kStop);
}

}  // namespace
}  // namespace bw::bye_bye

namespace bw::bye_bye {
namespace {
using namespace testing;

// An Eagle's question must name a set even when the hand asked is known to
// lack every one (counting proves it for a hand with no set card left).
TEST(ByeByeHeuristic, AsksSomeSetWhenEveryAnswerIsKnownToBeNo) {
  State s = table(3, {{S(1)}, {kEagle, S(2)}, {S(6)}});
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleAsk + 2);
  ASSERT_EQ(s.phase, Phase::EagleSet);
  s.known_absent[2] = 0xffff;
  Rng rng(1, 1);
  EXPECT_TRUE(s.is_legal(heuristic_action(s, rng)));
}

// Games of every size and both rule sets, heuristic moves mixed with random
// ones to reach unusual positions: every move the heuristic picks is legal.
TEST(ByeByeHeuristic, EveryChoiceIsLegalInGamesOfEverySize) {
  int choices = 0;
  for (bool advanced : {false, true})
    for (int players = 2; players <= 5; ++players)
      for (std::uint64_t seed = 0; seed < 60; ++seed) {
        Params params;
        params.advanced = advanced;
        State s(params, players, seed);
        Rng rng(seed, 9);
        while (!s.is_terminal()) {
          const Action pick = heuristic_action(s, rng);
          ASSERT_TRUE(s.is_legal(pick)) << State::action_to_string(pick) << ", seed " << seed;
          ++choices;
          ActionList legal;
          s.legal_actions(legal);
          s.apply(rng.below(2) == 0 ? legal[rng.below(static_cast<std::uint32_t>(legal.size()))] : pick);
        }
      }
  EXPECT_GT(choices, 10000);
}

}  // namespace
}  // namespace bw::bye_bye
