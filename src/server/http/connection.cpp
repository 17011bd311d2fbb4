#include "server/http/connection.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "core/outside_text.hpp"
#include "server/guard/client_limits.hpp"
#include "server/guard/site_guard.hpp"
#include "server/http/gzip.hpp"
#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/log.hpp"
#include "server/metrics/server_metrics.hpp"
#include "server/ws/protocol.hpp"
#include "server/ws/session.hpp"

namespace bw::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::use_awaitable;

namespace {

// Waits for the router's answer, which may come from the database's writer thread.
template <class Token>
auto async_route(const Router& router, HttpRequest request, Token&& token) {
  return asio::async_initiate<Token, void(HttpReply)>(
      [&router](auto handler, const HttpRequest& request) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        router.handle(request, [shared](HttpReply reply) {
          auto executor = asio::get_associated_executor(*shared);
          asio::post(executor, [shared, reply = std::move(reply)]() mutable { (*shared)(std::move(reply)); });
        });
      },
      token, std::move(request));
}

// Who is asking: the peer's address, or, from a proxy on this machine, the
// address the operator's header names (--client-ip-header). A loopback
// request whose header is missing or unreadable is nobody known ("?"), never
// this machine: a proxy that forgot the header must not make every visitor
// local (fail closed: /metrics then wants the token).
std::string client_of(const tcp::socket& socket, const http::request<http::string_body>& request,
                      const ServeOptions& options) {
  beast::error_code ec;
  auto peer = socket.remote_endpoint(ec);
  if (ec) return kUnknownClient;
  if (options.client_ip_header.empty() || !peer.address().is_loopback()) return peer.address().to_string();
  if (request.count(options.client_ip_header) != 1) return kUnknownClient;
  std::string_view named = request[options.client_ip_header];
  named = named.substr(named.rfind(',') == std::string_view::npos ? 0 : named.rfind(',') + 1);  // the proxy's own entry
  while (!named.empty() && (named.front() == ' ' || named.front() == '\t')) named.remove_prefix(1);
  while (!named.empty() && (named.back() == ' ' || named.back() == '\t')) named.remove_suffix(1);
  return is_ip_literal(named) ? std::string(named) : kUnknownClient;
}

// How the body is framed: by Content-Length, or by Transfer-Encoding that is
// exactly "chunked", never both and never anything else. A proxy in front
// may read an odd Transfer-Encoding ("xchunked", a folded line) otherwise
// than this server, and a request hidden in the body would then be answered
// (request smuggling). Empty when the framing is plain.
std::string framing_problem(const http::request<http::string_body>& request) {
  const std::size_t encodings = request.count(http::field::transfer_encoding);
  if (encodings == 0) return {};
  if (request.count(http::field::content_length) > 0)
    return "a request has Content-Length or Transfer-Encoding, not both";
  if (encodings > 1 || !beast::iequals(request[http::field::transfer_encoding], "chunked"))
    return "the only Transfer-Encoding this server reads is \"chunked\"";
  return {};
}

