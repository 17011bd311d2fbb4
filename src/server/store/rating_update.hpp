#pragma once
// A rated game's end (docs/ratings.md, "Rated games"): its players' ratings
// after it, from the ones before. Both back ends call this inside the
// transaction that stores the game's last action, so a rating moves exactly
// when the game is stored as over: a crash loses both or neither.
#include <cstdint>
#include <vector>

#include "server/store/rows.hpp"

namespace bw::server {

// `before[i]` is the stored rating of `result.places[i].account` in
// `result.game`, or a row with games = 0 for a first rated game (its mu and
// sigma are ignored then: a newcomer's are used). Returns the rows to store,
// in the same order, each with one more game and `now_ms`. Throws
// BadRatingInput (bw::Error) on a result the model cannot rate.
std::vector<RatingRow> ratings_after(const GameRating& result, const std::vector<RatingRow>& before,
                                     std::int64_t now_ms);

// The same, but a result the model refuses rates nobody (and is logged):
// the game's end is stored whatever the ratings make of it.
std::vector<RatingRow> rated_or_none(const GameRating& result, const std::vector<RatingRow>& before);

}  // namespace bw::server
