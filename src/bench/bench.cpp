#include "bench/bench.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "agents/agent_for.hpp"
#include "agents/ismcts.hpp"
#include "core/alloc_counter.hpp"
#include "games/catalog.hpp"
#include "sim/simulate.hpp"

namespace bw {

namespace {

struct Figures {
  std::string game;
  double games_per_sec = 0, ns_per_action = 0, allocs_per_action = 0, copy_ns = 0, ismcts_iters_per_sec = 0;
  double ismcts_default_iters_per_sec = 0;
  double speedup_2_threads = 0;
  std::size_t state_bytes = 0;
};

// Keeps the median of each benchmark's repetitions; prints nothing.
class MedianCollector : public benchmark::BenchmarkReporter {
 public:
  MedianCollector(std::ostream* progress, int total) : progress_(progress), total_(total) {}
  std::map<std::string, Run> medians;
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs)
      if (run.aggregate_name == "median") {
        medians[run.run_name.function_name] = run;
        if (progress_)
          *progress_ << "bench: " << ++done_ << " of " << total_ << " measured (" << run.run_name.function_name << ")"
                     << '\n'
                     << std::flush;
      }
  }

 private:
  std::ostream* progress_;
  int total_;
  int done_ = 0;
};

constexpr int kBenchPlayers = 3;

// Times choices of kSearchIterations iterations each from `start` (no tree is
// reused: the search hears of no action between them).
constexpr int kSearchIterations = 500;
template <Game S, class Rollout>
void time_search(benchmark::State& bench, const S& start, IsmctsConfig config) {
  config.iterations = kSearchIterations;
  config.ms = 0;
  Ismcts<S, Rollout> search(config);
  Rng rng(5, 5);
  search.choose(start, rng);  // grow the node pool once
  if (search.last_iterations() != kSearchIterations)
    bench.SkipWithError("the start position has a single legal action");
  for (auto _ : bench) benchmark::DoNotOptimize(search.choose(start, rng));
  bench.counters["iterations"] = benchmark::Counter(kSearchIterations, benchmark::Counter::kAvgIterations);
}

// Every timing runs five repetitions of at least `min_time` seconds and reports their aggregates.
template <typename Body>
void add_timing(const std::string& name, double min_time, Body body) {
  benchmark::RegisterBenchmark(name.c_str(), std::move(body))
      ->MinTime(min_time)
      ->Repetitions(5)
      ->ReportAggregatesOnly(true)
      ->Unit(benchmark::kNanosecond);
}

template <Game S>
void register_game(double min_time) {
  const std::string id(S::kId);
  typename S::Params params = S::Params::from(validate_params(S::param_specs(), {}));
  int players = std::clamp(kBenchPlayers, S::kMinPlayers, S::kMaxPlayers);

  add_timing("playout/" + id, min_time, [params, players](benchmark::State& bench) {
    std::uint64_t seed = 1, actions = 0;
    std::uint64_t allocs_before = allocation_count();
    for (auto _ : bench) {
      S state(params, players, seed);
      Rng rng(seed++, 7);
      while (!state.is_terminal()) {
        state.apply(random_action(state, rng));
        ++actions;
      }
      benchmark::DoNotOptimize(state);
    }
    // Read the count before touching bench.counters: inserting into that map allocates too.
    std::uint64_t allocs = allocation_count() - allocs_before;
    bench.counters["actions"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kAvgIterations);
    bench.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
  });

  add_timing("copy/" + id, min_time, [params, players](benchmark::State& bench) {
    S state(params, players, 42);  // a mid-game state, so the copy carries real content
    Rng rng(42, 7);
    for (int i = 0; i < 40 && !state.is_terminal(); ++i) state.apply(random_action(state, rng));
    for (auto _ : bench) {
      S copy = state;
      benchmark::DoNotOptimize(copy);
      benchmark::ClobberMemory();
    }
  });

  // One ISMCTS iteration = determinize + descend + expand + random roll-out
  // to the end + back-up, from the start: the plain search, without the
  // heuristic bias and the play-out horizon the agents use by default.
  add_timing("ismcts/" + id, min_time, [params, players](benchmark::State& bench) {
    IsmctsConfig plain;
    plain.bias = 0;
    plain.horizon = 0;
    time_search<S, RandomRollout>(bench, S(params, players, 5), plain);
  });

  // The same with the search plain `ismcts` plays in this game (its play-outs,
  // horizon, bias, reward and opponent model).
  add_timing("ismcts_default/" + id, min_time, [params, players](benchmark::State& bench) {
    IsmctsConfig config = search_config_for<S>(parse_agent_spec("ismcts"));
    if (config.heuristic_rollout) time_search<S, HeuristicRollout>(bench, S(params, players, 5), config);
    else time_search<S, RandomRollout>(bench, S(params, players, 5), config);
  });
}

