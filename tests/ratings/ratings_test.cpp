// The rating model's properties (src/ratings/ratings.hpp). Agreement with an
// independent implementation, game by game, is ratings_oracle (openskill_oracle.mjs).
#include "ratings/ratings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace bw::ratings {
namespace {

const RatingModel kModel{};
const Rating kNewcomer = kModel.initial();

std::vector<Rating> rate(const RatingModel& model, std::vector<Rating> before, std::vector<int> ranks) {
  return model.rate(before, ranks);
}
std::vector<Rating> rate(std::vector<Rating> before, std::vector<int> ranks) {
  return rate(kModel, std::move(before), std::move(ranks));
}

// The message of the BadRatingInput that rating throws; fails if none is thrown.
std::string refusal(const RatingModel& model, std::vector<Rating> before, std::vector<int> ranks) {
  try {
    rate(model, std::move(before), std::move(ranks));
  } catch (const BadRatingInput& error) {
    return error.what();
  }
  ADD_FAILURE() << "no BadRatingInput";
  return "";
}
std::string refusal(std::vector<Rating> before, std::vector<int> ranks) {
  return refusal(kModel, std::move(before), std::move(ranks));
}

TEST(Ratings, TwoNewcomersByHand) {
  // The paper's formulas worked through for the simplest game: two equal
  // players, so each is the other's even chance (p = 1/2 at the one placement
  // both are in), and the winner's Omega is (1 - 1/2), the loser's (0 - 1/2).
  const double variance = 625.0 / 9.0 + (25.0 / 300.0) * (25.0 / 300.0);  // sigma0^2 + tau^2
  const double c_squared = 2 * (variance + 625.0 / 36.0);                 // + beta^2 each
  const double c = std::sqrt(c_squared);
  const double mu_step = variance / c * 0.5;
  const double sigma = std::sqrt(variance * (1 - std::sqrt(variance) / c * variance / c_squared * 0.25));
  const auto after = rate({kNewcomer, kNewcomer}, {1, 2});
  EXPECT_NEAR(after[0].mu, 25 + mu_step, 1e-12);
  EXPECT_NEAR(after[1].mu, 25 - mu_step, 1e-12);
  EXPECT_NEAR(after[0].sigma, sigma, 1e-12);
  EXPECT_NEAR(after[1].sigma, sigma, 1e-12);
  EXPECT_GT(mu_step, 2.5);  // a first win is worth a real step, not a rounding error
  // A tie: both are in both placements, each term shared two ways (A_q = 2).
  // Omega = (1 - 1/2)/2 - (1/2)/2 = 0, Delta = 2 * (1/4)/2 = 1/4: the means
  // stay and the doubt shrinks exactly as much as after a decided game.
  const auto level = rate({kNewcomer, kNewcomer}, {1, 1});
  EXPECT_DOUBLE_EQ(level[0].mu, 25);
  EXPECT_NEAR(level[0].sigma, sigma, 1e-12);
  EXPECT_NEAR(level[1].sigma, sigma, 1e-12);
}

TEST(Ratings, WinnerGainsAndLoserLoses) {
  const std::vector<Rating> four = {{30, 3}, {25, 5}, {20, 2}, {28, 6}};
  // Every order of finish: first place always gains, last place always loses.
  std::vector<int> ranks = {1, 2, 3, 4};
  do {
    const auto after = rate(four, ranks);
    for (int i = 0; i < 4; ++i) {
      if (ranks[i] == 1) {
        EXPECT_GT(after[i].mu, four[i].mu) << "winner " << i;
      }
      if (ranks[i] == 4) {
        EXPECT_LT(after[i].mu, four[i].mu) << "last " << i;
      }
    }
  } while (std::next_permutation(ranks.begin(), ranks.end()));
  // An upset moves more than the expected result.
  const auto expected = rate({{35, 3}, {15, 3}}, {1, 2});
  const auto upset = rate({{35, 3}, {15, 3}}, {2, 1});
  EXPECT_GT(upset[1].mu - 15, expected[0].mu - 35);
}

TEST(Ratings, SymmetricInThePlayersAndTheResult) {
  // Two equal players: the winner gains exactly what the loser loses.
  const auto two = rate({{20, 4}, {20, 4}}, {2, 1});
  EXPECT_DOUBLE_EQ(two[1].mu - 20, 20 - two[0].mu);
  EXPECT_DOUBLE_EQ(two[0].sigma, two[1].sigma);
  // Listing the players in another order lists the same ratings in that order.
  const std::vector<Rating> players = {{30, 3}, {25, 5}, {20, 2}, {28, 6}, {22, 7}};
  const std::vector<int> ranks = {3, 1, 3, 5, 2};
  const auto forward = rate(players, ranks);
  const auto backward = rate({players.rbegin(), players.rend()}, {ranks.rbegin(), ranks.rend()});
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(forward[i].mu, backward[4 - i].mu, 1e-12) << i;
    EXPECT_NEAR(forward[i].sigma, backward[4 - i].sigma, 1e-12) << i;
  }
  // The total of mu is unchanged by a game between equally uncertain players.
  double total = 0;
  for (const Rating r : rate({{30, 4}, {25, 4}, {20, 4}}, {2, 3, 1})) total += r.mu;
  EXPECT_NEAR(total, 75, 1e-12);
}

