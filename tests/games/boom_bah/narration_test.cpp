// Sheep Boom Bah: the event log tells the story once and in order (issue 19):
// a move a Wolf may stop is announced, and shown as made only if it happens;
// every pass says what it declined.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace bw::boom_bah::testing {
namespace {

const int kBlueWolf = card_type(kWolf, 1), kRedNo = card_type(kEieino, 0), kBlueHero = card_type(kHero, 1);
const std::vector<std::string> kNames = {"Ann", "Bob", "Cat"};

// The story of one action, as a spectator reads it.
std::vector<std::string> story(State& s, Action action) {
  step(s, action);
  std::vector<std::string> lines;
  for (const Event& e : s.events()) lines.push_back(s.describe(e, kSpectator, kNames));
  return lines;
}

State bump_with_wolf_in_hand() {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  return s;
}

TEST(BoomBahNarration, StoppedMoveIsNeverShownAsMade) {
  State s = bump_with_wolf_in_hand();
  EXPECT_EQ(
      story(s, move("c3", E)),
      std::vector<std::string>{"Ann starts a move from c3 to d3 that would bump a sheep: a Wolf may call it off."});
  const auto after_wolf = story(s, play(kBlueWolf));
  EXPECT_EQ(after_wolf.back(), "The Wolf calls off Ann's move to d3: the sheep stays on c3.");
  for (const auto& line : after_wolf) EXPECT_EQ(line.find("moves a sheep"), std::string::npos) << line;
}

TEST(BoomBahNarration, MoveLetThroughIsShownOnceAfterThePass) {
  State s = bump_with_wolf_in_hand();
  story(s, move("c3", E));
  EXPECT_EQ(story(s, act::kPass), (std::vector<std::string>{
                                      "Bob passes: no Wolf against the move from c3 to d3.",
                                      "Ann moves a sheep from c3 to d3.",
                                      "Bob's sheep is bumped from d3 to e3.",
                                      "The tile at e3 is turned over: a safe field!",
                                  }));
}

TEST(BoomBahNarration, UncontestedMoveIsShownBeforeItsBumps) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);  // Bob holds no card: nobody is asked
  const auto lines = story(s, move("c3", E));
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "Ann moves a sheep from c3 to d3.");
  EXPECT_EQ(lines[1], "Bob's sheep is bumped from d3 to e3.");
}

TEST(BoomBahNarration, PassOnACardNamesTheCardAndItsPlayer) {
  State s = bump_with_wolf_in_hand();
  give(s, 0, kRedNo);
  story(s, move("c3", E));
  story(s, play(kBlueWolf));
  EXPECT_EQ(story(s, act::kPass).front(), "Ann passes: no EIEI...No against Bob's blue Wolf.");
}

TEST(BoomBahNarration, PassOnAnEieinoNamesItsPlayer) {
  State s = bump_with_wolf_in_hand();
  give(s, 0, kRedNo);
  give(s, 1, kBlueHero);  // Bob still holds a card after his Wolf, so he is asked about Ann's EIEI...No
  story(s, move("c3", E));
  story(s, play(kBlueWolf));
  story(s, play(kRedNo));
  EXPECT_EQ(story(s, act::kPass).front(), "Bob passes: no EIEI...No against Ann's EIEI...No.");
}

TEST(BoomBahNarration, PassOnAMineNamesTheCell) {
  State s = table(2);
  put(s, "b3", 0);
  lay(s, "c3", kMine);
  give(s, 0, kBlueWolf);  // any card: the owner is asked
  story(s, move("b3", E));
  EXPECT_EQ(story(s, act::kPass).front(),
            "Ann passes: no Hero of the Herd or Am-Bah-Lance for the sheep on the mine at c3.");
}

}  // namespace
}  // namespace bw::boom_bah::testing
