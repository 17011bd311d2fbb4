// `bellwether sim`: a tournament between bots, seats rotated, per-seat and
// per-agent results with confidence intervals.
#include <csignal>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <thread>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "sim/summary.hpp"

namespace bw::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted.store(true); }

// The folder for --records: made if missing, refused if it is a file or not writable.
void prepare_records_dir(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw Error("--records: cannot create the folder '" + dir + "'" + (error ? ": " + error.message() : ""));
}

// One record per finished game, written by the worker thread that played it
// and replayed through the checked type-erased state, so the files hold
// exactly what `bellwether replay` accepts.
void write_record(const std::string& dir, const GameInfo& game, const ParamMap& params,
                  const std::vector<std::string>& seats, const GameOutcome& outcome) {
  const int players = static_cast<int>(seats.size());
  GameRecord record;
  record.game = game.id;
  record.params = params;
  record.names = default_names(players);
  for (int seat = 0; seat < players; ++seat) record.players.push_back(seats[outcome.agent_of_seat[seat]]);
  record.seed = outcome.seed;
  auto state = game.start(params, players, record.seed);
  for (Action action : outcome.history) {
    record.actions.push_back(state->action_to_string(action));
    state->apply(action);
  }
  save_record(fmt::format("{}/game-{:06}.json", dir, outcome.index + 1), record, state.get());
}
}  // namespace

int simulate(Terminal& term, const SimOptions& options) {
  const GameInfo& game = registry().find(options.game);
  std::vector<std::string> seats = options.seats;
  if (seats.empty()) {
    int players = options.players ? options.players : std::clamp(3, game.min_players, game.max_players);
    seats.assign(players, "random");
  } else if (options.players && options.players != static_cast<int>(seats.size())) {
    throw BadSeats(fmt::format("--players {} but --seats lists {} seats", options.players, seats.size()));
  }
  int players = static_cast<int>(seats.size());
  game.check_player_count(players);
  std::vector<AgentSpec> specs;
  for (const auto& seat : seats) {
    specs.push_back(parse_agent_spec(seat));
    if (specs.back().kind == AgentSpec::Kind::Human)
      throw BadSeats("sim plays bots only; use 'bellwether play' for human seats");
  }
  ParamMap params = validate_params(game.params, options.params);
  game.start(params, players, options.seed);  // a setup the game refuses fails here, not inside a worker thread
  int threads = worker_threads(options.threads, specs);
  if (!options.out_path.empty()) check_output_path(options.out_path, "--out");
  if (!options.records_dir.empty()) prepare_records_dir(options.records_dir);

  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
  Progress progress;
  auto started = std::chrono::steady_clock::now();
  bool show_progress = term.interactive && !options.quiet;
  if (show_progress) {
    progress = [&](std::uint64_t done, std::uint64_t total) {
      double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
      double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0;
      term.err << fmt::format("\r{} / {} games  {:.0f} games/s  ETA {:.0f} s   ", done, total, rate, eta) << std::flush;
    };
  }
  OnGame on_game;
  if (!options.records_dir.empty())
    on_game = [&](const GameOutcome& outcome) { write_record(options.records_dir, game, params, seats, outcome); };
  SimRun run;
  try {
    run = with_game_type(game.id, [&]<class S>() {
      return bw::simulate<S>(S::Params::from(params), specs, options.games, options.seed, threads, progress,
                             &g_interrupted, on_game);
    });
  } catch (...) {
    std::signal(SIGINT, previous);
    if (show_progress) term.err << "\n";
    throw;
  }
  std::signal(SIGINT, previous);
  if (show_progress) term.err << "\r" << std::string(60, ' ') << "\r";
  if (g_interrupted.load())
    term.err << "Interrupted: the results below are from the " << run.tally.games << " games played.\n";

  SimSummary summary = summarise(run, game.id, seats, options.seed);
  nlohmann::json json = summary_json(summary);
  json["params"] = params;
  json["threads"] = threads;
  if (!options.out_path.empty()) write_file_atomically(options.out_path, json.dump(2) + "\n", "--out");
  if (options.json) term.out << json.dump(2) << "\n";
  else if (options.csv) print_csv(term.out, summary);
  else print_summary(term.out, summary);
  return 0;
}

}  // namespace bw::cli
