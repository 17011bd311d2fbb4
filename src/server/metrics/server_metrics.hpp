#pragma once
// What `bellwether serve` counts as it goes, for GET /metrics: actions
// stored, refusals by their error code, commit latency, bots' thinking.
// Gauges that read the server's state at scrape time (tables, connections)
// are registered by the Server, which owns that state.
#include <atomic>

#include "server/metrics/registry.hpp"

namespace bw::server {

struct ServerMetrics {
  explicit ServerMetrics(MetricsRegistry& registry);

  Counter& actions;                   // acknowledged: stored, then applied
  Counter& refusals;                  // by the error code the client was sent (docs/protocol.md)
  Histogram& commit_seconds;          // one database transaction of the store's writer (a group commit)
  Histogram& bot_think_seconds;       // one bot decision
  std::atomic<long> bots_waiting{0};  // decisions posted to the bot pool and not started yet
};

}  // namespace bw::server
