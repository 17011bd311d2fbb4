// The seats' clocks on numbers alone: what a move charges, the increment, the
// grace after running out, and a restart that charges nobody for the outage.
#include <gtest/gtest.h>

#include "server/tables/seat_clocks.hpp"
#include "server/tables/time_control.hpp"

namespace bw::server {
namespace {

TimeControl clock(std::int64_t base_s, std::int64_t increment_s) {
  TimeControl time;
  time.mode = TimeControl::Mode::Clock;
  time.base_ms = base_s * 1000;
  time.increment_ms = increment_s * 1000;
  return time;
}

TEST(SeatClocks, AMoveChargesItsTimeAndAddsTheIncrement) {
  SeatClocks clocks(clock(60, 5), 2);
  clocks.start(0, 1'000);
  EXPECT_EQ(clocks.remaining(0, 11'000), 50'000);
  EXPECT_EQ(clocks.deadline(), 61'000);
  clocks.moved(11'000);
  EXPECT_EQ(clocks.running(), -1);
  EXPECT_EQ(clocks.remaining(0, 99'000), 55'000) << "a stopped clock does not run";
  clocks.start(1, 11'000);
  EXPECT_EQ(clocks.snapshot(12'000), (std::vector<std::int64_t>{55'000, 59'000}));
}

TEST(SeatClocks, PerMoveStartsEachDecisionFull) {
  TimeControl time;
  time.mode = TimeControl::Mode::PerMove;
  time.per_move_ms = 30'000;
  SeatClocks clocks(time, 2);
  clocks.start(1, 0);
  clocks.moved(25'000);
  clocks.start(1, 25'000);
  EXPECT_EQ(clocks.remaining(1, 26'000), 29'000);
  EXPECT_EQ(clocks.deadline(), 55'000);
}

TEST(SeatClocks, ASeatBackWithAnEmptyClockGetsTheGrace) {
  SeatClocks clocks(clock(10, 0), 2);
  clocks.start(0, 0);
  EXPECT_EQ(clocks.remaining(0, 20'000), 0) << "never below zero";
  clocks.stop(20'000);
  clocks.start(0, 30'000);
  EXPECT_EQ(clocks.remaining(0, 30'000), kGraceMs);
}

TEST(SeatClocks, ARestartChargesUpToTheLastHeartbeatAndNotTheOutage) {
  SeatClocks clocks(clock(60, 0), 2);
  // Seat 1's decision began at 100 s with 40 s left; the old server was last
  // seen at 110 s; the new one starts at 500 s.
  clocks.restore({50'000, 40'000}, 1, 100'000, 110'000, 500'000);
  EXPECT_EQ(clocks.running(), 1);
  EXPECT_EQ(clocks.remaining(1, 500'000), 30'000);
  EXPECT_EQ(clocks.remaining(0, 500'000), 50'000);
  // A heartbeat from before the decision began charges nothing.
  SeatClocks fresh(clock(60, 0), 2);
  fresh.restore({60'000, 60'000}, 0, 100'000, 90'000, 500'000);
  EXPECT_EQ(fresh.remaining(0, 500'000), 60'000);
}

TEST(SeatClocks, ARestartOnABotsDecisionKeepsEveryStoredTime) {
  SeatClocks clocks(clock(3600, 1), 3);
  clocks.restore({3'630'917, 3'636'842, 3'600'000}, -1, 100'000, 110'000, 500'000);
  EXPECT_EQ(clocks.running(), -1);
  EXPECT_EQ(clocks.snapshot(600'000), (std::vector<std::int64_t>{3'630'917, 3'636'842, 3'600'000}));
}

TEST(SeatClocks, NoTimeControlRunsNoClock) {
  SeatClocks clocks(TimeControl{}, 3);
  clocks.start(0, 0);
  EXPECT_EQ(clocks.running(), -1);
  EXPECT_EQ(clocks.deadline(), std::nullopt);
}

}  // namespace
}  // namespace bw::server
