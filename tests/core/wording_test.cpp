// How events and boards name seats.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/wording.hpp"

namespace bw {
namespace {

TEST(SeatWords, ASeatNamedByItsLabelIsNotNamedTwice) {
  const std::vector<std::string> names = {"Ann", "P2", "Cat"};  // the server names an unnamed seat "P2"
  const SeatWords words(0, names);
  EXPECT_EQ(words.label(0), "P1 Ann");
  EXPECT_EQ(words.label(1), "P2");
  EXPECT_EQ(words.label(2), "P3 Cat");
  EXPECT_EQ(words.label(3), "P4");  // no name given
  EXPECT_EQ(words.name(0), "you");
  EXPECT_EQ(words.verb(0, "draw", "draws"), "draw");
  EXPECT_EQ(words.verb(2, "draw", "draws"), "draws");
}

TEST(Counted, TheNounAgreesWithTheNumber) {
  EXPECT_EQ(counted(1, "card"), "1 card");
  EXPECT_EQ(counted(0, "card"), "0 cards");
  EXPECT_EQ(counted(3, "more card"), "3 more cards");
  EXPECT_EQ(counted(1, "Nice Try", "Nice Tries"), "1 Nice Try");
  EXPECT_EQ(counted(2, "Nice Try", "Nice Tries"), "2 Nice Tries");
}

TEST(NameSeats, EachLabelStandingAsAWordBecomesItsSeatsName) {
  const std::vector<std::string> names = {"Ann", "Bob", "P3"};
  EXPECT_EQ(name_seats("draw from P2", names), "draw from Bob");
  EXPECT_EQ(name_seats("aim at P1's Sheep 5 flock", names), "aim at Ann's Sheep 5 flock");
  EXPECT_EQ(name_seats("P2 holds 5 cards; P1 (you) and P3: a tie", names),
            "Bob holds 5 cards; Ann (you) and P3: a tie");
  EXPECT_EQ(name_seats("P4 has no name here", names), "P4 has no name here");
  for (const char* not_a_label : {"P9", "P0", "P22", "SP2", "P2a", "play P", "set 2", ""})
    EXPECT_EQ(name_seats(not_a_label, names), not_a_label);
  EXPECT_EQ(name_seats("draw from P2", {}), "draw from P2");
}

TEST(WinnersLine, OneWinnerOrSeveral) {
  auto name = [](Player p) { return seat_label(p); };
  PlayerList winners;
  winners.push_back(1);
  EXPECT_EQ(winners_line("Game over.", winners, name), "Game over. Winner: P2\n");
  winners.clear();
  winners.push_back(0);
  winners.push_back(2);
  EXPECT_EQ(winners_line("Game over.", winners, name), "Game over. Winners: P1 P3\n");
}

// No event or board line of any game says "card(s)": every count agrees.
TEST(Counted, NoGoldenPlaythroughHedgesItsPlurals) {
  for (const auto& entry : std::filesystem::directory_iterator(BELLWETHER_SOURCE_DIR "/tests/playthroughs")) {
    std::ifstream in(entry.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
      EXPECT_EQ(line.find("(s)"), std::string::npos) << entry.path().filename() << ":" << n << ": " << line;
  }
}

}  // namespace
}  // namespace bw