TEST(Ratings, Ties) {
  // A tie between equals moves neither mean; both learn something.
  const auto level = rate({{25, 5}, {25, 5}}, {1, 1});
  EXPECT_DOUBLE_EQ(level[0].mu, 25);
  EXPECT_DOUBLE_EQ(level[1].mu, 25);
  EXPECT_LT(level[0].sigma, 5);
  // A tie with a stronger player is a good result for the weaker one.
  const auto uneven = rate({{30, 5}, {20, 5}}, {1, 1});
  EXPECT_LT(uneven[0].mu, 30);
  EXPECT_GT(uneven[1].mu, 20);
  // Sharing second place: both tied equals get the same, between a clear second and a clear third.
  const std::vector<Rating> three = {kNewcomer, kNewcomer, kNewcomer};
  const auto shared = rate(three, {1, 2, 2});
  const auto clear = rate(three, {1, 2, 3});
  EXPECT_DOUBLE_EQ(shared[1].mu, shared[2].mu);
  EXPECT_LT(shared[1].mu, clear[1].mu);
  EXPECT_GT(shared[1].mu, clear[2].mu);
  // The tie is not ignored: it is not the same as any strict order of the two.
  EXPECT_NE(shared[1].mu, clear[1].mu);
  // Only the order of ranks counts, not their values.
  EXPECT_EQ(rate(three, {1, 3, 3}), shared);
  EXPECT_EQ(rate(three, {4, 9, 9}), shared);
}

TEST(Ratings, SigmaShrinks) {
  // Without drift every game removes doubt, whatever the result.
  RatingModel still = kModel;
  still.tau = 0;
  const std::vector<Rating> players = {{30, 3}, {25, 5}, {20, 2}, {28, 6}, {22, 7}, kNewcomer};
  const auto after = rate(still, players, {2, 1, 6, 3, 3, 5});
  for (int i = 0; i < 6; ++i) EXPECT_LT(after[i].sigma, players[i].sigma) << i;
  // Four newcomers meeting only each other (default drift): doubt falls every
  // game, and after 20 games it is below the provisional bound.
  std::vector<Rating> table(4, kNewcomer);
  double previous = kNewcomer.sigma;
  for (int game = 0; game < 20; ++game) {
    table = rate(table, {1 + game % 4, 1 + (game + 1) % 4, 1 + (game + 2) % 4, 1 + (game + 3) % 4});
    EXPECT_LT(table[0].sigma, previous) << "game " << game;
    previous = table[0].sigma;
  }
  EXPECT_LT(previous, kModel.provisional_sigma);
}

TEST(Ratings, DriftWidensADoubtThatIsAlreadySmall) {
  // tau is what keeps an old rating movable: with almost no doubt left, the
  // drift outweighs what one game teaches.
  RatingModel drifting = kModel;
  drifting.tau = 1;
  const auto after = rate(drifting, {{25, 0.05}, {25, 0.05}}, {1, 2});
  EXPECT_GT(after[0].sigma, 0.05);
}

