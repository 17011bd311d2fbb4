// `bellwether sim`: many bot games, per-seat win rates.
#include <csignal>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>
#include <thread>

#include "agents/agent.hpp"
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
  for (const auto& spec : seats) {
    if (spec == "human") throw BadSeats("sim plays bots only; use 'bellwether play' for human seats");
    make_agent(spec);  // validates the spec
  }
  ParamMap params = validate_params(game.params, options.params);
  int threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());

  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
  Progress progress;
  if (term.interactive) {
    progress = [&](std::uint64_t done, std::uint64_t total) {
      term.err << fmt::format("\r{} / {} games", done, total) << std::flush;
    };
  }
  SimRun run = with_game_type(game.id, [&]<class S>() {
    return simulate_random<S>(S::Params::from(params), players, options.games, options.seed, threads, progress,
                              &g_interrupted);
  });
  std::signal(SIGINT, previous);
  if (term.interactive) term.err << "\r" << std::string(40, ' ') << "\r";
  if (g_interrupted.load()) term.err << "Interrupted: results of the " << run.outcomes.size() << " games played.\n";

  SimSummary summary = summarise(run, game.id, seats, options.seed);
  if (options.json) {
    auto json = summary_json(summary);
    json["params"] = params;
    term.out << json.dump(2) << "\n";
  } else {
    print_summary(term.out, summary);
  }
  return 0;
}

}  // namespace bw::cli
