#include "server/accounts/ratings_api.hpp"

#include <cmath>

#include "games/catalog.hpp"
#include "ratings/ratings.hpp"
#include "server/errors.hpp"
#include "server/store/store.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {
// Shown to one decimal: the model's numbers carry no more meaning than that.
double shown(double value) { return std::round(value * 10) / 10; }
}  // namespace

json ratings_json(Store& store, const std::string& account) {
  const ratings::RatingModel model;
  json ratings = json::array();
  for (const RatingRow& row : store.ratings_of(account)) {
    const ratings::Rating rating{row.mu, row.sigma};
    ratings.push_back({{"game", row.game},
                       {"rating", shown(ratings::ordinal(rating))},
                       {"mu", row.mu},
                       {"sigma", row.sigma},
                       {"games", row.games},
                       {"provisional", model.is_provisional(rating, row.games)}});
  }
  json history = json::array();
  for (const RatingEvent& event : store.rating_history(account, kHistoryRows))
    history.push_back({{"table", event.table},
                       {"game", event.game},
                       {"at", event.at_ms},
                       {"rating", shown(ratings::ordinal({event.mu, event.sigma}))},
                       {"rank", event.rank},
                       {"players", event.players}});
  return {{"ratings", std::move(ratings)}, {"history", std::move(history)}};
}

json leaderboard_json(Store& store, const std::string& game) {
  try {
    registry().find(game);
  } catch (const UnknownGame& e) {
    throw ProtocolError("not-found", e.what());
  }
  const ratings::RatingModel model;
  json rows = json::array();
  int place = 0;
  for (const RatingRow& row :
       store.leaderboard(game, model.provisional_games, model.provisional_sigma, kLeaderboardRows))
    rows.push_back({{"place", ++place},
                    {"name", row.name},
                    {"rating", shown(ratings::ordinal({row.mu, row.sigma}))},
                    {"games", row.games}});
  return {{"game", game}, {"players", std::move(rows)}};
}

}  // namespace bw::server
