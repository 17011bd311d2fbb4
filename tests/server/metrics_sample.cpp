// Prints what /metrics would answer for a registry like the server's, with a
// little of everything counted, for Prometheus's own checker to read
// (metrics_promtool.sh: `bellwether_metrics_sample | promtool check metrics`).
#include <chrono>
#include <iostream>
#include <vector>

#include "server/metrics/registry.hpp"

int main() {
  using namespace std::chrono_literals;
  using bw::server::GaugeSample;
  bw::server::MetricsRegistry registry;

  bw::server::Counter& refusals =
      registry.counter("bellwether_refusals_total", "Messages and requests the server refused, by why.", "kind",
                       {"rate-limited", "too-many-tables", "too-many-connections", "bad-message"});
  refusals.inc("rate-limited", 17);
  refusals.inc("bad-message");
  refusals.inc("a kind added later");  // counted as "other"
  registry.counter("bellwether_games_finished_total", "Games played to the end.").inc(42);

  registry.gauge("bellwether_connections", "WebSocket connections open.", [] { return 12.0; });
  registry.gauge("bellwether_bot_queue_length", "Bot moves waiting for a thread.", [] { return 3.0; });
  registry.gauge("bellwether_tables", "Tables held in memory, by state.", "state", [] {
    return std::vector<GaugeSample>{{.label_value = "waiting", .value = 4},
                                    {.label_value = "playing", .value = 9},
                                    {.label_value = "finished", .value = 1}};
  });
  // Prometheus's parser, not only ours, has to read the escapes back.
  registry.gauge("bellwether_sample_escapes", "A label value with \\ \"quotes\" and\na newline in it.", "text", [] {
    return std::vector<GaugeSample>{{.label_value = "back\\slash \"quoted\"\nnext line", .value = 1}};
  });

  bw::server::Histogram& commit =
      registry.histogram("bellwether_commit_seconds", "Time to commit one move to the store.",
                         {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1});
  for (std::chrono::microseconds elapsed : {300us, 800us, 800us, 2000us, 7000us, 40000us}) commit.observe(elapsed);
  commit.observe(3s);  // above the last bound
  bw::server::Histogram& think = registry.histogram("bellwether_bot_think_seconds", "Time a bot took to choose a move.",
                                                    {0.001, 0.01, 0.1, 0.5, 1, 2.5, 5, 10});
  for (double seconds : {0.0004, 0.03, 0.2, 0.2, 0.7, 1.5, 4.0, 12.0}) think.observe(seconds);

  std::cout << registry.render();
  return std::cout.good() ? 0 : 1;
}
