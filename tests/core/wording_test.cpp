// How events and boards name seats.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace bw
