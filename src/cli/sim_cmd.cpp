// `bellwether sim`: a tournament between bots, seats rotated, per-seat and
// per-agent results with confidence intervals.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/tournament_args.hpp"
#include "cli/tournament_runner.hpp"
#include "core/output_file.hpp"

namespace bw::cli {

namespace {
struct SimArgs {
  TournamentArgs tournament;
  bool json = false;
  bool csv = false;
  bool quiet = false;
  std::string out_path;  // also the JSON summary here
};

std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted.store(true); }

int simulate(Terminal& term, const SimArgs& args, TournamentRunner& runner) {
  TournamentSpec spec = args.tournament.parsed();
  spec.default_agent = "random";
  spec.bots_only = "sim plays bots only; use 'bellwether play' for human seats";
  runner.fill_in(spec);
  Tournament tournament(std::move(spec));
  if (!args.out_path.empty()) check_output_path(args.out_path, "--out");
  runner.prepare({&tournament});

  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
  TournamentHooks hooks;
  hooks.stop = &g_interrupted;
  auto started = std::chrono::steady_clock::now();
  bool show_progress = (term.interactive || term.log_progress) && !args.quiet;
  auto logged = started;
  if (show_progress) {
    hooks.progress = [&](std::uint64_t done, std::uint64_t total) {
      // A log gets a line every 5 s; a terminal, the line redrawn.
      auto now = std::chrono::steady_clock::now();
      if (!term.interactive && now - logged < std::chrono::seconds(5)) return;
      logged = now;
      const char* begin = term.interactive ? "\r" : "";
      const char* end = term.interactive ? "   " : "\n";
      // Rates and times only once a game has ended: before that they would read 0.
      if (done == 0) {
        term.err << fmt::format("{}0 / {} games  (the first game is being played){}", begin, total, end) << std::flush;
        return;
      }
      double elapsed = std::chrono::duration<double>(now - started).count();
      double rate = static_cast<double>(done) / std::max(elapsed, 1e-9);
      double eta = static_cast<double>(total - done) / rate;
      std::string rate_text = rate >= 1 ? fmt::format("{:.0f} games/s", rate) : fmt::format("{:.1f} s/game", 1 / rate);
      std::string eta_text = done == total ? "done" : eta < 1 ? "ETA < 1 s" : fmt::format("ETA {:.0f} s", eta);
      term.err << fmt::format("{}{} / {} games  {}  {}{}", begin, done, total, rate_text, eta_text, end) << std::flush;
    };
  }
  TournamentResult result;
  try {
    result = runner.run(tournament, hooks);
  } catch (...) {
    std::signal(SIGINT, previous);
    if (show_progress && term.interactive) term.err << "\n";
    throw;
  }
  std::signal(SIGINT, previous);
  if (show_progress && term.interactive) term.err << "\r" << std::string(70, ' ') << "\r";
  if (result.stopped)
    term.err << "Interrupted: the results below are from the " << result.run.tally.games << " games played.\n";

  nlohmann::json json = tournament_json(tournament, result);
  if (!args.out_path.empty()) write_file_atomically(args.out_path, json.dump(2) + "\n", "--out");
  if (args.json) term.out << json.dump(2) << "\n";
  else if (args.csv) print_csv(term.out, result.summary);
  else print_summary(term.out, result.summary);
  return 0;
}
}  // namespace

Command add_sim_command(CLI::App& app, Terminal& term, TournamentRunner& runner) {
  auto args = std::make_shared<SimArgs>();
  TournamentSpec& spec = args->tournament.spec;
  auto* cmd = app.add_subcommand("sim", "Simulate many games between bots; per-seat win rates");
  cmd->add_option("game", spec.game, "game id")->required();
  cmd->add_option("--games", spec.games, "number of games")->capture_default_str()->check(CLI::Range(1, 1000000000));
  cmd->add_option(
      "--seats", args->tournament.seats,
      "the line-up, rotated through the seats: random, heuristic, easy|medium|hard, "
      "ismcts[:iters=N|ms=N,c=X,rollout=random|heuristic,...] (docs/agents.md; default: random in every seat)");
  cmd->add_option("--players", spec.players, "number of seats when --seats is not given (default 3)")
      ->check(CLI::Range(1, 8));
  args->tournament.add_seed_threads_params(*cmd, "game parameter name=value (repeatable)");
  auto* json = cmd->add_flag("--json", args->json, "print the summary as JSON");
  cmd->add_flag("--csv", args->csv, "print the summary as CSV")->excludes(json);
  cmd->add_flag("--quiet", args->quiet, "no progress line");
  cmd->add_option("--out", args->out_path, "also write the JSON summary to this file");
  cmd->add_option("--records", spec.records_dir,
                  "write every game's record to this folder (game-000001.json, ...; replay with 'bellwether replay')");
  runner.add_options(*cmd);
  return {cmd, [args, &term, &runner] { return simulate(term, *args, runner); }};
}

}  // namespace bw::cli
