#pragma once
// Who placed where in a rated game (docs/ratings.md, "Rated games"): the
// winners first, then the others by score, and a person who abandoned the
// game (a bot stood in for them, away or out of time, when it ended) last,
// whatever their seat's bot made of it. Only people are rated; bots' seats
// keep the others' order but get no place.
#include <cstdint>
#include <string>
#include <vector>

#include "core/any_state.hpp"
#include "server/store/rows.hpp"

namespace bw::server {

struct RatedSeat {
  std::string account;     // "" for a bot's seat, or a person's seat bound to no account
  bool person = false;     // a person's seat (not a bot's)
  bool abandoned = false;  // a bot was standing in for the person when the game ended
};

// The places to rate at `end` (a terminal state), or none: the table was not
// rated, a person's seat was bound to no account, or fewer than two accounts played.
GameRating rated_result(bool rated, const std::string& game, const AnyState& end, const std::vector<RatedSeat>& seats,
                        std::int64_t at_ms);

}  // namespace bw::server
