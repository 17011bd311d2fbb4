#include "core/registry.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw {

void GameInfo::check_player_count(int num_players) const {
  if (num_players < min_players || num_players > max_players)
    throw BadSeats(name + " is for " + std::to_string(min_players) + " to " + std::to_string(max_players) +
                   " players, not " + std::to_string(num_players));
}

std::unique_ptr<AnyState> GameInfo::start(const ParamMap& given, int num_players, std::uint64_t seed) const {
  check_player_count(num_players);
  return new_state(*this, validate_params(params, given), num_players, seed);
}

void Registry::add(GameInfo info) { games_.push_back(std::move(info)); }

const GameInfo& Registry::find(const std::string& id) const {
  for (const auto& game : games_)
    if (game.id == id) return game;
  std::string known;
  for (const auto& game : games_) known += (known.empty() ? "" : ", ") + game.id;
  throw UnknownGame("unknown game '" + excerpt(id) + "' (known games: " + known + ")");
}

}  // namespace bw
