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
#include <cmath>
#include <deque>
#include <filesystem>
#include <set>
#include <thread>

#include "core/outside_text.hpp"
#include "server/client_limits.hpp"
#include "server/cork_stream.hpp"
#include "server/errors.hpp"
#include "server/gzip.hpp"
#include "server/http_api.hpp"
#include "server/hub.hpp"
#include "server/log.hpp"
#include "server/replay_service.hpp"
#include "server/site_guard.hpp"

namespace bw::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using asio::use_awaitable;

namespace {

class WsSession;

// What every connection shares.
struct Shared {
  ServeOptions options;
  Hub* hub = nullptr;
  HttpApi* api = nullptr;
  SiteGuard* guard = nullptr;
  ClientLimits* client_limits = nullptr;
  std::mutex sessions_mutex;
  std::set<std::weak_ptr<WsSession>, std::owner_less<>> sessions;
};

// Waits for HttpApi's answer, which may come from the database's writer thread.
template <class Token>
auto async_api(HttpApi& api, HttpRequest request, Token&& token) {
  return asio::async_initiate<Token, void(HttpReply)>(
      [&api](auto handler, HttpRequest request) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        api.handle(std::move(request), [shared](HttpReply reply) {
          auto executor = asio::get_associated_executor(*shared);
          asio::post(executor, [shared, reply = std::move(reply)]() mutable { (*shared)(std::move(reply)); });
        });
      },
      token, std::move(request));
}

