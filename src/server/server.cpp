#include "server/server.hpp"

#include <utility>  // before Asio: its awaitable.hpp uses std::exchange

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

#include "core/outside_text.hpp"
#include "server/client_limits.hpp"
#include "server/errors.hpp"
#include "server/gzip.hpp"
#include "server/http_api.hpp"
#include "server/hub.hpp"
#include "server/log.hpp"
#include "server/metrics.hpp"
#include "server/replay_service.hpp"
#include "server/server_metrics.hpp"
#include "server/site_guard.hpp"
#include "server/ws_session.hpp"

namespace bw::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using asio::use_awaitable;

namespace {

constexpr const char* kUnknownClient = "?";  // an address the server cannot tell (see client_of)

// Waits for HttpApi's answer, which may come from the database's writer thread.
template <class Token>
auto async_api(HttpApi& api, HttpRequest request, Token&& token) {
  return asio::async_initiate<Token, void(HttpReply)>(
      [&api](auto handler, const HttpRequest& request) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        api.handle(request, [shared](HttpReply reply) {
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

bool bearer_matches(const std::string& token, std::string_view authorization) {
  if (token.empty() || !authorization.starts_with("Bearer ")) return false;
  std::string_view given = authorization.substr(7);
  if (given.size() != token.size()) return false;
  unsigned char differs = 0;  // every byte compared: the time says nothing of where a guess went wrong
  for (std::size_t i = 0; i < token.size(); ++i) differs |= static_cast<unsigned char>(given[i] ^ token[i]);
  return differs == 0;
}

// GET /metrics answers a scraper on this machine, the addresses of
// --metrics-from, and the bearer of --metrics-token; others get 403.
bool may_read_metrics(const ServeOptions& options, const std::string& client, std::string_view authorization) {
  if (client == "127.0.0.1" || client == "::1") return true;
  if (client == kUnknownClient) return bearer_matches(options.metrics_token, authorization);
  if (std::find(options.metrics_from.begin(), options.metrics_from.end(), client) != options.metrics_from.end())
    return true;
  return bearer_matches(options.metrics_token, authorization);
}

HttpReply metrics_reply(const ConnectionContext& shared, const std::string& client, std::string_view authorization,
                        const MetricsRegistry& registry) {
  if (!may_read_metrics(shared.options, client, authorization))
    return error_reply("forbidden",
                       "metrics are for this machine, the addresses of --metrics-from and the bearer of "
                       "--metrics-token");
  return {200, std::string(kMetricsContentType), registry.render()};
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
      if (shared.metrics) shared.metrics->refusals.inc(refusal->error_code);
      auto response = make_response({}, std::move(*refusal));
      response.keep_alive(false);
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (ec) break;
    auto request = parser.release();
    std::string client = client_of(stream.socket(), request, shared.options);
    HttpReply refusal = screen(request, shared);
    if (std::string problem = framing_problem(request); !problem.empty()) refusal = error_reply("bad-framing", problem);
    if (refusal.status == 200 && websocket::is_upgrade(request)) {
      std::string_view target = request.target();
      std::string_view origin = request[http::field::origin];
      if (target.substr(0, target.find('?')) != "/ws")
        refusal = error_reply("not-found", "WebSocket connections go to /ws");
      else if (!shared.guard->origin_allowed(origin, request[http::field::host]))
        refusal = error_reply("bad-origin", shared.guard->origin_hint(origin, request[http::field::host]));
      else if (!shared.client_limits->open_connection(client))
        refusal = error_reply("too-many-connections", "this address holds " +
                                                          std::to_string(shared.options.connections_per_client) +
                                                          " connections already; close one first");
      if (refusal.status == 200) {
        stream.expires_never();
        auto session = std::make_shared<WsSession>(std::move(stream), shared, client);
        co_await session->run(std::move(request));
        co_return;
      }
    }
    if (refusal.status != 200) {
      if (shared.metrics) shared.metrics->refusals.inc(refusal.error_code);
      log("refused {} {}: {} (host '{}', origin '{}')", std::string(request.method_string()), excerpt(request.target()),
          refusal.status, excerpt(request[http::field::host]), excerpt(request[http::field::origin]));
      auto response = make_response(request, refusal);
      response.keep_alive(false);
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      break;
    }
    // A named local, not a temporary inside the co_await: GCC 12 frees such temporaries wrongly.
    HttpRequest api_request;
    api_request.method = std::string(request.method_string());
    api_request.target = std::string(request.target());
    api_request.body = std::move(request.body());
    api_request.client = client;
    api_request.authorization = std::string(request[http::field::authorization]);
    api_request.accepts_gzip = accepts_gzip(request[http::field::accept_encoding]);
    HttpReply reply;
    std::string_view path = request.target().substr(0, request.target().find('?'));
    if (path == "/metrics" && request.method() == http::verb::get)
      reply = metrics_reply(shared, client, request[http::field::authorization], *shared.metrics_registry);
    else reply = co_await async_api(*shared.api, std::move(api_request), use_awaitable);
    if (!reply.error_code.empty() && shared.metrics) shared.metrics->refusals.inc(reply.error_code);
    auto response = make_response(request, std::move(reply));
    // The read's deadline also ran while a replay waited its turn: the answer gets its own.
    stream.expires_after(std::chrono::seconds(30));
    co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
    if (ec || !response.keep_alive()) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor, asio::io_context& io, ConnectionContext& shared) {
  const int send_buffer = shared.options.socket_send_buffer;
  for (;;) {
    beast::error_code ec;
    tcp::socket socket(asio::make_strand(io));
    co_await acceptor.async_accept(socket, asio::redirect_error(use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (ec) {  // out of file descriptors, say: wait a little instead of spinning
      log("accept failed: {}", ec.message());
      asio::steady_timer pause(io, std::chrono::milliseconds(100));
      co_await pause.async_wait(asio::redirect_error(use_awaitable, ec));
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    if (send_buffer) socket.set_option(asio::socket_base::send_buffer_size(send_buffer), ec);
    auto executor = socket.get_executor();
    asio::co_spawn(executor, serve_connection(std::move(socket), shared), asio::detached);
  }
}

// The database and the journals SQLite keeps beside it: never served as pages
// (a PostgreSQL database has no file here).
std::vector<std::filesystem::path> database_files(const std::string& db) {
  if (is_postgres_url(db)) return {};
  return {db, db + "-wal", db + "-shm", db + "-journal"};
}

int threads_or_cores(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace

struct Server::Impl {
  explicit Impl(const ServeOptions& options)
      : metrics(metrics_registry),
        store(options.db, options.sync_full ? Store::Sync::Full : Store::Sync::Normal),
        bots(static_cast<std::size_t>(threads_or_cores(options.bot_threads))),
        context{io,
                bots,
                store,
                options.log_actions,
                {options.bot_max_iters, options.bot_max_ms, options.bot_max_threads},
                &stop_bots,
                0,
                &metrics},
        hub(context, {options.max_tables, options.allow_seed, options.open_tables_per_client,
                      options.node.empty() ? "" : options.advertise}),
        guard(options.public_urls, options.allow_origins, options.allow_hosts),
        client_limits({.tables_per_minute = options.tables_per_minute,
                       .tables_burst = std::max(1.0, options.tables_per_minute),
                       .connections = options.connections_per_client}),
        replays(ReplaySettings{}),
        api(hub, StaticFiles(options.static_dir, database_files(options.db)), client_limits, replays),
        expiry(control),
        heartbeat(control),
        acceptor(control),
        signals(control) {
    shared.options = options;
    if (options.wall_clock) context.wall_clock = options.wall_clock;
    context.beats = !clustered();
    shared.hub = &hub;
    shared.api = &api;
    shared.guard = &guard;
    shared.client_limits = &client_limits;
    shared.metrics = &metrics;
    shared.metrics_registry = &metrics_registry;
    store.observe_commits(&metrics.commit_seconds);
    metrics_registry.gauge("bellwether_tables", "Tables this server runs, by state", "state", [this] {
      auto counts = hub.count_by_state();
      return std::vector<GaugeSample>{{"playing", static_cast<double>(counts.playing)},
                                      {"finished", static_cast<double>(counts.finished)}};
    });
    metrics_registry.gauge("bellwether_connections", "WebSocket connections open", [this] {
      std::lock_guard lock(shared.sessions_mutex);
      return static_cast<double>(shared.sessions.size());
    });
  }

  MetricsRegistry metrics_registry;  // first: every part below may count into it
  ServerMetrics metrics;
  Store store;
  asio::io_context io;
  // The acceptor, the signal wait and the stop run on one strand: with several
  // io threads, closing the acceptor must not race its pending accept.
  asio::strand<asio::io_context::executor_type> control = asio::make_strand(io);
  asio::thread_pool bots;
  std::atomic<bool> stop_bots{false};
  TableContext context;
  Hub hub;
  SiteGuard guard;
  ClientLimits client_limits;
  ReplayService replays;
  HttpApi api;
  asio::steady_timer expiry;
  asio::steady_timer heartbeat;
  ConnectionContext shared;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  std::size_t restored = 0;
  std::atomic<bool> stopping{false};
  std::jthread keeper;  // a cluster's node: takes over the tables no node holds

  bool clustered() const { return !shared.options.node.empty(); }

  // Every kAdoptEvery, the tables no node holds (their node died or drained)
  // are taken by whichever node asks first. That period bounds a takeover.
  static constexpr std::chrono::milliseconds kAdoptEvery{1000};
  static constexpr std::size_t kAdoptAtOnce = 200;
  void keep_tables(const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    while (!stop.stop_requested()) {
      {
        std::unique_lock lock(mutex);
        wake.wait_for(lock, stop, kAdoptEvery, [] { return false; });
      }
      if (stop.stop_requested()) return;
      try {
        if (std::size_t adopted = hub.adopt_unowned(kAdoptAtOnce)) log("took over {} tables", adopted);
      } catch (const StoreError& e) {
        log("taking over tables: {}", e.what());  // the database is away: next time
      }
    }
  }

  // Looks for idle tables a few times per expiry period (at most once a minute).
  void expire_tables_later() {
    int period = shared.options.expire_after_seconds;
    auto every = std::chrono::milliseconds(std::clamp(period * 1000 / 4, 250, 60000));
    expiry.expires_after(every);
    expiry.async_wait([this](beast::error_code ec) {
      if (ec || stopping) return;
      hub.expire_idle(std::chrono::steady_clock::now() - std::chrono::seconds(shared.options.expire_after_seconds));
      expire_tables_later();
    });
  }

  // Tells the database the server runs, every heartbeat_every: after a crash,
  // a clock is charged up to the last beat and never for the outage.
  void beat_later() {
    if (clustered()) return;  // nodes come and go: a taken-over table's clock runs on (Hub::restore)
    store.heartbeat(context.wall_clock());
    heartbeat.expires_after(shared.options.heartbeat_every);
    heartbeat.async_wait([this](beast::error_code ec) {
      if (ec || stopping) return;
      beat_later();
    });
  }

  void begin_stop() {
    if (stopping.exchange(true)) return;
    stop_bots = true;  // a search in progress ends within 64 iterations
    asio::post(control, [this] {
      log("stopping: closing connections and flushing the database");
      beast::error_code ec;
      acceptor.close(ec);
      signals.cancel(ec);
      expiry.cancel();
      heartbeat.cancel();
      if (!clustered()) store.heartbeat(context.wall_clock());  // a clean stop: the clocks stopped now
      keeper.request_stop();
      std::vector<std::shared_ptr<WsSession>> open;
      {
        std::lock_guard lock(shared.sessions_mutex);
        for (auto& weak : shared.sessions)
          if (auto session = weak.lock()) open.push_back(session);
      }
      for (auto& session : open) session->shutdown();
      // Give the close handshakes a moment, then stop whatever is left.
      auto timer = std::make_shared<asio::steady_timer>(io, std::chrono::milliseconds(300));
      timer->async_wait([this, timer](beast::error_code) { io.stop(); });
    });
  }
};

namespace {
// A server without --node is alone on its database: a second one would
// restore and write the same tables. The lease of a name no table can have
// says who; nodes (--node) share the database through each table's lease.
void be_the_only_server(Store& store, const std::string& db) {
  if (!is_postgres_url(db)) return;  // SQLite: one writer per file already
  std::promise<bool> granted;
  store.claim("*bellwether serve*", [&](bool yes) { granted.set_value(yes); });
  if (!granted.get_future().get())
    throw Error("another bellwether server is using the database at " + redacted_url(db) +
                " without --node (several servers share one database as nodes: docs/deploy.md)");
}

void join_cluster(Store& store, Hub& hub, const ServeOptions& options) {
  if (!is_postgres_url(options.db))
    throw Error("--node needs a PostgreSQL --db (postgresql://…): nodes share their tables through it");
  if (options.advertise.empty())
    throw Error("--node needs --advertise: the path where browsers reach this node, e.g. /node/" + options.node);
  std::promise<std::string> joined;
  store.join_cluster(options.node, options.advertise,
                     [&](bool ok, const std::string& error) { joined.set_value(ok ? "" : error); });
  if (std::string error = joined.get_future().get(); !error.empty())
    throw Error("cannot join the cluster as node '" + options.node + "': " + error);
  // A lost database session took its leases: other nodes may run those tables now.
  store.on_leases_lost([&hub](const std::vector<std::string>& tables) {
    log("lost the database session: {} tables go to other nodes", tables.size());
    hub.hand_over(tables);
  });
}
}  // namespace

Server::Server(const ServeOptions& options) : impl_(std::make_unique<Impl>(options)) {
  if (options.node.empty()) be_the_only_server(impl_->store, options.db);
  else join_cluster(impl_->store, impl_->hub, options);
  impl_->restored = impl_->hub.restore();
  beast::error_code ec;
  auto address = asio::ip::make_address(options.host, ec);
  if (ec) throw Error("--host '" + excerpt(options.host) + "' is not an IP address");
  tcp::endpoint endpoint(address, options.port);
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw Error("cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " + ec.message());
  if (options.handle_signals) {
    impl_->signals.add(SIGINT);
    impl_->signals.add(SIGTERM);
    impl_->signals.async_wait([this](beast::error_code ec, int) {
      if (!ec) impl_->begin_stop();
    });
  }
}

Server::~Server() {
  impl_->keeper = {};  // joins: it uses the hub
  impl_->hub.clear();  // the tables go before the io_context their strands run on
}

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }
std::size_t Server::restored() const { return impl_->restored; }

void Server::run() {
  auto& impl = *impl_;
  if (impl.clustered())
    log("serving on http://{}:{} as node {} at {} (database {}, {} tables taken)", impl.shared.options.host, port(),
        impl.shared.options.node, impl.shared.options.advertise, redacted_url(impl.shared.options.db), impl.restored);
  else
    log("serving on http://{}:{} (database {}, {} tables restored)", impl.shared.options.host, port(),
        redacted_url(impl.shared.options.db), impl.restored);
  asio::co_spawn(impl.control, accept_loop(impl.acceptor, impl.io, impl.shared), asio::detached);
  asio::post(impl.control, [&impl] {
    impl.expire_tables_later();
    impl.beat_later();
  });
  if (impl.clustered()) impl.keeper = std::jthread([&impl](const std::stop_token& stop) { impl.keep_tables(stop); });
  std::vector<std::jthread> threads;
  int count = threads_or_cores(impl.shared.options.io_threads);
  for (int i = 1; i < count; ++i) threads.emplace_back([&impl] { impl.io.run(); });
  impl.io.run();
  threads.clear();  // joins
  impl.keeper = {};
  impl.bots.stop();
  impl.bots.join();
  impl.store.close();  // commits whatever is queued
  auto stats = impl.store.stats();
  log("stopped; {} writes in {} transactions this run", stats.writes, stats.transactions);
}

void Server::stop() { impl_->begin_stop(); }

}  // namespace bw::server
