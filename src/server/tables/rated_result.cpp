#include "server/tables/rated_result.hpp"

#include <algorithm>
#include <tuple>

namespace bw::server {

GameRating rated_result(bool rated, const std::string& game, const AnyState& end, const std::vector<RatedSeat>& seats,
                        std::int64_t at_ms) {
  if (!rated) return {};
  int people = 0;
  for (const RatedSeat& seat : seats) {
    if (!seat.person) continue;
    if (seat.account.empty()) return {};  // a guest at a rated table: the game counts for nobody
    ++people;
  }
  if (people < 2) return {};
  const std::vector<Player> winners = end.winners();
  const std::vector<double> scores = end.scores();
  // Smaller is better: abandoned last, then winners before the rest, then the higher score.
  auto standing = [&](std::size_t p) {
    const bool won = std::find(winners.begin(), winners.end(), static_cast<Player>(p)) != winners.end();
    const int tier = seats[p].abandoned ? 2 : (won ? 0 : 1);
    return std::make_tuple(tier, -(p < scores.size() ? scores[p] : 0.0));
  };
  GameRating result{game, {}, at_ms};
  for (std::size_t p = 0; p < seats.size(); ++p) {
    if (!seats[p].person) continue;
    int rank = 1;
    for (std::size_t q = 0; q < seats.size(); ++q)
      if (seats[q].person && standing(q) < standing(p)) ++rank;
    result.places.push_back({seats[p].account, rank});
  }
  return result;
}

}  // namespace bw::server
