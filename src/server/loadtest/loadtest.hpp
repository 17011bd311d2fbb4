#pragma once
// `bellwether loadtest`: many tables over loopback, every seat a client that
// answers with a random legal action; reports acknowledged actions per second
// and the latency from sending an action to its acknowledgement. Clients that
// answer at once keep an action outstanding at every table, so the latency is
// then tables / throughput (Little's law); a think time, as a person takes,
// offers a chosen load instead and measures the latency at that load.
#include <iosfwd>
#include <string>

namespace bw::server {

struct LoadTestOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  int tables = 100;
  int seconds = 20;
  std::string game = "bye-bye";
  int players = 2;
  int connect_per_second = 2000;
  int think_ms = 0;           // a client waits this long after its decision arrives before answering
  int clock_base_s = 0;       // > 0: every table has a clock of this many seconds per seat
  int clock_increment_s = 0;  // and this increment per move
  // The client of every analyse_every-th finished game asks for its post-game
  // analysis (0: none; 1: every game, more asks than the queue takes)
  int analyse_every = 0;
  // Play now (matchmaking.hpp): people arriving a second (0: the table mode above).
  double arrivals_per_second = 0;
  int pool = 0;           // accounts made beforehand (0: enough for the arrivals)
  int bots_after_s = -1;  // each ticket's wait before bots fill its table (-1: people only)
  int poll_ms = 250;      // how often a waiting person asks about their ticket
  int server_pid = 0;     // > 0: the server's process, whose CPU time is reported per seated person
  unsigned seed = 1;
};

int run_loadtest(const LoadTestOptions& options, std::ostream& out, std::ostream& err);

}  // namespace bw::server
