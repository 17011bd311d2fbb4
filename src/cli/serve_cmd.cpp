// `bellwether serve`: tables for browsers and programs (docs/protocol.md).
#include <CLI/CLI.hpp>
#include <cctype>
#include <memory>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "server/guard/site_guard.hpp"
#include "server/server.hpp"

namespace bw::cli {

namespace {
// "90s", "30m", "48h", "7d" (or a bare number of seconds) -> seconds.
int parse_duration_seconds(const std::string& text, const std::string& option) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::string unit = text.substr(digits);
  long long scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : unit == "d" ? 86400 : 0;
  if (digits == 0 || digits > 7 || scale == 0)
    throw CLI::ValidationError(option, "'" + excerpt(text) + "' is not a duration such as 90s, 30m, 48h or 7d");
  long long seconds = std::stoll(text.substr(0, digits)) * scale;
  if (seconds < 1 || seconds > 365LL * 86400)
    throw CLI::ValidationError(option, "'" + excerpt(text) + "' is not between 1 s and 365 d");
  return static_cast<int>(seconds);
}

// The limits on accounts (docs/protocol.md, "Accounts"): what one address or one name may try.
void add_account_options(CLI::App& cmd, server::ServeOptions& o) {
  cmd.add_option("--accounts-per-hour", o.accounts_per_hour,
                 "accounts one client address may create an hour (in bursts of as many); more get 429")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000000.0));
  cmd.add_option("--sign-ins-per-minute", o.sign_ins_per_minute,
                 "sign-ins one client address may try a minute, right or wrong (in bursts of as many); more get 429")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000000.0));
  cmd.add_option("--wrong-passwords-per-hour", o.wrong_passwords_per_hour,
                 "wrong passwords one account name may be sent an hour from anywhere; then sign-ins to it wait (429)")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000000.0));
}

// The caps on what a table's bots may ask for, and on every search (BotLimits).
void add_bot_options(CLI::App& cmd, server::ServeOptions& o) {
  cmd.add_option("--bot-max-iters", o.bot_max_iters,
                 "most iterations a table's ismcts bot may ask for (the levels easy, medium, hard are always allowed)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  cmd.add_option("--bot-max-ms", o.bot_max_ms,
                 "most milliseconds a bot may think per decision: ismcts:ms=N above it is refused, and every search "
                 "stops there whatever its budget")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600000));
  cmd.add_option("--bot-max-threads", o.bot_max_threads, "most search threads a table's ismcts bot may ask for")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
}

// Post-game analyses (docs/analysis.md): their threads, budget and queue.
void add_analysis_options(CLI::App& cmd, server::ServeOptions& o) {
  cmd.add_option("--analysis-threads", o.analysis_threads,
                 "threads for post-game analyses, apart from connections and bots (0: this server analyses nothing)")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd.add_option("--analysis-worlds", o.analysis_worlds,
                 "worlds dealt from the deciding seat's view per decision of an analysed game (docs/analysis.md): "
                 "more is slower and less noisy")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd.add_option("--analysis-queue", o.analysis_queue,
                 "finished games waiting for or under analysis at most; more asks are refused (busy)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd.add_option("--meter-worlds", o.meter_worlds,
                 "worlds dealt from the person's view for each reading of the coach's meter (a person alone with "
                 "bots may ask for their chances after each move; 0: no meter)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd.add_option("--analysis-cpu-share", o.analysis_cpu_share,
                 "the share of a core each analysis thread may use while the server is otherwise nearly idle (it "
                 "rests in between); 1: no rest")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.0));
  cmd.add_option("--analysis-cpu-share-busy", o.analysis_cpu_share_busy,
                 "the same while connections, bots and writes use a tenth of a core or more, so that moves at the "
                 "tables keep their speed (at most --analysis-cpu-share)")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.0));
  cmd.add_flag("--lab", o.lab,
               "open the balance lab to the page at /lab: anyone may run bot tournaments on the analysis threads "
               "(off by default: it costs CPU)");
  cmd.add_option("--lab-max-games", o.lab_max_games, "games a lab job may ask for at most")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd.add_option("--lab-max-seconds", o.lab_max_seconds,
                 "CPU seconds a lab job may use; it stops there and reports the games it played")
      ->capture_default_str()
      ->check(CLI::Range(1, 86400));
  cmd.add_option("--lab-queue", o.lab_queue, "lab jobs queued or running at most; more are refused (busy)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
}
}  // namespace