// One WebSocket connection: reads and answers messages, and writes what the
// tables send it through a bounded queue. Everything runs on its own strand.
class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  // `client`: the address it is counted under (ClientLimits::open_connection, already taken).
  WsSession(beast::tcp_stream&& stream, Shared& shared, std::string client)
      : ws_(std::move(stream)),
        shared_(shared),
        client_(std::move(client)),
        join_timer_(ws_.get_executor()),
        drain_timer_(ws_.get_executor()) {
    tokens_ = 2 * shared.options.messages_per_second;
    last_refill_ = std::chrono::steady_clock::now();
  }

  asio::awaitable<void> run(http::request<http::string_body> request) {
    auto self = shared_from_this();
    ws_.set_option(websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(120), true});
    ws_.read_message_max(kMaxMessageBytes);
    ws_.text(true);
    beast::error_code ec;
    co_await ws_.async_accept(request, asio::redirect_error(use_awaitable, ec));
    if (!ec) co_await serve(self);
    join_timer_.cancel();
    drain_timer_.cancel();
    shared_.client_limits->close_connection(client_);
  }

  void send(Frame frame) override {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame, false); });
  }
  void close_with(Frame last) override {
    asio::post(ws_.get_executor(), [self = shared_from_this(), last = std::move(last)] {
      self->table_ = nullptr;  // it has already let go of us
      self->enqueue(last, true);
    });
  }
  void shutdown() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->close_code_ = websocket::close_code::going_away;
      self->enqueue(make_frame(error_message("shutdown", "the server is stopping; reconnect in a moment")), true);
    });
  }

 private:
  asio::awaitable<void> serve(std::shared_ptr<WsSession> self) {
    beast::error_code ec;
    // Only now may a shutdown write to it: during the handshake Beast's own
    // write of the 101 response may still be in flight, and Beast does not
    // serialise a message write against it.
    {
      std::lock_guard lock(shared_.sessions_mutex);
      shared_.sessions.insert(self);
    }
    enqueue(make_frame(hello_message()), false);
    // A connection is for a table: one that has not joined in time holds a place for nothing.
    join_timer_.expires_after(std::chrono::seconds(shared_.options.join_within_seconds));
    join_timer_.async_wait([self](beast::error_code ec) {
      if (ec || self->table_) return;
      self->close_code_ = websocket::close_code::policy_error;
      self->enqueue(
          make_frame(error_message("join-timeout", "no table was joined within " +
                                                       std::to_string(self->shared_.options.join_within_seconds) +
                                                       " s of connecting; connect again to join one")),
          true);
    });
    beast::flat_buffer buffer;
    for (;;) {
      co_await ws_.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      admit({beast::buffers_to_string(buffer.data()), ws_.got_text()});
      buffer.consume(buffer.size());
    }
    if (ec == websocket::error::message_too_big) log("a connection sent a message over 64 KiB; closed (1009)");
    if (table_) table_->leave(self);
    std::lock_guard lock(shared_.sessions_mutex);
    shared_.sessions.erase(self);
  }

  struct Incoming {
    std::string text;
    bool is_text = true;
  };

  // A token bucket: `messages_per_second`, bursts of twice that. A message
  // over it waits in a short backlog and is handled as the bucket refills, so
  // a person clicking fast loses nothing; when the backlog is full, each
  // message is refused with its `ref` and `retry_ms`, and a connection that
  // keeps on sending far past that is closed.
  void admit(Incoming message) {
    if (closing_) return;
    if (backlog_.empty() && take_token()) return handle(message);
    if (backlog_.size() < kBacklog) {
      backlog_.push_back(std::move(message));
      return drain_later();
    }
    double rate = shared_.options.messages_per_second;
    int retry_ms = static_cast<int>(std::ceil(1000.0 * static_cast<double>(backlog_.size()) / rate));
    json refusal =
        error_message("rate-limited",
                      "too many messages: at most " + fmt::format("{:g}", rate) +
                          " a second; this one was not handled, send it again in " + std::to_string(retry_ms) + " ms",
                      ref_of(message));
    refusal["retry_ms"] = retry_ms;
    enqueue(make_frame(refusal), false);
    if (++refused_in_a_row_ > 10 * rate) {
      log("a connection kept flooding after being told; closed");
      close_code_ = websocket::close_code::policy_error;
      enqueue(make_frame(error_message("flooding", "closed for sending too many messages")), true);
    }
  }

  bool take_token() {
    auto now = std::chrono::steady_clock::now();
    double rate = shared_.options.messages_per_second;
    tokens_ = std::min(2 * rate, tokens_ + rate * std::chrono::duration<double>(now - last_refill_).count());
    last_refill_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    refused_in_a_row_ = 0;
    return true;
  }

  void drain_later() {
    if (draining_) return;
    draining_ = true;
    double rate = shared_.options.messages_per_second;
    auto wait = std::chrono::duration<double>(std::max(0.0, 1 - tokens_) / rate);
    drain_timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(wait) +
                               std::chrono::microseconds(100));
    drain_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      self->draining_ = false;
      if (ec || self->closing_) return;
      while (!self->backlog_.empty() && self->take_token()) {
        Incoming next = std::move(self->backlog_.front());
        self->backlog_.pop_front();
        self->handle(next);
      }
      if (!self->backlog_.empty()) self->drain_later();
    });
  }

  // The `ref` of a message that will not be handled, so the client knows which one.
  static json ref_of(const Incoming& message) {
    if (!message.is_text) return nullptr;
    try {
      return parse_client_message(message.text).ref;
    } catch (const Error&) {
      return nullptr;
    }
  }

  void reply_error(const std::string& code, const std::string& message, const json& ref) {
    enqueue(make_frame(error_message(code, message, ref)), false);
  }

  void handle(const Incoming& incoming) {
    if (!incoming.is_text) return reply_error("bad-message", "send text frames holding JSON", nullptr);
    json ref;
    try {
      ClientMessage message = parse_client_message(incoming.text);
      ref = message.ref;
      switch (message.kind) {
        case ClientMessage::Kind::Ping: {
          json pong{{"type", "pong"}};
          if (!ref.is_null()) pong["ref"] = ref;
          enqueue(make_frame(pong), false);
          return;
        }
        case ClientMessage::Kind::Join: {
          if (table_)
            throw ProtocolError("already-joined", "this connection has joined table " + table_->id() +
                                                      "; open another connection for another table");
          auto joinable = shared_.hub->find_for_join(message.table, message.token);
          table_ = joinable.table;
          join_timer_.cancel();
          table_->join(shared_from_this(), joinable.seats);
          return;
        }
        case ClientMessage::Kind::Act:
          if (!table_) throw ProtocolError("not-joined", "join a table before acting");
          table_->act(shared_from_this(), std::move(message));
          return;
        case ClientMessage::Kind::Undo:
          if (!table_) throw ProtocolError("not-joined", "join a table before undoing");
          table_->undo(shared_from_this(), std::move(message));
          return;
      }
    } catch (const ProtocolError& e) {
      reply_error(e.code, e.what(), ref);
    } catch (const Error& e) {
      reply_error("bad-message", e.what(), ref);
    }
  }

  // `last`: close after this frame. A client that lets the queue pass its
  // bound is not reading: it is cut off at once (a close frame would wait behind the queue).
  void enqueue(Frame frame, bool last) {
    if (closing_) return;
    if (!last && queued_bytes_ + frame->size() > shared_.options.send_queue_bytes) {
      log("a connection stopped reading ({} bytes waiting); dropped", queued_bytes_);
      closing_ = true;
      queue_.clear();
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queued_bytes_ += frame->size();
    queue_.push_back(std::move(frame));
    if (last) closing_ = true;
    if (!writing_) {
      writing_ = true;
      asio::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), asio::detached);
    }
  }

  static asio::awaitable<void> write_loop(std::shared_ptr<WsSession> self) {
    beast::error_code ec;
    while (!self->queue_.empty()) {
      Frame frame = self->queue_.front();
      // Frames queued together leave in one system call: held back but the last.
      self->ws_.next_layer().cork(self->queue_.size() > 1);
      co_await self->ws_.async_write(asio::buffer(*frame), asio::redirect_error(use_awaitable, ec));
      if (ec) {
        self->queue_.clear();
        self->queued_bytes_ = 0;
        break;
      }
      self->queue_.pop_front();
      self->queued_bytes_ -= frame->size();
    }
    self->ws_.next_layer().cork(false);
    self->writing_ = false;
    if (self->closing_ && !ec && self->ws_.is_open())
      co_await self->ws_.async_close(self->close_code_, asio::redirect_error(use_awaitable, ec));
  }

  static constexpr std::size_t kBacklog = 32;

  websocket::stream<CorkStream> ws_;
  Shared& shared_;
  std::string client_;
  asio::steady_timer join_timer_;
  asio::steady_timer drain_timer_;
  std::deque<Incoming> backlog_;
  bool draining_ = false;
  std::shared_ptr<Table> table_;
  std::deque<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  websocket::close_code close_code_ = websocket::close_code::policy_error;
  double tokens_ = 0;
  std::chrono::steady_clock::time_point last_refill_;
  double refused_in_a_row_ = 0;
};

