// `bellwether analyze-game`: a finished game's decisions judged from what each
// seat knew then (analysis/game_analysis.hpp), as a table or as JSON.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "analysis/analysis_json.hpp"
#include "analysis/game_analysis.hpp"
#include "cli/commands.hpp"
#include "core/record.hpp"

namespace bw::cli {

namespace {

struct AnalyzeGameOptions {
  std::string path;
  bool json = false;
  int worlds = analysis::Budget{}.worlds;
  std::string seed = "1";
};

void print_table(std::ostream& out, const analysis::GameAnalysis& a, const std::vector<std::string>& names) {
  out << fmt::format("{}: {} decisions judged, {} worlds each (seed {})\n", a.game, a.decisions.size(), a.budget.worlds,
                     a.budget.seed);
  out << fmt::format("{:>5}  {:<10} {:>6} {:>6}  {:<11} {}\n", "step", "seat", "played", "best", "mark", "move");
  for (const analysis::Decision& d : a.decisions) {
    std::string mark = analysis::mark_name(d.mark);
    if (d.unlucky) mark = "unlucky";
    std::string move = d.played;
    if (d.mark != analysis::Mark::None) move += "  (better: " + d.best + ")";
    out << fmt::format("{:>5}  {:<10} {:>5.0f}% {:>5.0f}%  {:<11} {}\n", d.step + 1, names[d.seat],
                       100 * d.played_chance, 100 * d.best_chance, mark, move);
  }
  out << "Turning points:";
  if (a.turning_points.empty())
    out << " none (no move lost more than the noise and " << analysis::kInaccuracy << " points)";
  out << "\n";
  for (std::size_t i : a.turning_points) {
    const analysis::Decision& d = a.decisions[i];
    out << fmt::format("  step {}: {} played {} ({:.0f}%), the bot would play {} ({:.0f}%)\n", d.step + 1,
                       names[d.seat], d.played, 100 * d.played_chance, d.best, 100 * d.best_chance);
  }
}

int analyze_game_command(Terminal& term, const AnalyzeGameOptions& options) {
  const GameRecord record = load_record(options.path);
  analysis::Budget budget;
  budget.worlds = options.worlds;
  budget.seed = parse_seed(options.seed, "--seed");
  const analysis::GameAnalysis result = analysis::analyze_game(record, budget);
  if (options.json) {
    term.out << analysis::analysis_json(result).dump(2) << "\n";
    return 0;
  }
  std::vector<std::string> names = record.names;
  for (std::size_t p = names.size(); p < record.players.size(); ++p) names.push_back("P" + std::to_string(p + 1));
  print_table(term.out, result, names);
  return 0;
}

}  // namespace

Command add_analyze_game_command(CLI::App& app, Terminal& term) {
  auto options = std::make_shared<AnalyzeGameOptions>();
  auto* cmd = app.add_subcommand(
      "analyze-game", "Judge a finished game's decisions from what each seat knew: chance lost, turning points");
  cmd->add_option("file", options->path, "game record (JSON) saved by 'play --save' or the server")->required();
  cmd->add_flag("--json", options->json, "print the analysis as JSON");
  cmd->add_option("--worlds", options->worlds,
                  "worlds dealt from each seat's view per decision (more: slower, less noise)")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "the analysis's seed: the same record, worlds and seed give the same result")
      ->capture_default_str();
  return {cmd, [options, &term] { return analyze_game_command(term, *options); }};
}

}  // namespace bw::cli
