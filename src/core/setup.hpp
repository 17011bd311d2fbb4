#pragma once
// The set-up checks every game makes before dealing: the player count its box
// allows, and a start seat (1-based, 0 = at random) that exists.
#include <string>
#include <string_view>

#include "core/errors.hpp"

namespace bw {

// The one player-count check: the registry makes it before building a state,
// and every State again at set-up (tests and agents build states directly).
inline void check_player_count(std::string_view game_name, int min_players, int max_players, int num_players) {
  if (num_players < min_players || num_players > max_players)
    throw BadSeats(std::string(game_name) + " is for " + std::to_string(min_players) + " to " +
                   std::to_string(max_players) + " players, not " + std::to_string(num_players));
}

inline void check_seats_and_start_player(std::string_view game_name, int min_players, int max_players, int num_players,
                                         int start_player) {
  check_player_count(game_name, min_players, max_players, num_players);
  if (start_player < 0 || start_player > num_players)
    throw BadParameter("start_player=" + std::to_string(start_player) + " but there are only " +
                       std::to_string(num_players) + " players");
}

}  // namespace bw
