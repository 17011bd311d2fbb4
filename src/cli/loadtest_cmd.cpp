// `bellwether loadtest`: measure a running server (server/loadtest/loadtest.hpp).
#include <CLI/CLI.hpp>
#include <memory>

#include "cli/commands.hpp"
#include "server/loadtest/loadtest.hpp"
#include "server/loadtest/matchmaking.hpp"

namespace bw::cli {

Command add_loadtest_command(CLI::App& app, Terminal& term) {
  auto options = std::make_shared<server::LoadTestOptions>();
  auto& o = *options;
  auto* cmd = app.add_subcommand("loadtest",
                                 "Measure a running server: tables of random clients, actions/s and latency; "
                                 "or Play now's matchmaking (--arrivals)");
  cmd->add_option("--host", o.host, "server address")->capture_default_str();
  cmd->add_option("--port", o.port, "server port")->capture_default_str();
  cmd->add_option("--tables", o.tables, "tables played at once")->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--seconds", o.seconds, "how long to measure")->capture_default_str()->check(CLI::Range(1, 3600));
  cmd->add_option("--game", o.game, "game id")->capture_default_str();
  cmd->add_option("--players", o.players, "seats per table, each a client")
      ->capture_default_str()
      ->check(CLI::Range(1, 8));
  cmd->add_option("--connect-rate", o.connect_per_second, "new connections per second while ramping up")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--think-ms", o.think_ms,
                  "each client waits this long after its decision arrives before answering (0: at once; "
                  "tables * 1000 / think-ms is the load offered, in actions/s)")
      ->capture_default_str()
      ->check(CLI::Range(0, 600000));
  cmd->add_option("--clock", o.clock_base_s,
                  "give every table a clock of this many seconds per seat (0: none), as a timed table has")
      ->capture_default_str()
      ->check(CLI::Range(0, 14 * 24 * 3600));
  cmd->add_option("--increment", o.clock_increment_s, "seconds added to a seat's clock after each of its moves")
      ->capture_default_str()
      ->check(CLI::Range(0, 24 * 3600));
  cmd->add_option("--analyse", o.analyse_every,
                  "at the end of one game in N its client asks for the post-game analysis, as a player may: the "
                  "server's analysis threads stay busy while the tables are measured (1: every game)")
      ->expected(0, 1)
      ->default_str("1")
      ->check(CLI::Range(1, 1000000));
  auto* play_now = "Play now (matchmaking)";
  cmd->add_option("--arrivals", o.arrivals_per_second,
                  "measure Play now instead of tables: people arriving a second, each signed in, asking for "
                  "--game with --players seats and polling their ticket until seated (the server needs "
                  "--accounts-per-hour and --tables-per-minute high enough)")
      ->group(play_now)
      ->check(CLI::Range(0.0, 10000.0));
  cmd->add_option("--pool", o.pool, "accounts made beforehand; a seated person may arrive again (0: enough)")
      ->group(play_now)
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--bots-after", o.bots_after_s,
                  "each ticket's wait in seconds before bots fill its table (-1: never)")
      ->group(play_now)
      ->capture_default_str()
      ->check(CLI::Range(-1, 3600));
  cmd->add_option("--poll-ms", o.poll_ms, "how often a waiting person asks about their ticket")
      ->group(play_now)
      ->capture_default_str()
      ->check(CLI::Range(10, 10000));
  cmd->add_option("--server-pid", o.server_pid, "the server's process id: report its CPU time per seated person")
      ->group(play_now)
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--seed", o.seed, "the arrivals' random seed")->group(play_now)->capture_default_str();
  return {cmd, [options, &term] {
            if (options->arrivals_per_second > 0) return server::run_matchmaking_loadtest(*options, term.out, term.err);
            return server::run_loadtest(*options, term.out, term.err);
          }};
}

}  // namespace bw::cli
