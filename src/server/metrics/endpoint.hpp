#pragma once
// GET /metrics: the registry's text for a scraper on this machine, the
// addresses of --metrics-from and the bearer of --metrics-token; 403 for
// anyone else, and for a client the server cannot tell (fail closed).
#include "server/http/message.hpp"
#include "server/serve_options.hpp"

namespace bw::server {

class MetricsRegistry;

HttpReply metrics_reply(const ServeOptions& options, const MetricsRegistry& registry, const HttpRequest& request);

}  // namespace bw::server
