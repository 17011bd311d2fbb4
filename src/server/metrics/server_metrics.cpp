#include "server/metrics/server_metrics.hpp"

#include "server/http/error_codes.hpp"

namespace bw::server {

namespace {
// Every code a client may be refused with (error_codes.cpp): each is counted from the start, at 0.
std::vector<std::string> refusal_kinds() {
  std::vector<std::string> kinds;
  for (const ErrorCode& known : error_codes()) kinds.emplace_back(known.code);
  return kinds;
}
}  // namespace

ServerMetrics::ServerMetrics(MetricsRegistry& registry)
    : actions(registry.counter("bellwether_actions_total", "Actions stored and acknowledged")),
      refusals(registry.counter("bellwether_refusals_total",
                                "Requests and messages refused, by the error code the client was sent", "kind",
                                refusal_kinds())),
      commit_seconds(registry.histogram("bellwether_commit_seconds",
                                        "Time of one transaction of the store's writer (a group commit), in seconds",
                                        {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2})),
      bot_think_seconds(registry.histogram("bellwether_bot_think_seconds", "Time of one bot decision, in seconds",
                                           {0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5})) {
  registry.gauge("bellwether_bot_queue_length", "Bot decisions waiting for a bot thread",
                 [this] { return static_cast<double>(bots_waiting.load(std::memory_order_relaxed)); });
}

}  // namespace bw::server
