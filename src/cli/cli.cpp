#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <iostream>
#include <thread>

#include "bench/bench.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "server/serve_cmd.hpp"

namespace bw::cli {

std::uint64_t parse_seed(const std::string& text, std::string_view option) {
  std::uint64_t seed = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  // from_chars takes no sign and reports overflow, where strtoull would turn
  // "-1" and 2^64 alike into 2^64-1.
  if (text.empty() || error != std::errc{} || end != text.data() + text.size())
    throw BadParameter(std::string(option) + " must be a whole number from 0 to 18446744073709551615, not '" +
                       excerpt(text) + "'");
  return seed;
}

int worker_threads(int requested, const std::vector<AgentSpec>& specs) {
  int threads = requested ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int search_threads = 1;
  for (const auto& spec : specs)
    if (spec.kind == AgentSpec::Kind::Ismcts) search_threads = std::max(search_threads, spec.ismcts.threads);
  if (threads * search_threads > kMaxThreadsInAll)
    throw BadSeats(fmt::format("{} worker threads, each searching with {} threads, would run {} threads at once; "
                               "at most {} (lower --threads or the agent's threads=)",
                               threads, search_threads, threads * search_threads, kMaxThreadsInAll));
  return threads;
}

ParamMap parse_params(const std::vector<std::string>& assignments) {
  ParamMap params;
  for (const auto& text : assignments) {
    auto [name, value] = parse_param_assignment(text);
    if (params.count(name)) throw BadParameter("parameter '" + name + "' is given twice");
    params[name] = value;
  }
  return params;
}

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

int run(int argc, const char* const* argv, Terminal& term) {
  CLI::App app{"Bellwether: play, study and train AI on five sheep-themed tabletop games.", "bellwether"};
  app.require_subcommand(1);
  app.footer("Run 'bellwether COMMAND --help' for a command's options. Rules: docs/rules/.");

  bool games_json = false;
  auto* games_cmd = app.add_subcommand("games", "List every game with its player counts and parameters");
  games_cmd->add_flag("--json", games_json, "print JSON for scripts");

  PlayOptions play_opts;
  std::string play_seats = "human,random,random", play_names;
  std::vector<std::string> play_params;
  std::string play_seed;
  auto* play_cmd = app.add_subcommand("play", "Play a game in the terminal (humans and bots)");
  play_cmd->add_option("game", play_opts.game, "game id (see 'bellwether games')")->required();
  play_cmd->add_option("--seats", play_seats, "one per seat: human, random, heuristic or ismcts[:options]")
      ->capture_default_str();
  play_cmd->add_option("--names", play_names, "display names, comma-separated");
  auto* seed_opt = play_cmd->add_option("--seed", play_seed, "seed for the shuffle and blind draws (default: random)");
  play_cmd->add_option("--param", play_params, "game parameter name=value (repeatable)");
  play_cmd->add_option("--save", play_opts.save_path, "write the game record (JSON) here at the end");

  ReplayOptions replay_opts;
  auto* replay_cmd = app.add_subcommand("replay", "Show a recorded game step by step");
  replay_cmd->add_option("file", replay_opts.path, "game record (JSON) saved by 'play --save'")->required();
  replay_cmd->add_option("--as", replay_opts.as_seat, "show it as this seat sees it (number or name); default: everything");
  replay_cmd->add_flag("--board", replay_opts.board, "print the board after every step");

  SimOptions sim_opts;
  std::string sim_seats;
  std::vector<std::string> sim_params;
  auto* sim_cmd = app.add_subcommand("sim", "Simulate many games between bots; per-seat win rates");
  sim_cmd->add_option("game", sim_opts.game, "game id")->required();
  sim_cmd->add_option("--games", sim_opts.games, "number of games")->capture_default_str()->check(CLI::Range(1, 1000000000));
  sim_cmd->add_option("--seats", sim_seats,
                      "the line-up, rotated through the seats: random, heuristic, ismcts[:iters=N|ms=N,c=X,"
                      "rollout=random|heuristic] (default: random in every seat)");
  sim_cmd->add_option("--players", sim_opts.players, "number of seats when --seats is not given (default 3)")
      ->check(CLI::Range(1, 8));
  std::string sim_seed = "1";
  sim_cmd->add_option("--seed", sim_seed, "master seed")->capture_default_str();
  sim_cmd->add_option("--threads", sim_opts.threads, "worker threads (default: all cores)")->check(CLI::Range(1, 256));
  sim_cmd->add_option("--param", sim_params, "game parameter name=value (repeatable)");
  sim_cmd->add_flag("--json", sim_opts.json, "print the summary as JSON");
  sim_cmd->add_flag("--csv", sim_opts.csv, "print the summary as CSV");
  sim_cmd->add_flag("--quiet", sim_opts.quiet, "no progress line");
  sim_cmd->add_option("--out", sim_opts.out_path, "also write the JSON summary to this file");
  sim_cmd->add_option("--records", sim_opts.records_dir,
                      "write every game's record to this folder (game-000001.json, ...; replay with 'bellwether replay')");

  AnalyzeOptions an_opts;
  std::string an_seats;
  std::vector<std::string> an_params;
  auto* an_cmd = app.add_subcommand("analyze", "Balance lab: seat advantage, game length and scores, per parameter value");
  an_cmd->add_option("game", an_opts.game, "game id")->required();
  an_cmd->add_option("--seats", an_seats, "the line-up, rotated through the seats (default: heuristic in every seat)");
  an_cmd->add_option("--players", an_opts.players, "number of seats when --seats is not given (default 3)")
      ->check(CLI::Range(1, 8));
  an_cmd->add_option("--vary", an_opts.vary, "compare the values of one parameter: name=v1,v2,...");
  an_cmd->add_option("--games", an_opts.games, "games per value")->capture_default_str()->check(CLI::Range(1, 100000000));
  std::string an_seed = "1";
  an_cmd->add_option("--seed", an_seed, "master seed")->capture_default_str();
  an_cmd->add_option("--threads", an_opts.threads, "worker threads (default: all cores)")->check(CLI::Range(1, 256));
  an_cmd->add_option("--param", an_params, "fixed game parameter name=value (repeatable)");
  an_cmd->add_option("--out", an_opts.out_path, "write the report here (default: standard output)");
  an_cmd->add_option("--format", an_opts.format, "html (self-contained, SVG charts) or md")->capture_default_str();
  an_cmd->add_flag("--quiet", an_opts.quiet, "no progress lines");

  std::string bench_game;
  bool bench_json = false;
  double bench_min_time = 0.3;
  auto* bench_cmd = app.add_subcommand("bench", "Measure the engine: games/s, ns per action, allocations, state size");
  bench_cmd->add_option("game", bench_game, "only this game (default: all)");
  bench_cmd->add_flag("--json", bench_json, "print one JSON array, an object per game");
  bench_cmd->add_option("--min-time", bench_min_time, "seconds per measurement")->capture_default_str()->check(
      kFinite & CLI::Range(0.01, 60.0));

  std::string ex_game, ex_hands;
  auto* ex_cmd = app.add_subcommand("explain", "Rank Black Sheep field hands and say why each beats the next");
  ex_cmd->add_option("game", ex_game, "game id (black-sheep)")->required();
  ex_cmd->add_option("--hand", ex_hands,
                     "hands of five animals, separated by '|', e.g. \"horse horse cow cow pig | pig pig pig rooster rooster\"")
      ->required();

  std::string pt_game;
  std::string pt_seed = "1";
  int pt_players = 3;
  std::vector<std::string> pt_params;
  auto* pt_cmd = app.add_subcommand("playthrough",
                                    "Print a seeded random game with every observation and legal-action list "
                                    "(the golden files in tests/playthroughs)");
  pt_cmd->add_option("game", pt_game, "game id")->required();
  pt_cmd->add_option("--seed", pt_seed, "seed")->capture_default_str();
  pt_cmd->add_option("--players", pt_players, "players")->capture_default_str();
  pt_cmd->add_option("--param", pt_params, "game parameter name=value (repeatable)");

  server::ServerCommands server_cmds(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 reports "A subcommand is required" before it looks at extra words,
    // so a mistyped command ("bellwether simm") would not be named: name it.
    if (dynamic_cast<const CLI::RequiredError*>(&e) && app.get_subcommands().empty() && !app.remaining().empty()) {
      std::string commands;
      for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
        commands += (commands.empty() ? "" : ", ") + sub->get_name();
      const std::string word = app.remaining().front();
      term.err << "error: unknown " << (word.starts_with('-') ? "option" : "command") << " '" << word
               << "' (commands: " << commands << ")\n"
               << "Run with --help for more information.\n";
      return e.get_exit_code();
    }
    return app.exit(e, term.out, term.err);
  }

  try {
    if (*games_cmd) return list_games(term, games_json);
    if (*play_cmd) {
      play_opts.seats = split_seats(play_seats);
      play_opts.names = split_list(play_names);
      play_opts.params = parse_params(play_params);
      if (*seed_opt) play_opts.seed = parse_seed(play_seed, "--seed");
      return play(term, play_opts);
    }
    if (*replay_cmd) return replay_record(term, replay_opts);
    if (*sim_cmd) {
      sim_opts.seats = split_seats(sim_seats);
      sim_opts.params = parse_params(sim_params);
      sim_opts.seed = parse_seed(sim_seed, "--seed");
      return simulate(term, sim_opts);
    }
    if (*an_cmd) {
      an_opts.seats = split_seats(an_seats);
      an_opts.params = parse_params(an_params);
      an_opts.seed = parse_seed(an_seed, "--seed");
      an_opts.command = "bellwether";
      for (int i = 1; i < argc; ++i) an_opts.command += std::string(" ") + argv[i];
      return analyze(term, an_opts);
    }
    if (*ex_cmd) return explain(term, ex_game, ex_hands);
    if (*bench_cmd) return run_bench(bench_game, bench_json, bench_min_time, term.out);
    if (server_cmds.selected()) return server_cmds.run(term.out, term.err);
    if (*pt_cmd) return playthrough(term, pt_game, pt_players, parse_seed(pt_seed, "--seed"), parse_params(pt_params));
  } catch (const Error& e) {
    term.err << "error: " << e.what() << "\n";
    return 2;
  }
  return 1;
}

}  // namespace bw::cli