http::response<http::string_body> make_response(const http::request<http::string_body>& request, HttpReply reply) {
  http::response<http::string_body> response{static_cast<http::status>(reply.status), request.version()};
  response.set(http::field::server, "bellwether");
  response.set(http::field::content_type, reply.content_type);
  response.set(http::field::cache_control, "no-store");
  // Pages run only their own scripts, and never tell another site where they
  // were (an invite's token is in the address).
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set("Cross-Origin-Opener-Policy", "same-origin");
  if (reply.content_type.starts_with("text/html")) {
    response.set("Content-Security-Policy",
                 "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                 "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
    response.set("X-Frame-Options", "DENY");
  }
  if (reply.retry_after > 0) response.set(http::field::retry_after, std::to_string(reply.retry_after));
  if (!reply.location.empty()) response.set(http::field::location, reply.location);
  if (!reply.content_encoding.empty()) response.set(http::field::content_encoding, reply.content_encoding);
  for (const std::string& cookie : reply.set_cookies) response.insert(http::field::set_cookie, cookie);
  if (request.target().starts_with("/api/")) response.set(http::field::vary, "Accept-Encoding");
  response.keep_alive(request.keep_alive());
  if (request.method() != http::verb::head) response.body() = std::move(reply.body);
  response.prepare_payload();
  return response;
}

// What the server refuses before a request reaches the API: a Host that is
// not this server's, and a state-changing request a page of another site
// could send (not JSON, or from another origin). {200} when it passes.
HttpReply screen(const http::request<http::string_body>& request, const ConnectionContext& shared) {
  std::string host(request[http::field::host]);
  if (request.count(http::field::host) > 1 || (host.empty() && request.version() >= 11))
    return error_reply("bad-host", "an HTTP/1.1 request names its host in exactly one Host header", 400);
  if (auto problem = shared.guard->host_problem(host); !problem.empty()) return error_reply("bad-host", problem);
  bool changes_state = request.target().starts_with("/api") && request.method() != http::verb::get &&
                       request.method() != http::verb::head;
  if (!changes_state || websocket::is_upgrade(request)) return {};
  std::string_view type = request[http::field::content_type];
  if (!(type == "application/json" || type.starts_with("application/json;")))
    return error_reply("bad-content-type", "send the request body as Content-Type: application/json");
  std::string_view origin = request[http::field::origin];
  if (!shared.guard->origin_allowed(origin, host))
    return error_reply("bad-origin", shared.guard->origin_hint(origin, host));
  return {};
}

// The answer to a request that could not be read, before the connection is
// closed; nothing when the client went away (or was silent) instead.
std::optional<HttpReply> unreadable(const beast::error_code& ec) {
  if (ec == http::error::body_limit) return error_reply("too-large", "a request body is at most 64 KiB");
  if (ec == http::error::header_limit) return error_reply("headers-too-large", "request headers are at most 16 KiB");
  if (ec == http::error::bad_transfer_encoding || ec == http::error::bad_content_length)
    return error_reply("bad-framing", "a body is framed by Content-Length or by Transfer-Encoding: chunked, once");
  if (ec.category() == beast::error_code(http::error::bad_version).category() && ec != http::error::end_of_stream &&
      ec != http::error::partial_message)
    return error_reply("bad-request", "the request is not well-formed HTTP/1.1 (" + ec.message() + ")");
  return std::nullopt;
}

// Why an upgrade that passed the screen is refused: not to /ws, a page of
// another site, or too many connections from one address. {200} when it may go on.
HttpReply upgrade_refusal(const http::request<http::string_body>& request, const std::string& client,
                          ConnectionContext& shared) {
  std::string_view origin = request[http::field::origin];
  if (!shared.router->is_websocket(path_of(request.target())))
    return error_reply("not-found", "WebSocket connections go to " + shared.router->websocket_path());
  if (!shared.guard->origin_allowed(origin, request[http::field::host]))
    return error_reply("bad-origin", shared.guard->origin_hint(origin, request[http::field::host]));
  if (!shared.client_limits->open_connection(client))
    return error_reply("too-many-connections", "this address holds " +
                                                   std::to_string(shared.options.connections_per_client) +
                                                   " connections already; close one first");
  return {};
}

HttpRequest request_for_router(http::request<http::string_body>& request, std::string client) {
  HttpRequest out;
  out.method = std::string(request.method_string());
  out.target = std::string(request.target());
  out.body = std::move(request.body());
  out.client = std::move(client);
  out.authorization = std::string(request[http::field::authorization]);
  out.cookie = std::string(request[http::field::cookie]);
  out.user_agent = std::string(request[http::field::user_agent]);
  out.accepts_gzip = accepts_gzip(request[http::field::accept_encoding]);
  return out;
}

// Counts and logs a refusal; its answer ends the connection (what follows on it cannot be trusted).
http::response<http::string_body> refusal_response(const http::request<http::string_body>& request, HttpReply refusal,
                                                   ConnectionContext& shared) {
  if (shared.metrics) shared.metrics->refusals.inc(refusal.error_code);
  if (!request.target().empty())
    log("refused {} {}: {} (host '{}', origin '{}')", std::string(request.method_string()), excerpt(request.target()),
        refusal.status, excerpt(request[http::field::host]), excerpt(request[http::field::origin]));
  auto response = make_response(request, std::move(refusal));
  response.keep_alive(false);
  return response;
}

}  // namespace

asio::awaitable<void> serve_connection(tcp::socket socket, ConnectionContext& shared) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  beast::error_code ec;
  for (;;) {
    stream.expires_after(std::chrono::seconds(30));
    http::request_parser<http::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(kMaxMessageBytes);
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    if (std::optional<HttpReply> refusal = unreadable(ec)) {
      auto response = refusal_response({}, std::move(*refusal), shared);
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (ec) break;
    auto request = parser.release();
    std::string client = client_of(stream.socket(), request, shared.options);
    HttpReply refusal = screen(request, shared);
    if (std::string problem = framing_problem(request); !problem.empty()) refusal = error_reply("bad-framing", problem);
    if (refusal.status == 200 && websocket::is_upgrade(request)) {
      refusal = upgrade_refusal(request, client, shared);
      if (refusal.status == 200) {
        stream.expires_never();
        auto session = std::make_shared<WsSession>(std::move(stream), shared, client);
        co_await session->run(std::move(request));
        co_return;
      }
    }
    if (refusal.status != 200) {
      auto response = refusal_response(request, std::move(refusal), shared);
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      break;
    }
    // A named local, not a temporary inside the co_await: GCC 12 frees such temporaries wrongly.
    HttpRequest routed = request_for_router(request, client);
    HttpReply reply = co_await async_route(*shared.router, std::move(routed), use_awaitable);
    if (!reply.error_code.empty() && shared.metrics) shared.metrics->refusals.inc(reply.error_code);
    auto response = make_response(request, std::move(reply));
    // The read's deadline also ran while a replay waited its turn: the answer gets its own.
    stream.expires_after(std::chrono::seconds(30));
    co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
    if (ec || !response.keep_alive()) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace bw::server
