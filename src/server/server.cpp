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
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

#include "core/outside_text.hpp"
#include "server/accounts/accounts_api.hpp"
#include "server/analysis/analysis_api.hpp"
#include "server/analysis/analysis_queue.hpp"
#include "server/analysis/lab_api.hpp"
#include "server/analysis/lab_jobs.hpp"
#include "server/errors.hpp"
#include "server/guard/client_limits.hpp"
#include "server/guard/site_guard.hpp"
#include "server/http/api.hpp"
#include "server/http/connection.hpp"
#include "server/http/replay_service.hpp"
#include "server/http/router.hpp"
#include "server/log.hpp"
#include "server/meeting/matchmaker.hpp"
#include "server/meeting/play_now_api.hpp"
#include "server/meeting/presence.hpp"
#include "server/metrics/endpoint.hpp"
#include "server/metrics/registry.hpp"
#include "server/metrics/server_metrics.hpp"
#include "server/tables/hub.hpp"
#include "server/ws/session.hpp"

namespace bw::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using asio::use_awaitable;

namespace {

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

// Cookies say Secure when people reach the server over TLS: an https:// --public-url.
bool reached_over_tls(const std::vector<std::string>& public_urls) {
  return std::any_of(public_urls.begin(), public_urls.end(), [](const std::string& url) {
    return url.size() >= 8 && boost::beast::iequals(std::string_view(url).substr(0, 8), "https://");
  });
}

AccountSettings account_settings(const ServeOptions& options) {
  AccountSettings settings;
  settings.cost = options.password_cost;
  settings.limits = {options.accounts_per_hour, options.sign_ins_per_minute, options.wrong_passwords_per_hour};
  settings.secure_cookies = reached_over_tls(options.public_urls);
  settings.wall_clock = options.wall_clock ? options.wall_clock : [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  return settings;
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
        client_limits({.tables_per_minute = options.tables_per_minute,
                       .tables_burst = std::max(1.0, options.tables_per_minute),
                       .connections = options.connections_per_client}),
        hub(context,
            {options.max_tables, options.allow_seed, options.open_tables_per_client,
             options.node.empty() ? "" : options.advertise},
            client_limits),
        guard(options.public_urls, options.allow_origins, options.allow_hosts),
        replays(ReplaySettings{}),
        accounts(store, account_settings(options)),
        api(hub, StaticFiles(options.static_dir, database_files(options.db)), replays, accounts),
        analysis({.threads = options.analysis_threads,
                  .max_waiting = options.analysis_queue,
                  .worlds = options.analysis_worlds,
                  .cpu_share = options.analysis_cpu_share,
                  .busy_cpu_share = options.analysis_cpu_share_busy},
                 store, [this](const std::string& id) { return record_from_json(hub.record(id)); }),
        analysis_api(analysis, store, accounts),
        lab({.enabled = options.lab,
             .max_games = options.lab_max_games,
             .max_seconds = options.lab_max_seconds,
             .max_waiting = options.lab_queue},
            analysis, store),
        presence(store),
        play_now(store, hub, accounts, client_limits, presence,
                 {options.bot_max_iters, options.bot_max_ms, options.bot_max_threads},
                 account_settings(options).wall_clock),
        matchmaker(store, hub,
                   {!options.node.empty(), std::chrono::milliseconds(500), account_settings(options).wall_clock}),
        expiry(control),
        heartbeat(control),
        presence_flush(control),
        acceptor(control),
        signals(control) {
    shared.options = options;
    if (options.wall_clock) context.wall_clock = options.wall_clock;
    context.meter_worlds = options.meter_worlds;
    context.beats = !clustered();
    shared.hub = &hub;
    shared.accounts = &accounts;
    shared.router = &router;
    api.add_routes(router);
    analysis_api.add_routes(router);
    add_lab_routes(router, lab);
    context.rated_game_ended = [this](const std::string& table) { analysis_api.rated_game_ended(table); };
    play_now.add_routes(router);
    accounts.on_seen = [this](const std::string& account) { presence.seen(account); };
    play_now.on_enqueued = [this] { matchmaker.nudge(); };
    router.add("GET", "/metrics",
               [this](const HttpRequest& request, const std::vector<std::string>&, const ReplyFn& reply) {
                 reply(metrics_reply(shared.options, metrics_registry, request));
               });
    shared.guard = &guard;
    shared.client_limits = &client_limits;
    shared.metrics = &metrics;
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
  ClientLimits client_limits;  // before the hub, which counts creations in it
  Hub hub;
  SiteGuard guard;
  ReplayService replays;
  AccountsApi accounts;
  HttpApi api;
  AnalysisQueue analysis;  // after the store and the hub it reads: stops before them
  AnalysisApi analysis_api;
  LabJobs lab;  // on the analysis threads: stops before them
  Presence presence;
  PlayNowApi play_now;
  Matchmaker matchmaker;
  Router router;
  asio::steady_timer expiry;
  asio::steady_timer heartbeat;
  asio::steady_timer presence_flush;
  ConnectionContext shared;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  std::size_t restored = 0;
  std::atomic<bool> stopping{false};
  std::jthread keeper;    // a cluster's node: takes over the tables no node holds
  std::jthread matching;  // Play now's matchmaker (at a cluster, only the lease holder's matches)

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

  // Writes who was online every kPresenceEvery (who is online, any node's lobby).
  static constexpr std::chrono::seconds kPresenceEvery{10};
  void flush_presence_later() {
    presence_flush.expires_after(kPresenceEvery);
    presence_flush.async_wait([this](beast::error_code ec) {
      if (ec || stopping) return;
      presence.flush(context.wall_clock());
      flush_presence_later();
    });
  }

  void begin_stop() {
    if (stopping.exchange(true)) return;
    stop_bots = true;  // a search in progress ends within 64 iterations
    analysis.stop();   // and an analysis at its next step
    lab.stop();        // and a lab job at its next game
    asio::post(control, [this] {
      log("stopping: closing connections and flushing the database");
      beast::error_code ec;
      acceptor.close(ec);
      signals.cancel(ec);
      expiry.cancel();
      heartbeat.cancel();
      presence_flush.cancel();
      matching.request_stop();
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
  impl_->keeper = {};    // joins: it uses the hub
  impl_->matching = {};  // so does the matchmaker
  impl_->hub.clear();    // the tables go before the io_context their strands run on
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
    impl.flush_presence_later();
  });
  if (impl.clustered()) impl.keeper = std::jthread([&impl](const std::stop_token& stop) { impl.keep_tables(stop); });
  impl.matching = std::jthread([&impl](const std::stop_token& stop) { impl.matchmaker.run(stop); });
  std::vector<std::jthread> threads;
  int count = threads_or_cores(impl.shared.options.io_threads);
  for (int i = 1; i < count; ++i) threads.emplace_back([&impl] { impl.io.run(); });
  impl.io.run();
  threads.clear();  // joins
  impl.keeper = {};
  impl.matching = {};
  impl.bots.stop();
  impl.bots.join();
  impl.store.close();  // commits whatever is queued
  auto stats = impl.store.stats();
  log("stopped; {} writes in {} transactions this run", stats.writes, stats.transactions);
}

void Server::stop() { impl_->begin_stop(); }

}  // namespace bw::server
