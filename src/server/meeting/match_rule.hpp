#pragma once
// Play now's matching rule (docs/protocol.md, "Meeting people"): which
// waiting tickets sit down together now. A pure function of the queue and
// the time, so that every node would decide alike and a test can replay it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "server/store/rows.hpp"

namespace bw::server {

// How far apart two ratings (mu) may be: kWindowStart points, widening by
// one point every kWindowWidensEveryMs of the longer wait.
inline constexpr double kWindowStart = 3.0;
inline constexpr std::int64_t kWindowWidensEveryMs = 5000;
double window_after(std::int64_t waited_ms);

struct Match {
  std::vector<std::size_t> people;  // indices into the waiting tickets, in seat order
  int bots = 0;                     // seats after theirs that bots take
  std::string bot;                  // those bots' agent spec
};

// `waiting`: every waiting ticket (any order). Each ticket is in one match at most.
std::vector<Match> find_matches(const std::vector<TicketRow>& waiting, std::int64_t now_ms);

}  // namespace bw::server
