// `bellwether serve`: tables for browsers and programs (docs/protocol.md).
#include <CLI/CLI.hpp>
#include <memory>

#include "server/commands.hpp"
#include "server/server.hpp"

namespace bw::server {

cli::Command add_serve_command(CLI::App& app, cli::Terminal&) {
  auto options = std::make_shared<ServeOptions>();
  auto& o = *options;
  auto* cmd = app.add_subcommand("serve", "Serve tables to browsers and programs: HTTP + WebSocket (docs/protocol.md)");
  cmd->add_option("--host", o.host, "address to listen on (0.0.0.0: every interface)")->capture_default_str();
  cmd->add_option("--port", o.port, "port for HTTP and WebSocket")->capture_default_str();
  cmd->add_option("--db", o.db, "SQLite database of tables and actions (created when missing)")->capture_default_str();
  cmd->add_option_function<std::string>(
         "--sync", [&o](const std::string& mode) { o.sync_full = mode == "full"; },
         "full: an acknowledged action is on disk (survives a power cut); normal: it survives a crash of the server "
         "(faster; SQLite's synchronous pragma). Default full")
      ->check(CLI::IsMember({"full", "normal"}));
  cmd->add_option("--static", o.static_dir, "folder of the built front end (index.html); a plain page when absent");
  cmd->add_option("--allow-origin", o.allow_origins,
                  "also accept WebSocket connections from pages of this origin, e.g. https://example.org (repeatable)");
  cmd->add_option("--io-threads", o.io_threads, "threads for connections (default: one per core)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--bot-threads", o.bot_threads, "threads for bots' thinking (default: one per core)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--rate", o.messages_per_second, "messages a connection may send per second (bursts of twice)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 100000.0));
  cmd->add_option("--max-tables", o.max_tables, "tables held at once; creating more is refused")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--bot-max-iters", o.bot_max_iters,
                  "most iterations a table's ismcts bot may ask for (the levels easy, medium, hard are always allowed)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--bot-max-ms", o.bot_max_ms,
                  "most milliseconds a bot may think per decision: ismcts:ms=N above it is refused, and every search "
                  "stops there whatever its budget")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600000));
  cmd->add_option("--bot-max-threads", o.bot_max_threads, "most search threads a table's ismcts bot may ask for")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_flag("--allow-seed", o.allow_seed, "let create requests choose the seed (tests only: it reveals the deck)");
  cmd->add_flag("--log-actions", o.log_actions, "also log every action (one line each)");
  return {cmd, [options] {
            Server server(*options);
            server.run();
            return 0;
          }};
}

}  // namespace bw::server
