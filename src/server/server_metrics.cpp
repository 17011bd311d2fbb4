#include "server/server_metrics.hpp"

namespace bw::server {

namespace {
// The error codes a client may be sent for something refused; any other
// (one added later) is counted as "other" until it is listed here.
std::vector<std::string> refusal_kinds() {
  return {"already-joined",
          "bad-chat",
          "bad-content-type",
          "bad-host",
          "bad-json",
          "bad-message",
          "bad-method",
          "bad-name",
          "bad-origin",
          "bad-protocol",
          "bad-request",
          "bad-token",
          "chat-full",
          "chat-rate",
          "flooding",
          "full",
          "game-over",
          "headers-too-large",
          "illegal-action",
          "join-timeout",
          "moved",
          "no-chat",
          "not-finished",
          "not-found",
          "not-joined",
          "not-seated",
          "not-stood-in",
          "not-your-seat",
          "not-your-turn",
          "nothing-to-undo",
          "rate-limited",
          "rematch-failed",
          "stale",
          "storage",
          "table-expired",
          "table-finished",
          "too-large",
          "too-many-connections",
          "too-many-tables",
          "undo-refused",
          "unknown-table",
          "unknown-type"};
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
