// `bellwether analyze`: the balance lab. Runs the same tournament for each
// value of one parameter and writes a report (HTML with SVG charts, or Markdown).
#include <fmt/format.h>
#include <fstream>
#include <ostream>
#include <thread>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/outside_text.hpp"
#include "games/catalog.hpp"
#include "sim/report.hpp"

namespace bw::cli {

int analyze(Terminal& term, const AnalyzeOptions& options) {
  const GameInfo& game = registry().find(options.game);
  std::vector<std::string> seats = options.seats;
  if (seats.empty()) {
    int players = options.players ? options.players : std::clamp(3, game.min_players, game.max_players);
    seats.assign(players, "heuristic");
  }
  game.check_player_count(static_cast<int>(seats.size()));
  std::vector<AgentSpec> specs;
  for (const auto& seat : seats) {
    specs.push_back(parse_agent_spec(seat));
    if (specs.back().kind == AgentSpec::Kind::Human) throw BadSeats("analyze plays bots only");
  }
  if (options.format != "html" && options.format != "md")
    throw BadParameter("--format must be html or md, not '" + options.format + "'");

  // The variants: each value of the varied parameter on top of the fixed ones.
  std::vector<std::pair<std::string, ParamMap>> variants;
  if (options.vary.empty()) {
    variants.emplace_back("defaults", validate_params(game.params, options.params));
  } else {
    auto [name, values_text] = parse_param_assignment(options.vary);
    if (options.params.count(name)) throw BadParameter("parameter '" + name + "' is both fixed and varied");
    auto values = split_list(values_text);
    if (values.size() < 2) throw BadParameter("--vary needs at least two values, e.g. " + name + "=1,2");
    for (const auto& value : values) {
      ParamMap given = options.params;
      given[name] = value;
      variants.emplace_back(name + "=" + value, validate_params(game.params, given));
    }
  }

  // A setup the game refuses fails here, before any game, not inside a worker thread.
  for (const auto& variant : variants) game.start(variant.second, static_cast<int>(seats.size()), options.seed);

  if (!options.out_path.empty()) check_output_path(options.out_path, "--out");  // before hours of games
  int threads = worker_threads(options.threads, specs);
  std::vector<VariantResult> results;
  for (const auto& [label, params] : variants) {
    if (!options.quiet) term.err << fmt::format("{}: {} games...\n", label, options.games);
    SimRun run = with_game_type(game.id, [&]<class S>() {
      return bw::simulate<S>(S::Params::from(params), specs, options.games, options.seed, threads, {});
    });
    results.push_back({label, summarise(run, game.id, seats, options.seed)});
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
