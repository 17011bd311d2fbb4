#include "server/metrics/endpoint.hpp"

#include <algorithm>
#include <string_view>

#include "server/metrics/registry.hpp"

namespace bw::server {

namespace {

bool bearer_matches(const std::string& token, std::string_view authorization) {
  if (token.empty() || !authorization.starts_with("Bearer ")) return false;
  std::string_view given = authorization.substr(7);
  if (given.size() != token.size()) return false;
  unsigned char differs = 0;  // every byte compared: the time says nothing of where a guess went wrong
  for (std::size_t i = 0; i < token.size(); ++i) differs |= static_cast<unsigned char>(given[i] ^ token[i]);
  return differs == 0;
}

bool may_read_metrics(const ServeOptions& options, const std::string& client, std::string_view authorization) {
  if (client == "127.0.0.1" || client == "::1") return true;
  if (client == kUnknownClient) return bearer_matches(options.metrics_token, authorization);
  if (std::find(options.metrics_from.begin(), options.metrics_from.end(), client) != options.metrics_from.end())
    return true;
  return bearer_matches(options.metrics_token, authorization);
}

}  // namespace

HttpReply metrics_reply(const ServeOptions& options, const MetricsRegistry& registry, const HttpRequest& request) {
  if (!may_read_metrics(options, request.client, request.authorization))
    return error_reply("forbidden",
                       "metrics are for this machine, the addresses of --metrics-from and the bearer of "
                       "--metrics-token");
  return {200, std::string(kMetricsContentType), registry.render()};
}

}  // namespace bw::server
