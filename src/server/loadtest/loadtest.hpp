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
};

int run_loadtest(const LoadTestOptions& options, std::ostream& out, std::ostream& err);

}  // namespace bw::server
