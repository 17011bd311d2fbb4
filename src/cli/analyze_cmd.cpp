// `bellwether analyze`: the balance lab. Runs the same tournament for each
// value of one parameter and writes a report (HTML with SVG charts, or Markdown).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/tournament_args.hpp"
#include "cli/tournament_runner.hpp"
#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/outside_text.hpp"
#include "games/catalog.hpp"
#include "sim/report.hpp"

namespace bw::cli {

namespace {
struct AnalyzeArgs {
  TournamentArgs tournament;
  std::string vary;  // "name=v1,v2,..."
  std::string out_path;
  std::string format = "html";
  bool quiet = false;
  std::string command;  // as typed, printed in the report
};

// The parameters of each report column: each value of the varied parameter on top of the fixed ones.
std::vector<std::pair<std::string, ParamMap>> variants(const ParamMap& fixed, const std::string& vary) {
  if (vary.empty()) return {{"defaults", fixed}};
  auto [name, values_text] = parse_param_assignment(vary);
  if (fixed.count(name)) throw BadParameter("parameter '" + name + "' is both fixed and varied");
  auto values = split_list(values_text);
  if (values.size() < 2) throw BadParameter("--vary needs at least two values, e.g. " + name + "=1,2");
  std::vector<std::pair<std::string, ParamMap>> out;
  for (const auto& value : values) {
    ParamMap given = fixed;
    given[name] = value;
    out.emplace_back(fmt::format("{}={}", name, value), given);
  }
  return out;
}

int analyze(Terminal& term, const AnalyzeArgs& args, TournamentRunner& runner) {
  TournamentSpec spec = args.tournament.parsed();
  const GameInfo& game = registry().find(spec.game);
  if (args.format != "html" && args.format != "md")
    throw BadParameter("--format must be html or md, not '" + args.format + "'");
  if (!spec.seats.empty()) spec.players = 0;  // analyze lets --seats overrule --players
  spec.default_agent = "heuristic";
  spec.bots_only = "analyze plays bots only";
  runner.fill_in(spec);
  // Every tournament is set up, and so checked, before the first game.
  std::vector<std::pair<std::string, Tournament>> tournaments;
  for (auto& [label, params] : variants(spec.params, args.vary)) {
    TournamentSpec variant = spec;
    variant.params = params;
    tournaments.emplace_back(label, Tournament(std::move(variant)));
  }
  if (!args.out_path.empty()) check_output_path(args.out_path, "--out");  // before hours of games
  // A page of HTML and SVG is no use on a screen: refused before the games, not after.
  if (args.out_path.empty() && args.format == "html" && term.interactive)
    throw BadParameter(
        "the HTML report is not for a terminal: write it with --out FILE (and open it in a browser), "
        "or print Markdown with --format md");
  std::vector<const Tournament*> planned;
  planned.reserve(tournaments.size());
  for (const auto& entry : tournaments) planned.push_back(&entry.second);
  runner.prepare(planned);

  std::vector<VariantResult> results;
  for (const auto& [label, tournament] : tournaments) {
    if (!args.quiet) term.err << fmt::format("{}: {} games...\n", label, spec.games);
    results.push_back({label, runner.run(tournament, {}).summary});
  }

  std::string title = game.name + " — balance report";
  std::string text =
      args.format == "html" ? report_html(title, args.command, results) : report_markdown(title, args.command, results);
  if (args.out_path.empty()) {
    term.out << text;
  } else {
    write_file_atomically(args.out_path, text, "--out");
    term.out << "Report written to " << args.out_path << "\n";
  }
  return 0;
}
}  // namespace

Command add_analyze_command(CLI::App& app, Terminal& term, std::string command_line, TournamentRunner& runner) {
  auto args = std::make_shared<AnalyzeArgs>();
  TournamentSpec& spec = args->tournament.spec;
  args->command = std::move(command_line);
  auto* cmd = app.add_subcommand("analyze", "Balance lab: seat advantage, game length and scores, per parameter value");
  cmd->add_option("game", spec.game, "game id")->required();
  cmd->add_option("--seats", args->tournament.seats,
                  "the line-up, rotated through the seats (default: heuristic in every seat)");
  cmd->add_option("--players", spec.players, "number of seats when --seats is not given (default 3)")
      ->check(CLI::Range(1, 8));
  cmd->add_option("--vary", args->vary, "compare the values of one parameter: name=v1,v2,...");
  cmd->add_option("--games", spec.games, "games per value")->capture_default_str()->check(CLI::Range(1, 100000000));
  args->tournament.add_seed_threads_params(*cmd, "fixed game parameter name=value (repeatable)");
  cmd->add_option("--out", args->out_path, "write the report here (default: standard output)");
  cmd->add_option("--format", args->format, "html (self-contained, SVG charts) or md")->capture_default_str();
  cmd->add_flag("--quiet", args->quiet, "no progress lines");
  runner.add_options(*cmd);
  return {cmd, [args, &term, &runner] { return analyze(term, *args, runner); }};
}

}  // namespace bw::cli
