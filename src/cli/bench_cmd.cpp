// `bellwether bench`: the engine's speed figures (src/bench).
#include <CLI/CLI.hpp>
#include <cmath>

#include "bench/bench.hpp"
#include "cli/commands.hpp"

namespace bw::cli {

namespace {
// CLI11's Range lets NaN through (every comparison with NaN is false).
const CLI::Validator kFinite(
    [](std::string& text) {
      double value = 0;
      try {
        value = std::stod(text);
      } catch (const std::exception&) {
        return std::string("'" + text + "' is not a number");
      }
      return std::isfinite(value) ? std::string() : std::string("'" + text + "' is not a finite number");
    },
    "FINITE");
}  // namespace

Command add_bench_command(CLI::App& app, Terminal& term) {
  struct Given {
    std::string game;
    bool json = false;
    double min_time = 0.3;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("bench", "Measure the engine: games/s, ns per action, allocations, state size");
  cmd->add_option("game", given->game, "only this game (default: all)");
  cmd->add_flag("--json", given->json, "print one JSON array, an object per game");
  cmd->add_option("--min-time", given->min_time, "seconds per measurement")->capture_default_str()->check(
      kFinite & CLI::Range(0.01, 60.0));
  return {cmd, [given, &term] { return run_bench(given->game, given->json, given->min_time, term.out); }};
}

}  // namespace bw::cli
