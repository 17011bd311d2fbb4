// Play now's matching rule (docs/protocol.md, "Meeting people"), as a pure
// function of the queue and the time.
#include "server/meeting/match_rule.hpp"

#include <gtest/gtest.h>

namespace bw::server {
namespace {

constexpr std::int64_t kNow = 1'000'000;

TicketRow ticket(const std::string& account, double mu, std::int64_t waited_ms, int players = 2,
                 std::int64_t bots_after_ms = -1, const std::string& game = "bye-bye") {
  TicketRow t;
  t.account = account;
  t.game = game;
  t.players = players;
  t.time = R"({"base":300,"increment":5})";
  t.bots_after_ms = bots_after_ms;
  t.bot = "medium";
  t.mu = mu;
  t.since_ms = kNow - waited_ms;
  return t;
}

std::vector<std::string> seated(const std::vector<TicketRow>& queue, const Match& match) {
  std::vector<std::string> accounts;
  for (auto person : match.people) accounts.push_back(queue[person].account);
  return accounts;
}

TEST(MatchRule, TheWindowWidensAPointEveryFiveSeconds) {
  EXPECT_DOUBLE_EQ(window_after(0), 3.0);
  EXPECT_DOUBLE_EQ(window_after(5000), 4.0);
  EXPECT_DOUBLE_EQ(window_after(120'000), 27.0);
  EXPECT_DOUBLE_EQ(window_after(-50), 3.0);  // a clock that stepped back
}

TEST(MatchRule, CloseRatingsMeetAtOnceAndFarOnesOnceTheLongerWaitAllowsIt) {
  std::vector<TicketRow> queue{ticket("ann", 25, 0), ticket("bob", 27.5, 0)};
  auto matches = find_matches(queue, kNow);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(seated(queue, matches[0]), (std::vector<std::string>{"ann", "bob"}));
  EXPECT_EQ(matches[0].bots, 0);

  queue = {ticket("ann", 25, 0), ticket("cy", 35, 0)};  // 10 apart: a 3-point window cannot hold it
  EXPECT_TRUE(find_matches(queue, kNow).empty());
  queue = {ticket("ann", 25, 34'000), ticket("cy", 35, 0)};  // Ann has waited 34 s: 9.8 points
  EXPECT_TRUE(find_matches(queue, kNow).empty());
  queue = {ticket("ann", 25, 35'000), ticket("cy", 35, 0)};  // 35 s: 10 points
  EXPECT_EQ(find_matches(queue, kNow).size(), 1u);
}

TEST(MatchRule, TheOldestIsSeatedWithTheNearestInRatingOlderFirstAmongEquals) {
  std::vector<TicketRow> queue{ticket("far", 27.9, 1000), ticket("ann", 25, 9000), ticket("near-new", 25.5, 0),
                               ticket("near-old", 24.5, 2000)};
  auto matches = find_matches(queue, kNow);
  ASSERT_EQ(matches.size(), 2u);
  EXPECT_EQ(seated(queue, matches[0]), (std::vector<std::string>{"ann", "near-old"}));
  // The two left meet each other: "far" has waited 1 s, and a 3.2-point window holds 2.4.
  EXPECT_EQ(seated(queue, matches[1]), (std::vector<std::string>{"far", "near-new"}));
}

TEST(MatchRule, OnlyTheSameGamePlayerCountAndClockMeet) {
  std::vector<TicketRow> queue{ticket("ann", 25, 0, 2), ticket("bob", 25, 0, 3), ticket("cy", 25, 0, 2, -1, "hustle")};
  queue.push_back(ticket("dee", 25, 0));
  queue.back().time = R"({"base":600,"increment":5})";
  EXPECT_TRUE(find_matches(queue, kNow).empty());
}

TEST(MatchRule, BotsFillTheTableOnlyAfterTheOldestsWaitAndOnlyBesideThoseWhoAcceptThem) {
  // Three seats; Ann accepts bots after 10 s, Bob after 60 s, Cy never.
  std::vector<TicketRow> queue{ticket("ann", 25, 9'999, 3, 10'000), ticket("bob", 25, 5'000, 3, 60'000),
                               ticket("cy", 25, 1'000, 3, -1)};
  queue[1].bot = "hard";
  auto full = find_matches(queue, kNow);  // three people fill the table: no bot, whatever they accept
  ASSERT_EQ(full.size(), 1u);
  EXPECT_EQ(seated(queue, full[0]), (std::vector<std::string>{"ann", "bob", "cy"}));
  EXPECT_EQ(full[0].bots, 0);
  queue.pop_back();
  EXPECT_TRUE(find_matches(queue, kNow).empty());  // Ann has not waited her 10 s yet
  queue[0].since_ms -= 1;
  auto matches = find_matches(queue, kNow);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(seated(queue, matches[0]), (std::vector<std::string>{"ann", "bob"}));
  EXPECT_EQ(matches[0].bots, 1);
  EXPECT_EQ(matches[0].bot, "medium");  // the oldest's choice

  queue = {ticket("ann", 25, 20'000, 3, 10'000), ticket("cy", 25, 1'000, 3, -1)};
  matches = find_matches(queue, kNow);  // Cy keeps waiting for people: Ann plays two bots
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(seated(queue, matches[0]), (std::vector<std::string>{"ann"}));
  EXPECT_EQ(matches[0].bots, 2);
}

TEST(MatchRule, EachTicketSitsAtOneTableAtMost) {
  std::vector<TicketRow> queue;
  for (int i = 0; i < 7; ++i) queue.push_back(ticket("p" + std::to_string(i), 25 + i * 0.1, i * 100));
  auto matches = find_matches(queue, kNow);
  EXPECT_EQ(matches.size(), 3u);  // six seated in pairs, one waits
  std::vector<int> times(queue.size(), 0);
  for (const auto& match : matches)
    for (auto person : match.people) ++times[person];
  EXPECT_EQ(std::count(times.begin(), times.end(), 1), 6);
  EXPECT_EQ(std::count(times.begin(), times.end(), 0), 1);
}

}  // namespace
}  // namespace bw::server
