#pragma once
// `bellwether loadtest --arrivals N`: Play now under load (docs/protocol.md,
// "Meeting people"). People arrive at N a second (a Poisson process, seeded),
// each signed in to an account of a pool made beforehand, ask Play now for
// one game and poll their ticket as a browser does until they are seated;
// once seated they leave and may arrive again. Reports people seated a
// second, the wait from asking to seeing the seat (p50, p99), and, given the
// server's pid, its CPU time per seated person over the measured window.
#include <iosfwd>

namespace bw::server {

struct LoadTestOptions;

int run_matchmaking_loadtest(const LoadTestOptions& options, std::ostream& out, std::ostream& err);

}  // namespace bw::server
