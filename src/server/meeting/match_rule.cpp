#include "server/meeting/match_rule.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bw::server {

double window_after(std::int64_t waited_ms) {
  return kWindowStart + static_cast<double>(std::max<std::int64_t>(0, waited_ms)) / kWindowWidensEveryMs;
}

bool same_queue(const TicketRow& a, const TicketRow& b) {
  return a.game == b.game && a.players == b.players && a.time == b.time;
}

namespace {

// Both may meet: their ratings differ by at most the window of the one who has waited longer.
bool may_meet(const TicketRow& a, const TicketRow& b, std::int64_t now_ms) {
  return std::abs(a.mu - b.mu) <= window_after(now_ms - std::min(a.since_ms, b.since_ms));
}

bool older(const TicketRow& a, const TicketRow& b) {
  return a.since_ms != b.since_ms ? a.since_ms < b.since_ms : a.account < b.account;
}

}  // namespace

std::vector<Match> find_matches(const std::vector<TicketRow>& waiting, std::int64_t now_ms) {
  std::vector<std::size_t> by_age(waiting.size());
  std::iota(by_age.begin(), by_age.end(), std::size_t{0});
  std::sort(by_age.begin(), by_age.end(), [&](std::size_t a, std::size_t b) { return older(waiting[a], waiting[b]); });
  std::vector<bool> seated(waiting.size(), false);
  std::vector<Match> matches;
  for (std::size_t first : by_age) {
    if (seated[first]) continue;
    const TicketRow& oldest = waiting[first];
    if (oldest.players < 1) continue;
    std::vector<std::size_t> near;
    for (std::size_t other : by_age)
      if (other != first && !seated[other] && same_queue(oldest, waiting[other]) &&
          may_meet(oldest, waiting[other], now_ms))
        near.push_back(other);
    // Nearest in rating first; older first among equals.
    std::sort(near.begin(), near.end(), [&](std::size_t a, std::size_t b) {
      const double from_a = std::abs(waiting[a].mu - oldest.mu), from_b = std::abs(waiting[b].mu - oldest.mu);
      return from_a != from_b ? from_a < from_b : older(waiting[a], waiting[b]);
    });
    const auto others = static_cast<std::size_t>(oldest.players - 1);
    Match match;
    match.people.push_back(first);
    if (near.size() >= others) {
      match.people.insert(match.people.end(), near.begin(), near.begin() + static_cast<std::ptrdiff_t>(others));
    } else if (oldest.bots_after_ms >= 0 && now_ms - oldest.since_ms >= oldest.bots_after_ms) {
      // Only those who accept bots sit at a table with one.
      for (std::size_t other : near)
        if (waiting[other].bots_after_ms >= 0) match.people.push_back(other);
      match.bots = oldest.players - static_cast<int>(match.people.size());
      match.bot = oldest.bot;
    } else {
      continue;
    }
    for (std::size_t person : match.people) seated[person] = true;
    matches.push_back(std::move(match));
  }
  return matches;
}

}  // namespace bw::server