// Who is asking: the peer's address, or, from a proxy on this machine, the
// address the operator's header names (--client-ip-header).
std::string client_of(const tcp::socket& socket, const http::request<http::string_body>& request,
                      const ServeOptions& options) {
  beast::error_code ec;
  auto peer = socket.remote_endpoint(ec);
  if (ec) return "?";
  std::string address = peer.address().to_string();
  if (!options.client_ip_header.empty() && peer.address().is_loopback()) {
    std::string_view named = request[options.client_ip_header];
    named =
        named.substr(named.rfind(',') == std::string_view::npos ? 0 : named.rfind(',') + 1);  // the proxy's own entry
    while (!named.empty() && named.front() == ' ') named.remove_prefix(1);
    while (!named.empty() && named.back() == ' ') named.remove_suffix(1);
    if (is_ip_literal(named)) return std::string(named);
  }
  return address;
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
  if (!reply.content_encoding.empty()) response.set(http::field::content_encoding, reply.content_encoding);
  if (request.target().starts_with("/api/")) response.set(http::field::vary, "Accept-Encoding");
  response.keep_alive(request.keep_alive());
  if (request.method() != http::verb::head) response.body() = std::move(reply.body);
  response.prepare_payload();
  return response;
}

HttpReply error_reply(unsigned status, const std::string& code, const std::string& message) {
  return {status, "application/json", json{{"error", {{"code", code}, {"message", message}}}}.dump()};
}

// What the server refuses before a request reaches the API: a Host that is
// not this server's, and a state-changing request a page of another site
// could send (not JSON, or from another origin). {200} when it passes.
HttpReply screen(const http::request<http::string_body>& request, const Shared& shared) {
  std::string host(request[http::field::host]);
  if (request.count(http::field::host) > 1 || (host.empty() && request.version() >= 11))
    return error_reply(400, "bad-host", "an HTTP/1.1 request names its host in exactly one Host header");
  if (auto problem = shared.guard->host_problem(host); !problem.empty()) return error_reply(421, "bad-host", problem);
  bool changes_state = request.target().starts_with("/api") && request.method() != http::verb::get &&
                       request.method() != http::verb::head;
  if (!changes_state || websocket::is_upgrade(request)) return {};
  std::string_view type = request[http::field::content_type];
  if (!(type == "application/json" || type.starts_with("application/json;")))
    return error_reply(415, "bad-content-type", "send the request body as Content-Type: application/json");
  std::string_view origin = request[http::field::origin];
  if (!shared.guard->origin_allowed(origin, host))
    return error_reply(403, "bad-origin", shared.guard->origin_hint(origin, host));
  return {};
}

