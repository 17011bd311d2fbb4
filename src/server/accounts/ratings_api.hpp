#pragma once
// Ratings as people read them (docs/ratings.md, "What people see"): a
// player's per game, with the games behind them and their recent history,
// and a game's leaderboard. The number shown is ordinal (mu - 3 sigma).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

namespace bw::server {

class Store;

inline constexpr std::size_t kLeaderboardRows = 100;
inline constexpr std::size_t kHistoryRows = 200;

// {"ratings": [{"game", "rating", "mu", "sigma", "games", "provisional"}], "history": [{"table", "game", "at",
// "rating", "rank", "players"}]} of one account.
nlohmann::json ratings_json(Store& store, const std::string& account);

// GET /api/leaderboard/{game}: throws ProtocolError "not-found" for a game the server does not have.
nlohmann::json leaderboard_json(Store& store, const std::string& game);

}  // namespace bw::server
