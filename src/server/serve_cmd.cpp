#include "server/serve_cmd.hpp"

#include <CLI/CLI.hpp>
#include <ostream>

#include "server/loadtest.hpp"
#include "server/server.hpp"

namespace bw::server {

struct ServerCommands::Options {
  CLI::App* serve = nullptr;
  CLI::App* loadtest = nullptr;
  ServeOptions server;
  LoadTestOptions load;
};

ServerCommands::ServerCommands(CLI::App& app) : options_(std::make_unique<Options>()) {
  auto& o = *options_;
  o.serve = app.add_subcommand("serve", "Serve tables to browsers and programs: HTTP + WebSocket (docs/protocol.md)");
  auto* s = o.serve;
  s->add_option("--host", o.server.host, "address to listen on (0.0.0.0: every interface)")->capture_default_str();
  s->add_option("--port", o.server.port, "port for HTTP and WebSocket")->capture_default_str();
  s->add_option("--db", o.server.db, "SQLite database of tables and actions (created when missing)")
      ->capture_default_str();
  s->add_option_function<std::string>(
       "--sync", [&o](const std::string& mode) { o.server.sync_full = mode == "full"; },
       "full: an acknowledged action is on disk (survives a power cut); normal: it survives a crash of the server "
       "(faster; SQLite's synchronous pragma). Default full")
      ->check(CLI::IsMember({"full", "normal"}));
  s->add_option("--static", o.server.static_dir, "folder of the built front end (index.html); a plain page when absent");
  s->add_option("--allow-origin", o.server.allow_origins,
                "also accept WebSocket connections from pages of this origin, e.g. https://example.org (repeatable)");
  s->add_option("--io-threads", o.server.io_threads, "threads for connections (default: one per core)")
      ->check(CLI::Range(1, 64));
  s->add_option("--bot-threads", o.server.bot_threads, "threads for bots' thinking (default: one per core)")
      ->check(CLI::Range(1, 64));
  s->add_option("--rate", o.server.messages_per_second, "messages a connection may send per second (bursts of twice)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 100000.0));
  s->add_option("--max-tables", o.server.max_tables, "tables held at once; creating more is refused")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  s->add_flag("--allow-seed", o.server.allow_seed, "let create requests choose the seed (tests only: it reveals the deck)");
  s->add_flag("--log-actions", o.server.log_actions, "also log every action (one line each)");

  o.loadtest = app.add_subcommand("loadtest", "Measure a running server: tables of instant clients, actions/s and latency");
  auto* l = o.loadtest;
  l->add_option("--host", o.load.host, "server address")->capture_default_str();
  l->add_option("--port", o.load.port, "server port")->capture_default_str();
  l->add_option("--tables", o.load.tables, "tables played at once")->capture_default_str()->check(CLI::Range(1, 100000));
  l->add_option("--seconds", o.load.seconds, "how long to measure")->capture_default_str()->check(CLI::Range(1, 3600));
  l->add_option("--game", o.load.game, "game id")->capture_default_str();
  l->add_option("--players", o.load.players, "seats per table, each a client")->capture_default_str()->check(
      CLI::Range(1, 8));
  l->add_option("--connect-rate", o.load.connect_per_second, "new connections per second while ramping up")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
}

ServerCommands::~ServerCommands() = default;

bool ServerCommands::selected() const { return options_->serve->parsed() || options_->loadtest->parsed(); }

int ServerCommands::run(std::ostream& out, std::ostream& err) {
  if (options_->loadtest->parsed()) return run_loadtest(options_->load, out, err);
  Server server(options_->server);
  server.run();
  return 0;
}

}  // namespace bw::server
