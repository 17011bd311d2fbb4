#include "ratings/ratings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <sstream>
#include <string>

#include "core/types.hpp"

namespace bw::ratings {
namespace {

// "-1", "nan", "inf", "0.125": as a person would write the number back.
std::string text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

[[noreturn]] void refuse(const std::string& why) { throw BadRatingInput("cannot rate the game: " + why); }

void check_setting(const char* name, double value, bool ok, const char* rule) {
  if (!std::isfinite(value) || !ok) {
    refuse(std::string("the rating model's ") + name + " is " + text(value) + "; it must be " + rule);
  }
}

// A model with a sigma of 0 or a beta of infinity would turn every later
// rating into NaN silently; refuse it where it is used, like the input.
void check_model(const RatingModel& model) {
  check_setting("beta", model.beta, model.beta > 0, "a finite number above 0");
  check_setting("kappa", model.kappa, model.kappa > 0 && model.kappa <= 1, "above 0 and at most 1");
  check_setting("tau", model.tau, model.tau >= 0, "a finite number, 0 or more");
}

void check_game(std::span<const Rating> before, std::span<const int> ranks) {
  if (before.size() != ranks.size()) {
    refuse(std::to_string(before.size()) + " ratings but " + std::to_string(ranks.size()) + " ranks");
  }
  if (before.size() < 2 || before.size() > static_cast<std::size_t>(kMaxPlayers)) {
    refuse(std::to_string(before.size()) + " players; a rated game has 2 to " + std::to_string(kMaxPlayers));
  }
  for (std::size_t i = 0; i < before.size(); ++i) {
    const std::string at = "[" + std::to_string(i) + "]";
    if (!std::isfinite(before[i].mu)) refuse("before" + at + ".mu is " + text(before[i].mu) + ", not a finite number");
    if (!std::isfinite(before[i].sigma) || before[i].sigma <= 0) {
      refuse("before" + at + ".sigma is " + text(before[i].sigma) + "; it must be a finite number above 0");
    }
    if (ranks[i] < 1) refuse("ranks" + at + " is " + std::to_string(ranks[i]) + "; rank 1 is the best, none is lower");
  }
}

}  // namespace

std::vector<Rating> RatingModel::rate(std::span<const Rating> before, std::span<const int> ranks) const {
  check_model(*this);
  check_game(before, ranks);
  const std::size_t n = before.size();

  // Additive dynamics: a player's skill may have moved since their last game,
  // so their doubt grows by tau (in quadrature) before this game is weighed.
  std::array<double, kMaxPlayers> variance{};
  double c_squared = 0;  // the game's total spread: every player's doubt plus their game-day noise
  double best_mu = before[0].mu;
  for (std::size_t i = 0; i < n; ++i) {
    variance[i] = before[i].sigma * before[i].sigma + tau * tau;
    c_squared += variance[i] + beta * beta;
    best_mu = std::max(best_mu, before[i].mu);
  }
  const double c = std::sqrt(c_squared);

  // Each player's Plackett-Luce strength exp(mu / c). It only ever enters as
  // a share of a sum of strengths, so measuring every mu from the best one
  // changes no result and keeps exp() from overflowing on large ratings.
  std::array<double, kMaxPlayers> strength{};
  for (std::size_t i = 0; i < n; ++i) strength[i] = std::exp((before[i].mu - best_mu) / c);

  // The model places the players one rank at a time, each time choosing among
  // those not yet placed. For player q: the strength still in the draw when
  // q's rank is placed (q and everyone ranked level with or below q), and how
  // many share q's rank. A tie group of size A_q shares each of its terms
  // A_q ways, so a tie between equals moves neither player.
  std::array<double, kMaxPlayers> remaining{};
  std::array<int, kMaxPlayers> tied{};
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t s = 0; s < n; ++s) {
      if (ranks[s] >= ranks[q]) remaining[q] += strength[s];
      if (ranks[s] == ranks[q]) ++tied[q];
    }
  }

  std::vector<Rating> after;
  after.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Over every placement at which i was still in the draw: did i win it
    // (1) against the model's chance p that i would; and p's variance p(1-p).
    double surprise = 0;     // the paper's Omega_i before scaling
    double information = 0;  // the paper's Delta_i before scaling
    for (std::size_t q = 0; q < n; ++q) {
      if (ranks[q] > ranks[i]) continue;
      const double p = strength[i] / remaining[q];
      surprise += ((q == i ? 1.0 : 0.0) - p) / tied[q];
      information += p * (1.0 - p) / tied[q];
    }
    // The paper's damping gamma_i = sigma_i / c: a player whose doubt is a
    // small part of the game's total spread learns little about it here.
    const double gamma = std::sqrt(variance[i]) / c;
    const double mu = before[i].mu + variance[i] / c * surprise;
    // kappa keeps the variance positive however lopsided the game was.
    const double shrink = std::max(1.0 - gamma * variance[i] / c_squared * information, kappa);
    after.push_back({mu, std::sqrt(variance[i] * shrink)});
  }
  return after;
}

}  // namespace bw::ratings
