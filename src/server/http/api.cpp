#include "server/http/api.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "core/outside_text.hpp"
#include "core/strict_json.hpp"
#include "server/accounts/accounts_api.hpp"
#include "server/errors.hpp"
#include "server/http/error_codes.hpp"
#include "server/http/gzip.hpp"
#include "server/http/replay_api.hpp"
#include "server/http/replay_service.hpp"
#include "server/http/static_files.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {

constexpr const char* kNotBuilt =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Bellwether</title></head><body>"
    "<h1>Bellwether server</h1><p>The front end is not built. The server is running: its JSON API is at "
    "<a href=\"/api\">/api</a> and its WebSocket at /ws (see docs/protocol.md).</p></body></html>\n";

constexpr const char* kNotFound =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found · Bellwether</title></head><body>"
    "<h1>Not found</h1><p>There is no such page. <a href=\"/\">Go to the lobby</a>.</p></body></html>\n";

// The answer of `make`, or the error a client should get for what it threw.
HttpReply answer_or_error(const std::function<HttpReply()>& make) {
  try {
    return make();
  } catch (const ProtocolError& e) {
    return error_reply(e.code, e.what());
  } catch (const Error& e) {  // unknown game, bad parameter or seats, a record that does not replay
    return error_reply("bad-request", e.what());
  }
}

HttpReply replay_reply(const Replay& replay, const FramePage& page, bool gzip_it) {
  HttpReply reply{200, "application/json", replay_body(replay, page)};
  if (gzip_it && reply.body.size() > 1024) {
    reply.body = gzip(reply.body);
    reply.content_encoding = "gzip";
  }
  return reply;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}
}  // namespace

HttpApi::HttpApi(Hub& hub, StaticFiles static_files, ReplayService& replays, AccountsApi& accounts)
    : hub_(hub), static_files_(std::move(static_files)), replays_(replays), accounts_(accounts) {}

HttpReply HttpApi::static_file(std::string_view path) const {
  StaticLookup found = static_files_.lookup(path);
  switch (found.kind) {
    case StaticLookup::Kind::NotBuilt: return {200, "text/html; charset=utf-8", kNotBuilt};
    case StaticLookup::Kind::NotFound: return {404, "text/html; charset=utf-8", kNotFound};
    case StaticLookup::Kind::File:
    case StaticLookup::Kind::AppPage: break;
  }
  return {200, StaticFiles::content_type_of(found.file), read_file(found.file)};
}

void HttpApi::add_routes(Router& router) {
  const Router* routes = &router;
  auto answer = [](auto make) {
    return [make](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
      reply(make(request, segments));
    };
  };
  router.add("GET", "/api", answer([this, routes](const HttpRequest&, const Segments&) { return index(*routes); }));
  router.add("GET", "/api/games",
             answer([](const HttpRequest&, const Segments&) { return json_reply(200, Hub::games()); }));
  router.add("GET", "/api/tables",
             answer([this](const HttpRequest&, const Segments&) { return json_reply(200, hub_.lobby()); }));
  router.add("POST", "/api/tables", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    create_table(request, reply);
  });
  router.add("GET", "/api/tables/{id}", answer([this](const HttpRequest& request, const Segments& segments) {
               return table_info(request, segments);
             }));
  router.add("GET", "/api/tables/{id}/record",
             answer([this](const HttpRequest&, const Segments& segments) { return record(segments); }));
  // Replays are built on the replay thread (ReplayService), never on an I/O thread.
  router.add("GET", "/api/tables/{id}/replay/{view}",
             [this](const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
               replay_of_table(request, segments, reply);
             });
  router.add("POST", "/api/replay", [this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    replay_of_record(request, reply);
  });
  // A page whose WebSocket was refused asks here why: this POST passes the
  // same Host and Origin checks as an upgrade, and a refusal says what the operator can set.
  router.add("POST", "/api/origin-check", answer([](const HttpRequest&, const Segments&) {
               return json_reply(200, {{"allowed", true}, {"message", "pages of this origin may connect"}});
             }));
  accounts_.add_routes(router);
  router.add_websocket("/ws");
  router.set_fallback([this](const HttpRequest& request, const Segments&, const ReplyFn& reply) {
    reply(static_file(path_of(request.target)));
  });
}

HttpReply HttpApi::index(const Router& router) const {
  return json_reply(200, {{"server", "bellwether"},
                          {"protocol", kProtocolVersion},
                          {"websocket", router.websocket_path()},
                          {"endpoints", router.index("/api")}});
}

namespace {
const std::string& table_id_of(const std::vector<std::string>& segments) {
  if (!looks_like_table_id(segments[2])) throw ProtocolError("unknown-table", "not a table id");
  return segments[2];
}
}  // namespace

HttpReply HttpApi::table_info(const HttpRequest& request, const Segments& segments) const {
  const std::string& id = table_id_of(segments);
  std::string_view auth = request.authorization;
  std::optional<std::string> token;
  if (auth.starts_with("Bearer ")) token = std::string(auth.substr(7));
  return json_reply(200, hub_.table_info(id, token));
}

HttpReply HttpApi::record(const Segments& segments) const {
  return json_reply(200, hub_.record(table_id_of(segments)));
}

void HttpApi::replay_of_table(const HttpRequest& request, const Segments& segments, const ReplyFn& reply) {
  const std::string& id = table_id_of(segments);
  const std::string& view = segments[4];
  FramePage page = frame_page_of(request.target);
  bool gzip_it = request.accepts_gzip;
  replays_.run(
      [this, id, view, page, gzip_it] {
        return answer_or_error([&] {
          auto replay = replays_.cached(id + "/" + view, [&] {
            return build_replay(record_from_json(hub_.record(id)), view);  // throws not-finished
          });
          return replay_reply(*replay, page, gzip_it);
        });
      },
      reply);
}

void HttpApi::replay_of_record(const HttpRequest& request, const ReplyFn& reply) {
  FramePage page = frame_page_of(request.target);
  auto body = std::make_shared<json>(request_json(request.body));
  if (!body->is_object() || !body->contains("record") || !(*body)["record"].is_object())
    throw ProtocolError("bad-request",
                        "send {\"record\": <a record as bellwether play --save writes it>, \"view\": \"all\"}");
  std::string view = body->contains("view") && (*body)["view"].is_string() ? (*body)["view"].get<std::string>() : "all";
  bool gzip_it = request.accepts_gzip;
  replays_.run(
      [body, view, page, gzip_it] {
        return answer_or_error(
            [&] { return replay_reply(build_replay(record_from_json((*body)["record"]), view), page, gzip_it); });
      },
      reply);
}

void HttpApi::create_table(const HttpRequest& request, const ReplyFn& reply) {
  json body = request_json(request.body);
  hub_.create(body, request.client, [reply](std::optional<json> created, const std::string& error) {
    if (created) reply(json_reply(201, *created));
    else reply(error_reply("storage", error));
  });
}

}  // namespace bw::server
