// `bellwether analyze`: the balance lab. Runs the same tournament for each
// value of one parameter and writes a report (HTML with SVG charts, or Markdown).
#include <fmt/format.h>
#include <ostream>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/outside_text.hpp"
#include "games/catalog.hpp"
#include "sim/report.hpp"
#include "sim/tournament.hpp"

namespace bw::cli {

namespace {
// The parameters of each report column: each value of the varied parameter on top of the fixed ones.
std::vector<std::pair<std::string, ParamMap>> variants(const AnalyzeOptions& options) {
  if (options.vary.empty()) return {{"defaults", options.params}};
  auto [name, values_text] = parse_param_assignment(options.vary);
  if (options.params.count(name)) throw BadParameter("parameter '" + name + "' is both fixed and varied");
  auto values = split_list(values_text);
  if (values.size() < 2) throw BadParameter("--vary needs at least two values, e.g. " + name + "=1,2");
  std::vector<std::pair<std::string, ParamMap>> out;
  for (const auto& value : values) {
    ParamMap given = options.params;
    given[name] = value;
    out.emplace_back(name + "=" + value, given);
  }
  return out;
}
}  // namespace

int analyze(Terminal& term, const AnalyzeOptions& options) {
  const GameInfo& game = registry().find(options.game);
  if (options.format != "html" && options.format != "md")
    throw BadParameter("--format must be html or md, not '" + options.format + "'");
  TournamentSpec spec;
  spec.game = options.game;
  spec.seats = options.seats;
  spec.players = options.seats.empty() ? options.players : 0;  // analyze lets --seats overrule --players
  spec.default_agent = "heuristic";
  spec.games = options.games;
  spec.seed = options.seed;
  spec.threads = options.threads;
  spec.bots_only = "analyze plays bots only";
  // Every tournament is set up, and so checked, before the first game.
  std::vector<std::pair<std::string, Tournament>> tournaments;
  for (auto& [label, params] : variants(options)) {
    spec.params = params;
    tournaments.emplace_back(label, Tournament(spec));
  }
  if (!options.out_path.empty()) check_output_path(options.out_path, "--out");  // before hours of games

  std::vector<VariantResult> results;
  for (const auto& [label, tournament] : tournaments) {
    if (!options.quiet) term.err << fmt::format("{}: {} games...\n", label, options.games);
    results.push_back({label, tournament.run().summary});
  }

  std::string title = game.name + " — balance report";
  std::string report = options.format == "html" ? report_html(title, options.command, results)
                                                : report_markdown(title, options.command, results);
  if (options.out_path.empty()) {
    term.out << report;
  } else {
    write_file_atomically(options.out_path, report, "--out");
    term.out << "Report written to " << options.out_path << "\n";
  }
  return 0;
}

}  // namespace bw::cli
