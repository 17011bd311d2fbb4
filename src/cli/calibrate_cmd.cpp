// `bellwether calibrate`: how far to trust the win meter (analysis/calibration.hpp):
// its predictions by tenths against what happened, and its Brier score.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/calibration.hpp"
#include "cli/commands.hpp"

namespace bw::cli {

namespace {

struct CalibrateOptions {
  analysis::CalibrationOptions run;
  std::string seed = "1";
  bool json = false;
};

nlohmann::json calibration_json(const analysis::CalibrationOptions& run, const analysis::Calibration& c) {
  nlohmann::json bins = nlohmann::json::array();
  for (const analysis::CalibrationBin& bin : c.bins)
    bins.push_back({{"from", bin.from},
                    {"to", bin.to},
                    {"count", bin.count},
                    {"predicted", bin.predicted},
                    {"observed", bin.observed}});
  return {{"game", run.game},
          {"players", run.players},
          {"games", run.games},
          {"worlds", run.worlds},
          {"points", run.points},
          {"seed", run.seed},
          {"predictions", c.predictions},
          {"brier", c.brier},
          {"uniform_brier", c.uniform_brier},
          {"largest_gap_points", c.largest_gap},
          {"bins", bins}};
}

void print_table(std::ostream& out, const analysis::CalibrationOptions& run, const analysis::Calibration& c) {
  out << fmt::format(
      "{}: {} games of {} heuristic seats, the meter read at {} decisions a game from the deciding "
      "seat's view, {} worlds each\n",
      run.game, run.games, run.players, run.points, run.worlds);
  out << fmt::format("{:>11}  {:>11}  {:>9}  {:>8}\n", "predicted", "predictions", "mean", "observed");
  for (const analysis::CalibrationBin& bin : c.bins) {
    if (!bin.count) {
      out << fmt::format("{:>4.0f}-{:>3.0f} %  {:>11}\n", 100 * bin.from, 100 * bin.to, 0);
      continue;
    }
    out << fmt::format("{:>4.0f}-{:>3.0f} %  {:>11}  {:>8.1f}%  {:>7.1f}%\n", 100 * bin.from, 100 * bin.to, bin.count,
                       100 * bin.predicted, 100 * bin.observed);
  }
  out << fmt::format(
      "Brier score {:.4f} against {:.4f} for 1/{} every time ({} predictions); the largest gap in a "
      "tenth with 30 or more: {:.1f} points\n",
      c.brier, c.uniform_brier, run.players, c.predictions, c.largest_gap);
}

int calibrate_command(Terminal& term, CalibrateOptions& options) {
  options.run.seed = parse_seed(options.seed, "--seed");
  // A person at a terminal sees the games go by (a run of 1,000 takes minutes).
  if (term.interactive)
    options.run.progress = [&term, total = options.run.games](int done) {
      term.err << fmt::format("\r{} / {} games", done, total) << std::flush;
    };
  const analysis::Calibration result = analysis::calibrate(options.run);
  if (term.interactive) term.err << "\r" << std::string(40, ' ') << "\r";
  if (options.json) term.out << calibration_json(options.run, result).dump(2) << "\n";
  else print_table(term.out, options.run, result);
  return 0;
}

}  // namespace

Command add_calibrate_command(CLI::App& app, Terminal& term) {
  auto options = std::make_shared<CalibrateOptions>();
  auto* cmd = app.add_subcommand(
      "calibrate", "How far to trust the win meter: its predicted chances against what happened, and its Brier score");
  cmd->add_option("game", options->run.game, "game id")->required();
  cmd->add_option("--games", options->run.games, "seeded games of heuristic seats")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--players", options->run.players, "seats per game")->check(CLI::Range(1, 8))->capture_default_str();
  cmd->add_option("--worlds", options->run.worlds, "the meter's worlds per reading (its budget)")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--points", options->run.points, "decisions a game at which the meter is read, evenly spread")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "master seed: the same options and seed give the same table")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "print the table as JSON");
  return {cmd, [options, &term] { return calibrate_command(term, *options); }};
}

}  // namespace bw::cli
