// `bellwether sim`: a tournament between bots, seats rotated, per-seat and
// per-agent results with confidence intervals.
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <thread>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "sim/summary.hpp"

namespace bw::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted.store(true); }
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
  int threads = options.threads ? options.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::ofstream out_file;
  if (!options.out_path.empty()) {
    out_file.open(options.out_path);
    if (!out_file) throw BadSeats("cannot write '" + options.out_path + "'");
  }

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
  SimRun run = with_game_type(game.id, [&]<class S>() {
    return bw::simulate<S>(S::Params::from(params), specs, options.games, options.seed, threads, progress,
                           &g_interrupted);
  });
  std::signal(SIGINT, previous);
  if (show_progress) term.err << "\r" << std::string(60, ' ') << "\r";
  if (g_interrupted.load())
    term.err << "Interrupted: the results below are from the " << run.outcomes.size() << " games played.\n";

  SimSummary summary = summarise(run, game.id, seats, options.seed);
  nlohmann::json json = summary_json(summary);
  json["params"] = params;
  json["threads"] = threads;
  if (out_file.is_open()) out_file << json.dump(2) << "\n";
  if (options.json) term.out << json.dump(2) << "\n";
  else if (options.csv) print_csv(term.out, summary);
  else print_summary(term.out, summary);
  return 0;
}

}  // namespace bw::cli