Command add_serve_command(CLI::App& app, Terminal&) {
  auto options = std::make_shared<server::ServeOptions>();
  auto& o = *options;
  auto* cmd = app.add_subcommand("serve", "Serve tables to browsers and programs: HTTP + WebSocket (docs/protocol.md)");
  cmd->add_option("--host", o.host, "address to listen on (0.0.0.0: every interface)")->capture_default_str();
  cmd->add_option("--port", o.port, "port for HTTP and WebSocket")->capture_default_str();
  cmd->add_option("--db", o.db,
                  "Where tables and actions are stored: an SQLite file (created when missing) or a "
                  "postgresql://user@host/dbname URI (docs/deploy.md)")
      ->capture_default_str();
  cmd->add_option_function<std::string>(
         "--sync", [&o](const std::string& mode) { o.sync_full = mode == "full"; },
         "full: an acknowledged action is on disk (survives a power cut); normal: it survives a crash of the server "
         "(faster; SQLite's synchronous pragma, PostgreSQL's synchronous_commit). Default full")
      ->check(CLI::IsMember({"full", "normal"}));
  cmd->add_option("--node", o.node,
                  "run as one node of several sharing a postgresql:// --db: this node's name, unique among them "
                  "(letters, digits, '-', '_'; docs/deploy.md)")
      ->check([](const std::string& name) -> std::string {
        if (name.empty() || name.size() > 32) return "a node name is 1 to 32 characters";
        for (unsigned char c : name)
          if (!std::isalnum(c) && c != '-' && c != '_') return "a node name holds letters, digits, '-' and '_' only";
        return "";
      });
  cmd->add_option("--advertise", o.advertise,
                  "with --node: the path at which browsers reach this node through the proxy in front, e.g. "
                  "/node/a (a client whose table runs here is sent there)")
      ->check([](const std::string& path) -> std::string {
        if (path.size() < 2 || path.size() > 100 || path[0] != '/' || path[1] == '/' || path.back() == '/')
          return "an advertised path starts with one '/', does not end with '/', e.g. /node/a";
        for (unsigned char c : path)
          if (!std::isalnum(c) && c != '/' && c != '-' && c != '_' && c != '.')
            return "an advertised path holds letters, digits, '/', '-', '_' and '.' only";
        return "";
      });
  cmd->add_option("--static", o.static_dir, "folder of the built front end (index.html); a plain page when absent");
  cmd->add_option("--public-url", o.public_urls,
                  "the address people open, e.g. https://sheep.example.org (repeatable): its host name is answered and "
                  "its pages may connect; without it only IP addresses and localhost are answered (DNS rebinding)");
  cmd->add_option("--allow-origin", o.allow_origins,
                  "also accept WebSocket connections and new tables from pages of this origin, e.g. "
                  "https://example.org (repeatable)");
  cmd->add_option("--allow-host", o.allow_hosts, "also answer requests for this host name (repeatable)");
  cmd->add_option("--client-ip-header", o.client_ip_header,
                  "behind a proxy on this machine: the header naming the client's address (e.g. X-Real-IP), so "
                  "per-client limits count people, not the proxy");
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
  cmd->add_option("--tables-per-minute", o.tables_per_minute,
                  "tables one client address may create a minute (in bursts of as many); more get 429 + Retry-After")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000000.0));
  cmd->add_option("--open-tables-per-client", o.open_tables_per_client,
                  "unfinished tables one client address may hold; more get 429")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--connections-per-client", o.connections_per_client,
                  "WebSocket connections one client address may hold open; more get 429")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  add_account_options(*cmd, o);
  cmd->add_option("--join-within", o.join_within_seconds,
                  "seconds a WebSocket connection has to join a table before it is closed")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option_function<std::string>(
      "--expire-after",
      [&o](const std::string& text) { o.expire_after_seconds = parse_duration_seconds(text, "--expire-after"); },
      "an unfinished table nobody has acted at or joined for this long leaves memory and the lobby; its record "
      "becomes downloadable (e.g. 90s, 30m, 48h, 7d). Default 7d");
  add_bot_options(*cmd, o);
  add_analysis_options(*cmd, o);
  cmd->add_option("--metrics-token", o.metrics_token,
                  "GET /metrics (Prometheus) also answers a request with \"Authorization: Bearer TOKEN\"; it always "
                  "answers this machine (loopback). Read from $BELLWETHER_METRICS_TOKEN when not given")
      ->envname("BELLWETHER_METRICS_TOKEN")
      ->check([](const std::string& token) -> std::string {
        if (token.size() < 16 || token.size() > 256) return "a metrics token is 16 to 256 characters";
        for (unsigned char c : token)
          if (c <= ' ' || c >= 127) return "a metrics token holds printable ASCII without spaces";
        return "";
      });
  cmd->add_option("--metrics-from", o.metrics_from,
                  "GET /metrics also answers this client address, e.g. the Prometheus server's (repeatable)")
      ->check([](const std::string& address) -> std::string {
        return server::is_ip_literal(address) ? "" : "'" + excerpt(address) + "' is not an IP address";
      });
  cmd->add_flag("--allow-seed", o.allow_seed, "let create requests choose the seed (tests only: it reveals the deck)");
  cmd->add_flag("--log-actions", o.log_actions, "also log every action (one line each)");
  return {cmd, [options] {
            if (options->lab && options->analysis_threads == 0)
              throw BadParameter("--lab plays on the analysis threads: give --analysis-threads 1 or more");
            server::Server server(*options);
            server.run();
            return 0;
          }};
}

}  // namespace bw::cli