asio::awaitable<void> serve_connection(tcp::socket socket, Shared& shared) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  beast::error_code ec;
  for (;;) {
    stream.expires_after(std::chrono::seconds(30));
    http::request_parser<http::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(kMaxMessageBytes);
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      bool body = ec == http::error::body_limit;
      auto response =
          make_response({}, body ? error_reply(413, "too-large", "a request body is at most 64 KiB")
                                 : error_reply(431, "headers-too-large", "request headers are at most 16 KiB"));
      response.keep_alive(false);
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (ec) break;
    auto request = parser.release();
    std::string client = client_of(stream.socket(), request, shared.options);
    HttpReply refusal = screen(request, shared);
    if (refusal.status == 200 && websocket::is_upgrade(request)) {
      std::string_view target = request.target();
      std::string_view origin = request[http::field::origin];
      if (target.substr(0, target.find('?')) != "/ws")
        refusal = error_reply(404, "not-found", "WebSocket connections go to /ws");
      else if (!shared.guard->origin_allowed(origin, request[http::field::host]))
        refusal = error_reply(403, "bad-origin", shared.guard->origin_hint(origin, request[http::field::host]));
      else if (!shared.client_limits->open_connection(client))
        refusal = error_reply(429, "too-many-connections",
                              "this address holds " + std::to_string(shared.options.connections_per_client) +
                                  " connections already; close one first");
      if (refusal.status == 200) {
        stream.expires_never();
        auto session = std::make_shared<WsSession>(std::move(stream), shared, client);
        co_await session->run(std::move(request));
        co_return;
      }
    }
    if (refusal.status != 200) {
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
    HttpReply reply = co_await async_api(*shared.api, std::move(api_request), use_awaitable);
    auto response = make_response(request, std::move(reply));
    // The read's deadline also ran while a replay waited its turn: the answer gets its own.
    stream.expires_after(std::chrono::seconds(30));
    co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
    if (ec || !response.keep_alive()) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor, asio::io_context& io, Shared& shared) {
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

// The database and the journals SQLite keeps beside it: never served as pages.
std::vector<std::filesystem::path> database_files(const std::string& db) {
  return {db, db + "-wal", db + "-shm", db + "-journal"};
}

int threads_or_cores(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace

struct Server::Impl {
  explicit Impl(const ServeOptions& options)
      : store(options.db, options.sync_full ? Store::Sync::Full : Store::Sync::Normal),
        bots(static_cast<std::size_t>(threads_or_cores(options.bot_threads))),
        context{io,
                bots,
                store,
                options.log_actions,
                {options.bot_max_iters, options.bot_max_ms, options.bot_max_threads},
                &stop_bots},
        hub(context, {options.max_tables, options.allow_seed, options.open_tables_per_client}),
        guard(options.public_urls, options.allow_origins, options.allow_hosts),
        client_limits({.tables_per_minute = options.tables_per_minute,
                       .tables_burst = std::max(1.0, options.tables_per_minute),
                       .open_tables = options.open_tables_per_client,
                       .connections = options.connections_per_client}),
        replays(ReplaySettings{}),
        api(hub, StaticFiles(options.static_dir, database_files(options.db)), client_limits, replays),
        expiry(control),
        acceptor(control),
        signals(control) {
    shared.options = options;
    shared.hub = &hub;
    shared.api = &api;
    shared.guard = &guard;
    shared.client_limits = &client_limits;
  }

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
  Shared shared;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  std::size_t restored = 0;
  std::atomic<bool> stopping{false};

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

  void begin_stop() {
    if (stopping.exchange(true)) return;
    stop_bots = true;  // a search in progress ends within 64 iterations
    asio::post(control, [this] {
      log("stopping: closing connections and flushing the database");
      beast::error_code ec;
      acceptor.close(ec);
      signals.cancel(ec);
      expiry.cancel();
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

Server::Server(const ServeOptions& options) : impl_(std::make_unique<Impl>(options)) {
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
  impl_->hub.clear();  // the tables go before the io_context their strands run on
}

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }
std::size_t Server::restored() const { return impl_->restored; }

void Server::run() {
  auto& impl = *impl_;
  log("serving on http://{}:{} (database {}, {} tables restored)", impl.shared.options.host, port(),
      impl.shared.options.db, impl.restored);
  asio::co_spawn(impl.control, accept_loop(impl.acceptor, impl.io, impl.shared), asio::detached);
  asio::post(impl.control, [&impl] { impl.expire_tables_later(); });
  std::vector<std::jthread> threads;
  int count = threads_or_cores(impl.shared.options.io_threads);
  for (int i = 1; i < count; ++i) threads.emplace_back([&impl] { impl.io.run(); });
  impl.io.run();
  threads.clear();  // joins
  impl.bots.stop();
  impl.bots.join();
  impl.store.close();  // commits whatever is queued
  auto stats = impl.store.stats();
  log("stopped; {} writes in {} transactions this run", stats.writes, stats.transactions);
}

void Server::stop() { impl_->begin_stop(); }

}  // namespace bw::server
