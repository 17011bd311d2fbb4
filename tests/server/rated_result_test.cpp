// Who placed where in a rated game (server/tables/rated_result.hpp), on real
// games played to their end: winners first, then by score, one who
// abandoned last, bots unplaced, and the cases that rate nobody.
#include "server/tables/rated_result.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "games/catalog.hpp"

namespace bw::server::testing {
namespace {

std::unique_ptr<AnyState> played_to_end(const std::string& game, int players, std::uint64_t seed) {
  auto state = registry().find(game).start({}, players, seed);
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  while (!state->is_terminal()) {
    auto legal = state->legal_actions();
    state->apply(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
  }
  return state;
}

std::vector<RatedSeat> people(int count) {
  std::vector<RatedSeat> seats;
  for (int p = 0; p < count; ++p) seats.push_back({"acct" + std::to_string(p), true, false});
  return seats;
}

int rank_of(const GameRating& result, const std::string& account) {
  for (const auto& place : result.places)
    if (place.account == account) return place.rank;
  return 0;
}

TEST(RatedResult, WinnersComeFirstThenTheOthersByScore) {
  for (const char* game : {"black-sheep", "bye-bye", "hustle", "boom-bah", "disguise"})
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto end = played_to_end(game, 4, seed);
      const GameRating result = rated_result(true, game, *end, people(4), 77);
      ASSERT_EQ(result.places.size(), 4u) << game;
      EXPECT_EQ(result.game, game);
      EXPECT_EQ(result.at_ms, 77);
      const auto winners = end->winners();
      const auto scores = end->scores();
      for (int p = 0; p < 4; ++p) {
        const bool won = std::find(winners.begin(), winners.end(), p) != winners.end();
        const int rank = rank_of(result, "acct" + std::to_string(p));
        if (won) {
          EXPECT_EQ(rank, 1) << game << " seed " << seed << " seat " << p;
        } else {
          EXPECT_GT(rank, static_cast<int>(winners.size())) << game << " seed " << seed << " seat " << p;
        }
        for (int q = 0; q < 4; ++q) {  // among the others, a higher score never places lower
          const bool q_won = std::find(winners.begin(), winners.end(), q) != winners.end();
          if (!won && !q_won && scores[p] > scores[q]) {
            EXPECT_LT(rank, rank_of(result, "acct" + std::to_string(q))) << game << " seed " << seed;
          }
        }
      }
    }
}

TEST(RatedResult, OneWhoAbandonedIsLastAndBotsAreNotPlaced) {
  auto end = played_to_end("bye-bye", 4, 5);
  auto seats = people(4);
  const Player winner = end->winners().front();
  seats[winner].abandoned = true;  // their stand-in won: they still lose
  const Player bot = (winner + 1) % 4;
  seats[bot] = {"", false, false};
  const GameRating result = rated_result(true, "bye-bye", *end, seats, 0);
  ASSERT_EQ(result.places.size(), 3u);
  EXPECT_EQ(rank_of(result, "acct" + std::to_string(winner)), 3);
  EXPECT_EQ(rank_of(result, "acct" + std::to_string(bot)), 0);
}

TEST(RatedResult, NobodyIsRatedUnlessTheTableIsRatedAndEveryPersonHasAnAccount) {
  auto end = played_to_end("black-sheep", 3, 9);
  EXPECT_TRUE(rated_result(false, "black-sheep", *end, people(3), 0).places.empty());
  auto guest = people(3);
  guest[1].account.clear();
  EXPECT_TRUE(rated_result(true, "black-sheep", *end, guest, 0).places.empty());
  auto alone = people(3);
  alone[1] = alone[2] = {"", false, false};
  EXPECT_TRUE(rated_result(true, "black-sheep", *end, alone, 0).places.empty());
}

}  // namespace
}  // namespace bw::server::testing
