// `bellwether bench`: the engine's speed figures (src/bench).
#include <CLI/CLI.hpp>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bench/bench.hpp"
#include "bench/signature.hpp"
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

int print_signature(Terminal& term, bool json) {
  Signature signature = rules_signature();
  if (json) {
    nlohmann::json games = nlohmann::json::array();
    for (const auto& g : signature.per_game)
      games.push_back(
          {{"game", g.game}, {"games", g.games}, {"actions", g.actions}, {"hash", fmt::format("{:016x}", g.hash)}});
    term.out << nlohmann::json{{"actions", signature.actions},
                               {"hash", fmt::format("{:016x}", signature.hash)},
                               {"games", games}}
                    .dump(2)
             << "\n";
    return 0;
  }
  term.out << "Rules signature: seeded random games of every game, player count and variant.\n"
              "It changes only when the rules do; quote it in a commit that changes a game.\n";
  for (const auto& g : signature.per_game)
    term.out << fmt::format("  {:<12} {:>4} games {:>8} actions  {:016x}\n", g.game, g.games, g.actions, g.hash);
  term.out << fmt::format("signature: {} actions, {:016x}\n", signature.actions, signature.hash);
  return 0;
}
}  // namespace

Command add_bench_command(CLI::App& app, Terminal& term) {
  struct Given {
    std::string game;
    bool json = false;
    double min_time = 0.3;
    bool signature = false;
    bool quiet = false;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("bench", "Measure the engine: games/s, ns per action, allocations, state size");
  cmd->add_option("game", given->game, "only this game (default: all)");
  cmd->add_flag("--json", given->json, "print one JSON array, an object per game");
  cmd->add_option("--min-time", given->min_time, "seconds per measurement")
      ->capture_default_str()
      ->check(kFinite & CLI::Range(0.01, 60.0));
  auto* signature = cmd->add_flag("--signature", given->signature,
                                  "print the rules signature (total actions and hash of a fixed set of seeded games) "
                                  "instead of timing; it changes only when the rules do");
  cmd->add_flag("--quiet", given->quiet, "no progress lines on standard error");
  signature->excludes(cmd->get_option("game"))->excludes(cmd->get_option("--min-time"));
  return {cmd, [given, &term] {
            if (given->signature) return print_signature(term, given->json);
            // Measuring every game takes a while: say how far it is, on standard error.
            return run_bench(given->game, given->json, given->min_time, term.out, given->quiet ? nullptr : &term.err);
          }};
}

}  // namespace bw::cli