// Wall time of the same random tournament on one thread and on two: the
// median of five ratios, each run about `min_time` seconds of games on one thread.
template <Game S>
double two_thread_speedup(double games_per_sec, double min_time) {
  typename S::Params params = S::Params::from(validate_params(S::param_specs(), {}));
  int players = std::clamp(kBenchPlayers, S::kMinPlayers, S::kMaxPlayers);
  auto games = static_cast<std::uint64_t>(std::max(100.0, games_per_sec * min_time));
  std::vector<double> ratios;
  for (int run = 0; run < 5; ++run) {
    double one = simulate_random<S>(params, players, games, 100 + run, 1, {}).seconds;
    double two = simulate_random<S>(params, players, games, 100 + run, 2, {}).seconds;
    ratios.push_back(one / two);
  }
  std::sort(ratios.begin(), ratios.end());
  return ratios[2];
}

}  // namespace

int run_bench(const std::string& game_filter, bool json, double min_time, std::ostream& out, std::ostream* progress) {
  if (!game_filter.empty()) registry().find(game_filter);  // throws UnknownGame
  std::vector<std::string> ids;
  [&]<class... S>(std::tuple<S...>*) {
    ((game_filter.empty() || game_filter == S::kId ? (register_game<S>(min_time), ids.emplace_back(S::kId), 0) : 0),
     ...);
  }(static_cast<AllGames*>(nullptr));

  int argc = 1;
  char name[] = "bellwether";
  char* argv[] = {name, nullptr};
  benchmark::Initialize(&argc, argv);
  // Four measurements per game (play-outs, copies, plain and default search), then the two-thread speed-up.
  const int total = static_cast<int>(ids.size()) * 5;
  MedianCollector collector(progress, total);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();

  std::vector<Figures> figures;
  for (const auto& id : ids) {
    Figures f;
    f.game = id;
    const auto& playout = collector.medians.at("playout/" + id);
    const auto& copy = collector.medians.at("copy/" + id);
    double ns_per_game = playout.GetAdjustedRealTime();
    double actions = playout.counters.at("actions");
    f.games_per_sec = 1e9 / ns_per_game;
    f.ns_per_action = ns_per_game / actions;
    f.allocs_per_action = playout.counters.at("allocs") / actions;
    f.copy_ns = copy.GetAdjustedRealTime();
    f.ismcts_iters_per_sec = kSearchIterations * 1e9 / collector.medians.at("ismcts/" + id).GetAdjustedRealTime();
    f.ismcts_default_iters_per_sec =
        kSearchIterations * 1e9 / collector.medians.at("ismcts_default/" + id).GetAdjustedRealTime();
    f.state_bytes = with_game_type(id, []<class S>() { return sizeof(S); });
    f.speedup_2_threads =
        with_game_type(id, [&]<class S>() { return two_thread_speedup<S>(f.games_per_sec, min_time); });
    if (progress)
      *progress << "bench: " << total - static_cast<int>(ids.size()) + static_cast<int>(figures.size()) + 1 << " of "
                << total << " measured (2 threads/" << id << ")\n"
                << std::flush;
    figures.push_back(f);
  }

  if (json) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto& f : figures)
      array.push_back({{"game", f.game},
                       {"games_per_sec", f.games_per_sec},
                       {"ns_per_action", f.ns_per_action},
                       {"allocs_per_action", f.allocs_per_action},
                       {"state_bytes", f.state_bytes},
                       {"copy_ns", f.copy_ns},
                       {"ismcts_iters_per_sec", f.ismcts_iters_per_sec},
                       {"ismcts_default_iters_per_sec", f.ismcts_default_iters_per_sec},
                       {"speedup_2_threads", f.speedup_2_threads}});
    out << array.dump(2) << "\n";
    return 0;
  }
  out << fmt::format("median of 5 runs, {} players, random play, one core\n", kBenchPlayers);
  out << "ISMCTS iter/s: the plain search (random play-outs to the end, no bias); default: what `ismcts` plays\n";
  out << fmt::format("{:<12} {:>12} {:>14} {:>16} {:>12} {:>10} {:>14} {:>14} {:>12}\n", "game", "games/s", "ns/action",
                     "allocs/action", "state bytes", "copy ns", "ISMCTS iter/s", "default iter/s", "2-thread x");
  for (const auto& f : figures)
    out << fmt::format("{:<12} {:>12.0f} {:>14.1f} {:>16.3f} {:>12} {:>10.1f} {:>14.0f} {:>14.0f} {:>12.2f}\n", f.game,
                       f.games_per_sec, f.ns_per_action, f.allocs_per_action, f.state_bytes, f.copy_ns,
                       f.ismcts_iters_per_sec, f.ismcts_default_iters_per_sec, f.speedup_2_threads);
  return 0;
}

}  // namespace bw
