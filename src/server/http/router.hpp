#pragma once
// Every address the server answers, in one table: the JSON API, /metrics,
// the WebSocket's /ws and the static front end. A route is a method and a
// path pattern whose `{name}` segments match any one segment
// ("/api/tables/{id}/replay/{view}"); the /api index lists the routes
// themselves, so an endpoint cannot be served and missing from it.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "server/http/message.hpp"

namespace bw::server {

using ReplyFn = std::function<void(HttpReply)>;
// `segments`: the path's segments ("/api/tables/ab12" → api, tables, ab12).
// `reply` runs exactly once, possibly on another thread (a table's creation
// waits for the database). A handler may throw the server's errors: the
// router answers them (ProtocolError → its code, TableElsewhere → 307 or 503).
using RouteHandler =
    std::function<void(const HttpRequest& request, const std::vector<std::string>& segments, const ReplyFn& reply)>;

class Router {
 public:
  void add(std::string method, std::string pattern, RouteHandler handler);
  // The path WebSocket upgrades go to; an upgrade anywhere else is refused.
  void add_websocket(std::string path);
  // GET and HEAD of any path no route claims, outside the API (the front end's files).
  void set_fallback(RouteHandler handler);

  bool is_websocket(std::string_view path) const { return path == websocket_path_; }
  const std::string& websocket_path() const { return websocket_path_; }
  // "GET /api/games", … for every route under `prefix`, in the order added.
  std::vector<std::string> index(std::string_view prefix) const;

  void handle(const HttpRequest& request, const ReplyFn& reply) const;

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> parts;  // the pattern's segments
    RouteHandler handler;
  };
  const Route* match(std::string_view method, const std::vector<std::string>& segments) const;
  void dispatch(const HttpRequest& request, std::string_view path, const ReplyFn& reply) const;

  std::vector<Route> routes_;
  std::string websocket_path_;
  RouteHandler fallback_;
};

// The path of a request target, without its query.
std::string_view path_of(std::string_view target);

}  // namespace bw::server
