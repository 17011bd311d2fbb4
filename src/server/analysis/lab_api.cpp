#include "server/analysis/lab_api.hpp"

#include <nlohmann/json.hpp>

#include "core/outside_text.hpp"
#include "server/analysis/lab_jobs.hpp"
#include "server/errors.hpp"
#include "server/http/message.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {
// Seconds a client is told to wait before asking again when the lab is full.
constexpr int kRetryWhenBusy = 30;
}  // namespace

void add_lab_routes(Router& router, LabJobs& lab) {
  using Segments = std::vector<std::string>;
  router.add("GET", "/api/lab", [&lab](const HttpRequest&, const Segments&, const ReplyFn& reply) {
    const LabSettings& settings = lab.settings();
    if (!settings.enabled)
      return reply(json_reply(200, {{"enabled", false}, {"message", "this server has no balance lab (serve --lab)"}}));
    reply(json_reply(200, {{"enabled", true},
                           {"levels", lab_levels()},
                           {"max_games", settings.max_games},
                           {"max_seconds", settings.max_seconds}}));
  });
  router.add("POST", "/api/lab", [&lab](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    std::optional<std::string> id = lab.start(request_json(request.body));
    if (!id) return reply(error_reply("busy", "the balance lab is full; ask again later").retry_in(kRetryWhenBusy));
    reply(json_reply(202, json::parse(lab.status(*id).value_or(R"({"status":"queued"})"))));
  });
  router.add("GET", "/api/lab/{id}", [&lab](const HttpRequest&, const Segments& segments, const ReplyFn& reply) {
    std::optional<std::string> status = lab.status(segments[2]);
    if (!status) throw ProtocolError("not-found", "there is no lab job '" + excerpt(segments[2]) + "'");
    reply({200, "application/json", *status});
  });
}

}  // namespace bw::server
