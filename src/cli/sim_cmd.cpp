// `bellwether sim`: a tournament between bots, seats rotated, per-seat and
// per-agent results with confidence intervals.
#include <csignal>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "core/output_file.hpp"
#include "sim/tournament.hpp"

namespace bw::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted.store(true); }
}  // namespace

int simulate(Terminal& term, const SimOptions& options) {
  Tournament tournament({.game = options.game,
                         .params = options.params,
                         .seats = options.seats,
                         .players = options.players,
                         .default_agent = "random",
                         .games = options.games,
                         .seed = options.seed,
                         .threads = options.threads,
                         .records_dir = options.records_dir,
                         .bots_only = "sim plays bots only; use 'bellwether play' for human seats"});
  if (!options.out_path.empty()) check_output_path(options.out_path, "--out");

  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
  TournamentHooks hooks;
  hooks.stop = &g_interrupted;
  auto started = std::chrono::steady_clock::now();
  bool show_progress = term.interactive && !options.quiet;
  if (show_progress) {
    hooks.progress = [&](std::uint64_t done, std::uint64_t total) {
      double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
      double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0;
      term.err << fmt::format("\r{} / {} games  {:.0f} games/s  ETA {:.0f} s   ", done, total, rate, eta) << std::flush;
    };
  }
  TournamentResult result;
  try {
    result = tournament.run(hooks);
  } catch (...) {
    std::signal(SIGINT, previous);
    if (show_progress) term.err << "\n";
    throw;
  }
  std::signal(SIGINT, previous);
  if (show_progress) term.err << "\r" << std::string(60, ' ') << "\r";
  if (result.stopped)
    term.err << "Interrupted: the results below are from the " << result.run.tally.games << " games played.\n";

  nlohmann::json json = tournament_json(tournament, result);
  if (!options.out_path.empty()) write_file_atomically(options.out_path, json.dump(2) + "\n", "--out");
  if (options.json) term.out << json.dump(2) << "\n";
  else if (options.csv) print_csv(term.out, result.summary);
  else print_summary(term.out, result.summary);
  return 0;
}

}  // namespace bw::cli
