#include "server/http/router.hpp"

#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "server/errors.hpp"

namespace bw::server {

namespace {

constexpr std::string_view kApiPrefix = "/api";

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> segments;
  while (!path.empty()) {
    if (path.front() == '/') path.remove_prefix(1);
    auto end = path.find('/');
    segments.emplace_back(path.substr(0, end));
    path = end == std::string_view::npos ? std::string_view() : path.substr(end);
  }
  return segments;
}

bool is_parameter(std::string_view part) { return part.size() > 2 && part.front() == '{' && part.back() == '}'; }

bool under(std::string_view path, std::string_view prefix) {
  return path.starts_with(prefix) && (path.size() == prefix.size() || path[prefix.size()] == '/');
}

}  // namespace

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

void Router::add(std::string method, std::string pattern, RouteHandler handler) {
  std::vector<std::string> parts = split_path(pattern);
  routes_.push_back({std::move(method), std::move(pattern), std::move(parts), std::move(handler)});
}

void Router::add_websocket(std::string path) { websocket_path_ = std::move(path); }

void Router::set_fallback(RouteHandler handler) { fallback_ = std::move(handler); }

std::vector<std::string> Router::index(std::string_view prefix) const {
  std::vector<std::string> lines;
  for (const Route& route : routes_)
    if (under(route.pattern, prefix) && route.pattern != prefix) lines.push_back(route.method + " " + route.pattern);
  return lines;
}

const Router::Route* Router::match(std::string_view method, const std::vector<std::string>& segments) const {
  for (const Route& route : routes_) {
    if (route.method != method || route.parts.size() != segments.size()) continue;
    bool same = true;
    for (std::size_t i = 0; same && i < segments.size(); ++i)
      same = is_parameter(route.parts[i]) || route.parts[i] == segments[i];
    if (same) return &route;
  }
  return nullptr;
}

void Router::dispatch(const HttpRequest& request, std::string_view path, const ReplyFn& reply) const {
  std::vector<std::string> segments = split_path(path);
  if (const Route* route = match(request.method, segments)) return route->handler(request, segments, reply);
  if (under(path, kApiPrefix))
    return reply(error_reply("not-found", "no API route " + request.method + " " + excerpt(path)));
  if (request.method != "GET" && request.method != "HEAD") return reply(error_reply("bad-method", "only GET here"));
  fallback_(request, segments, reply);
}

void Router::handle(const HttpRequest& request, const ReplyFn& reply) const {
  std::string_view path = path_of(request.target);
  try {
    dispatch(request, path, reply);
  } catch (const TableElsewhere& e) {
    // Another node runs the table: the same request there (a browser's fetch
    // follows it, and keeps the Authorization header: same origin), or, while
    // no node holds it, a retry in a moment.
    if (e.url.empty()) return reply(error_reply(e.code, e.what()).retry_in(1));
    HttpReply moved = error_reply(e.code, e.what(), 307);
    moved.location = e.url + std::string(path);
    return reply(std::move(moved));
  } catch (const OverLimit& e) {
    return reply(error_reply(e.code, e.what()).retry_in(e.retry_seconds));
  } catch (const ProtocolError& e) {
    return reply(error_reply(e.code, e.what()));
  } catch (const Error& e) {  // unknown game, bad parameter or seats: the request is at fault
    return reply(error_reply("bad-request", e.what()));
  }
}

}  // namespace bw::server
