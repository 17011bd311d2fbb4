#include "server/store/rating_update.hpp"

#include <cassert>

#include "ratings/ratings.hpp"
#include "server/log.hpp"

namespace bw::server {

std::vector<RatingRow> ratings_after(const GameRating& result, const std::vector<RatingRow>& before,
                                     std::int64_t now_ms) {
  assert(before.size() == result.places.size());
  const ratings::RatingModel model;
  std::vector<ratings::Rating> prior;
  std::vector<int> ranks;
  for (std::size_t i = 0; i < before.size(); ++i) {
    prior.push_back(before[i].games > 0 ? ratings::Rating{before[i].mu, before[i].sigma} : model.initial());
    ranks.push_back(result.places[i].rank);
  }
  const std::vector<ratings::Rating> posterior = model.rate(prior, ranks);
  std::vector<RatingRow> after;
  after.reserve(before.size());
  for (std::size_t i = 0; i < before.size(); ++i)
    after.push_back({result.places[i].account, result.game, posterior[i].mu, posterior[i].sigma, before[i].games + 1,
                     now_ms, before[i].name});
  return after;
}

std::vector<RatingRow> rated_or_none(const GameRating& result, const std::vector<RatingRow>& before) {
  try {
    return ratings_after(result, before, result.at_ms);
  } catch (const Error& e) {
    log("a rated game of {} could not be rated: {}", result.game, e.what());
    return {};
  }
}

}  // namespace bw::server
