#include "server/http_api.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "core/outside_text.hpp"
#include "core/strict_json.hpp"
#include "server/error_codes.hpp"
#include "server/errors.hpp"
#include "server/gzip.hpp"
#include "server/protocol.hpp"
#include "server/replay_api.hpp"
#include "server/replay_service.hpp"
#include "server/static_files.hpp"

namespace bw::server {

using json = nlohmann::json;

namespace {
HttpReply json_reply(unsigned status, const json& body) { return {status, "application/json", body.dump()}; }
}  // namespace

HttpReply error_reply(const std::string& code, const std::string& message, unsigned status) {
  HttpReply reply =
      json_reply(status ? status : http_status_of(code), {{"error", {{"code", code}, {"message", message}}}});
  reply.error_code = code;
  return reply;
}

namespace {

constexpr const char* kNotBuilt =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Bellwether</title></head><body>"
    "<h1>Bellwether server</h1><p>The front end is not built. The server is running: its JSON API is at "
    "<a href=\"/api\">/api</a> and its WebSocket at /ws (see docs/protocol.md).</p></body></html>\n";

constexpr const char* kNotFound =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found · Bellwether</title></head><body>"
    "<h1>Not found</h1><p>There is no such page. <a href=\"/\">Go to the lobby</a>.</p></body></html>\n";

// A POST body: strict JSON (no key twice, bounded depth), else "bad-json".
json request_json(const std::string& body) {
  try {
    return parse_strict_json(body, "the request", {kMaxMessageBytes, 16});
  } catch (const BadJson& e) {
    throw ProtocolError("bad-json", e.what());
  }
}

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

HttpApi::HttpApi(Hub& hub, StaticFiles static_files, ClientLimits& client_limits, ReplayService& replays)
    : hub_(hub), static_files_(std::move(static_files)), client_limits_(client_limits), replays_(replays) {}

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

void HttpApi::handle(const HttpRequest& request, const std::function<void(HttpReply)>& reply) {
  const std::string_view method = request.method;
  const std::string_view target = request.target;
  std::string_view path = target.substr(0, target.find('?'));
  try {
    if (!path.starts_with("/api")) {
      if (method != "GET" && method != "HEAD") return reply(error_reply("bad-method", "only GET here"));
      return reply(static_file(path));
    }
    auto segments = [&] {
      std::vector<std::string> parts;
      std::string_view rest = path.substr(4);
      while (!rest.empty()) {
        if (rest.front() == '/') rest.remove_prefix(1);
        auto end = rest.find('/');
        parts.emplace_back(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
      }
      return parts;
    }();
    auto route = [&](std::string_view want_method, std::initializer_list<const char*> pattern) {
      if (method != want_method || segments.size() != pattern.size()) return false;
      std::size_t i = 0;
      for (const char* part : pattern) {
        if (std::string_view(part) != "*" && segments[i] != part) return false;
        ++i;
      }
      return true;
    };
    if (segments.empty() && method == "GET")
      return reply(json_reply(200, {{"server", "bellwether"},
                                    {"protocol", kProtocolVersion},
                                    {"websocket", "/ws"},
                                    {"endpoints",
                                     {"GET /api/games", "GET /api/tables", "POST /api/tables", "GET /api/tables/{id}",
                                      "GET /api/tables/{id}/record", "GET /api/tables/{id}/replay/{view}",
                                      "POST /api/replay", "POST /api/origin-check"}}}));
    if (route("GET", {"games"})) return reply(json_reply(200, Hub::games()));
    // A page whose WebSocket was refused asks here why: this POST passes the
    // same Host and Origin checks as an upgrade, and a refusal says what the operator can set.
    if (route("POST", {"origin-check"}))
      return reply(json_reply(200, {{"allowed", true}, {"message", "pages of this origin may connect"}}));
    if (route("GET", {"tables"})) return reply(json_reply(200, hub_.lobby()));
    if (route("GET", {"tables", "*"})) {
      if (!looks_like_table_id(segments[1])) throw ProtocolError("unknown-table", "not a table id");
      std::string_view auth = request.authorization;
      std::optional<std::string> token;
      if (auth.starts_with("Bearer ")) token = std::string(auth.substr(7));
      return reply(json_reply(200, hub_.table_info(segments[1], token)));
    }
    if (route("GET", {"tables", "*", "record"})) {
      if (!looks_like_table_id(segments[1])) throw ProtocolError("unknown-table", "not a table id");
      return reply(json_reply(200, hub_.record(segments[1])));
    }
    // Replays are built on the replay thread (ReplayService), never here.
    if (route("GET", {"tables", "*", "replay", "*"})) {
      if (!looks_like_table_id(segments[1])) throw ProtocolError("unknown-table", "not a table id");
      FramePage page = frame_page_of(target);
      const std::string& id = segments[1];
      const std::string& view = segments[3];
      bool gzip_it = request.accepts_gzip;
      return replays_.run(
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
    if (route("POST", {"replay"})) {
      FramePage page = frame_page_of(target);
      auto body = std::make_shared<json>(request_json(request.body));
      if (!body->is_object() || !body->contains("record") || !(*body)["record"].is_object())
        throw ProtocolError("bad-request",
                            "send {\"record\": <a record as bellwether play --save writes it>, \"view\": \"all\"}");
      std::string view =
          body->contains("view") && (*body)["view"].is_string() ? (*body)["view"].get<std::string>() : "all";
      bool gzip_it = request.accepts_gzip;
      return replays_.run(
          [body, view, page, gzip_it] {
            return answer_or_error(
                [&] { return replay_reply(build_replay(record_from_json((*body)["record"]), view), page, gzip_it); });
          },
          reply);
    }
    if (route("POST", {"tables"})) {
      json body = request_json(request.body);
      if (int wait = client_limits_.take_creation(request.client)) {
        HttpReply refusal = error_reply(
            "rate-limited", "at most " + fmt::format("{:g}", client_limits_.settings().tables_per_minute) +
                                " new tables a minute from one address; try again in " + std::to_string(wait) + " s");
        refusal.retry_after = wait;
        return reply(std::move(refusal));
      }
      hub_.create(body, request.client, [reply](std::optional<json> created, const std::string& error) {
        if (created) reply(json_reply(201, *created));
        else reply(error_reply("storage", error));
      });
      return;
    }
    return reply(error_reply("not-found", "no API route " + std::string(method) + " " + excerpt(path)));
  } catch (const TableElsewhere& e) {
    // Another node runs the table: the same request there (a browser's fetch
    // follows it, and keeps the Authorization header: same origin), or, while
    // no node holds it, a retry in a moment.
    if (e.url.empty()) return reply(error_reply(e.code, e.what()).retry_in(1));
    HttpReply moved = error_reply(e.code, e.what(), 307);
    moved.location = e.url + std::string(path);
    return reply(std::move(moved));
  } catch (const ProtocolError& e) {
    return reply(error_reply(e.code, e.what()));
  } catch (const Error& e) {  // unknown game, bad parameter or seats: the request is at fault
    return reply(error_reply("bad-request", e.what()));
  }
}

}  // namespace bw::server
