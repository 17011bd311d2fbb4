#pragma once
// Player ratings for free-for-all games: the Weng-Lin Bayesian approximation
// with the Plackett-Luce model (R. C. Weng and C.-J. Lin, "A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011, Algorithm 4), each
// player their own team, ties allowed. docs/ratings.md says why each number.
#include <span>
#include <vector>

#include "core/errors.hpp"

namespace bw::ratings {

// A belief about a player's skill: a normal distribution N(mu, sigma^2).
struct Rating {
  double mu;
  double sigma;
  bool operator==(const Rating&) const = default;
};

// Input that cannot be rated: sizes that differ, fewer than two players, a
// rank below 1, a number that is not finite, a sigma that is not positive.
struct BadRatingInput : Error {
  using Error::Error;
};

// How many sigmas below mu the shown number sits: under the model a player's
// skill is above ordinal() with a probability of about 99.9%.
constexpr double kOrdinalSigmas = 3.0;

// The leaderboard's number: cautious, so that a newcomer (25, 25/3) shows 0
// and climbs as games remove doubt, rather than topping the board after one win.
constexpr double ordinal(Rating r) { return r.mu - kOrdinalSigmas * r.sigma; }

struct RatingModel {
  double mu0 = 25.0;           // a newcomer's mean
  double sigma0 = 25.0 / 3.0;  // a newcomer's doubt: ordinal() starts at 0
  double beta = 25.0 / 6.0;    // the spread of one game's performance around skill
  double kappa = 1e-4;         // sigma^2 shrinks at most to kappa times itself in one game
  double tau = 25.0 / 300.0;   // added to sigma in quadrature before each game, so skill may drift
  // A rating is provisional (marked, and kept off the leaderboard) while either
  // holds: fewer rated games than provisional_games, or sigma still above
  // provisional_sigma (docs/ratings.md gives the measurements behind both).
  int provisional_games = 10;
  double provisional_sigma = 6.5;

  Rating initial() const { return {mu0, sigma0}; }

  // The ratings after one game of 2 to kMaxPlayers (core/types.hpp) players.
  // before[i] and ranks[i] are player i's; rank 1 is best, equal ranks are a
  // tie, gaps mean nothing ({1, 3, 3} rates as {1, 2, 2}). Returns one rating
  // per player in the same order. Throws BadRatingInput, naming the problem.
  std::vector<Rating> rate(std::span<const Rating> before, std::span<const int> ranks) const;

  bool is_provisional(Rating r, int rated_games) const {
    return rated_games < provisional_games || r.sigma > provisional_sigma;
  }
};

}  // namespace bw::ratings