TEST(Ratings, KappaIsTheFloorOfOneGamesShrink) {
  // Three players of sigma 8 without drift: the variance would shrink to about
  // 0.97 of itself for the winner and 0.94 for the others. With kappa 0.95 the
  // winner's shrink is its own and the others stop at the floor.
  RatingModel floored = kModel;
  floored.kappa = 0.95;
  floored.tau = 0;
  const std::vector<Rating> three = {{25, 8}, {25, 8}, {25, 8}};
  const auto after = rate(floored, three, {1, 2, 3});
  const double floor_sigma = std::sqrt(64 * 0.95);
  EXPECT_GT(after[0].sigma, floor_sigma + 0.01);
  EXPECT_DOUBLE_EQ(after[1].sigma, floor_sigma);
  EXPECT_DOUBLE_EQ(after[2].sigma, floor_sigma);
  floored.kappa = 1e-4;
  EXPECT_LT(rate(floored, three, {1, 2, 3})[2].sigma, floor_sigma - 0.01);
}

TEST(Ratings, LargeRatingsStayFinite) {
  // exp(mu / c) alone would overflow here; the shift by the best mu keeps it finite.
  const auto after = rate({{1e5, 2}, {1e5 - 30, 2}, {-1e5, 2}}, {3, 1, 2});
  for (const Rating r : after) {
    EXPECT_TRUE(std::isfinite(r.mu));
    EXPECT_TRUE(std::isfinite(r.sigma));
  }
  EXPECT_LT(after[0].mu, 1e5);
  EXPECT_GT(after[1].mu, 1e5 - 30);
}

TEST(Ratings, OrdinalAndProvisional) {
  EXPECT_DOUBLE_EQ(ordinal(kNewcomer), 0);
  EXPECT_DOUBLE_EQ(ordinal({30, 2}), 24);
  EXPECT_TRUE(kModel.is_provisional(kNewcomer, 0));
  EXPECT_TRUE(kModel.is_provisional({30, 2}, kModel.provisional_games - 1));   // too few games
  EXPECT_TRUE(kModel.is_provisional({30, 7}, kModel.provisional_games + 50));  // still too much doubt
  EXPECT_FALSE(kModel.is_provisional({30, 6}, kModel.provisional_games));
}

TEST(Ratings, RefusesWhatItCannotRate) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Rating r = kNewcomer;
  EXPECT_EQ(refusal({r, r, r}, {1, 2}), "cannot rate the game: 3 ratings but 2 ranks");
  EXPECT_EQ(refusal({r}, {1}), "cannot rate the game: 1 players; a rated game has 2 to 8");
  EXPECT_EQ(refusal({}, {}), "cannot rate the game: 0 players; a rated game has 2 to 8");
  EXPECT_EQ(refusal(std::vector<Rating>(9, r), std::vector<int>(9, 1)),
            "cannot rate the game: 9 players; a rated game has 2 to 8");
  EXPECT_EQ(refusal({r, {nan, 1}}, {1, 2}), "cannot rate the game: before[1].mu is nan, not a finite number");
  EXPECT_EQ(refusal({{-inf, 1}, r}, {1, 2}), "cannot rate the game: before[0].mu is -inf, not a finite number");
  EXPECT_EQ(refusal({r, {25, 0}}, {1, 2}),
            "cannot rate the game: before[1].sigma is 0; it must be a finite number above 0");
  EXPECT_EQ(refusal({r, {25, -1.5}}, {1, 2}),
            "cannot rate the game: before[1].sigma is -1.5; it must be a finite number above 0");
  EXPECT_EQ(refusal({{25, inf}, r}, {1, 2}),
            "cannot rate the game: before[0].sigma is inf; it must be a finite number above 0");
  EXPECT_EQ(refusal({r, r}, {1, 0}), "cannot rate the game: ranks[1] is 0; rank 1 is the best, none is lower");
  RatingModel bad = kModel;
  bad.beta = 0;
  EXPECT_EQ(refusal(bad, {r, r}, {1, 2}),
            "cannot rate the game: the rating model's beta is 0; it must be a finite number above 0");
  bad = kModel;
  bad.kappa = 2;
  EXPECT_EQ(refusal(bad, {r, r}, {1, 2}),
            "cannot rate the game: the rating model's kappa is 2; it must be above 0 and at most 1");
  bad = kModel;
  bad.tau = -0.1;
  EXPECT_EQ(refusal(bad, {r, r}, {1, 2}),
            "cannot rate the game: the rating model's tau is -0.1; it must be a finite number, 0 or more");
  // The project's error type, so that the fronts' handlers of bw::Error report it.
  EXPECT_THROW(rate({r}, {1}), Error);
}

}  // namespace
}  // namespace bw::ratings
