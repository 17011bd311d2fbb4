#pragma once
#include <ostream>
#include <string>

namespace bw {

// `bellwether bench [GAME] [--json]`: per game, random games per second on one
// core, ns per action, heap allocations per action, sizeof(State), ns per
// state copy — medians of 5 repetitions (Google Benchmark underneath).
int run_bench(const std::string& game_filter, bool json, double min_time_seconds, std::ostream& out);

}  // namespace bw
