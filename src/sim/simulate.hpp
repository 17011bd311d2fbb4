#pragma once
// Tournaments between agents for one game type, in parallel, reproducible
// from one seed whatever the thread count: game i always uses stream i of the
// master seed, and seats rotate (game i shifts the line-up by i mod players)
// so that every agent plays every seat equally often.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#include "agents/agent_for.hpp"
#include "core/game.hpp"

namespace bw {

struct GameOutcome {
  Scores win_share{};  // by seat: 1 for a sole winner, 1/k each for k joint winners
  Scores scores{};     // by seat
  std::array<std::uint8_t, kMaxPlayers> agent_of_seat{0, 1, 2, 3, 4, 5, 6, 7};  // index into the line-up
  std::array<float, kMaxPlayers> think_seconds{};  // by seat
  std::array<std::uint32_t, kMaxPlayers> decisions{};  // by seat
  std::uint32_t actions = 0;
  std::uint64_t index = 0;  // the game's number in the run, from 0
  std::uint64_t seed = 0;   // the seed its state was set up with
  std::vector<Action> history;  // every action in order, only when the run keeps records
};

struct SimRun {
  std::vector<GameOutcome> outcomes;  // by game index
  double seconds = 0;
};

using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// The seed of game `index`'s state and of its agents.
inline std::uint64_t game_seed(std::uint64_t master_seed, std::uint64_t index) {
  return Rng::stream(master_seed, index).next64();
}

// The line-up index playing `seat` in game `index`.
inline int rotated_agent(std::uint64_t index, int seat, int players) {
  return static_cast<int>((static_cast<std::uint64_t>(seat) + index) % static_cast<std::uint64_t>(players));
}

template <Game S>
GameOutcome play_game(const typename S::Params& params, std::vector<AgentFor<S>>& lineup, std::uint64_t index,
                      std::uint64_t seed, bool keep_history = false) {
  const int players = static_cast<int>(lineup.size());
  S state(params, players, seed);
  Rng agent_rng(seed, 0xa6e47);
  GameOutcome outcome;
  outcome.index = index;
  outcome.seed = seed;
  for (int seat = 0; seat < players; ++seat)
    outcome.agent_of_seat[seat] = static_cast<std::uint8_t>(rotated_agent(index, seat, players));
  for (auto& agent : lineup) agent.new_game();
  // One clock read per action: a seat's time runs from the end of the
  // previous action to the end of its own, so it also carries applying the
  // action and the agents' bookkeeping (tens of nanoseconds). Two reads per
  // action cost a third of a random Disguise game.
  auto mark = std::chrono::steady_clock::now();
  while (!state.is_terminal()) {
    Player seat = state.current_player();
    Action action = lineup[outcome.agent_of_seat[seat]].choose(state, agent_rng);
    ++outcome.decisions[seat];
    if (keep_history) outcome.history.push_back(action);
    state.apply(action);
    for (auto& agent : lineup) agent.observe(action, seat);
    ++outcome.actions;
    auto now = std::chrono::steady_clock::now();
    outcome.think_seconds[seat] += std::chrono::duration<float>(now - mark).count();
    mark = now;
  }
  outcome.win_share = win_shares(state);
  outcome.scores = state.scores();
  return outcome;
}

template <Game S>
SimRun simulate(const typename S::Params& params, const std::vector<AgentSpec>& specs, std::uint64_t games,
                std::uint64_t master_seed, int threads, const Progress& progress,
                const std::atomic<bool>* stop = nullptr, bool keep_history = false) {
  SimRun run;
  run.outcomes.resize(games);
  std::vector<char> finished(games, 0);
  std::atomic<std::uint64_t> next{0}, done{0};
  auto start = std::chrono::steady_clock::now();
  // Guided scheduling: a thread claims a block of about a sixteenth of its
  // share of what is left, so games of microseconds do not contend on the
  // counter every game, and the last blocks are single games that balance
  // the finish. Outcomes are written to a per-thread buffer and copied once,
  // so neighbouring games never share a cache line between threads.
  const std::uint64_t spread = static_cast<std::uint64_t>(std::max(1, threads)) * 16;
  auto claim = [&](std::uint64_t& first) {
    std::uint64_t seen = next.load(std::memory_order_relaxed);
    for (;;) {
      if (seen >= games) return std::uint64_t{0};
      std::uint64_t block = std::max<std::uint64_t>(1, (games - seen) / spread);
      if (next.compare_exchange_weak(seen, seen + block, std::memory_order_relaxed)) {
        first = seen;
        return block;
      }
    }
  };
  auto worker = [&] {
    std::vector<AgentFor<S>> lineup;  // per thread: search trees are reused from game to game
    for (const auto& spec : specs) lineup.emplace_back(spec);
    std::vector<GameOutcome> block_outcomes;
    for (;;) {
      std::uint64_t first = 0, block = claim(first);
      if (block == 0) return;
      block_outcomes.clear();
      for (std::uint64_t i = first; i < first + block; ++i) {
        if (stop && stop->load(std::memory_order_relaxed)) break;
        block_outcomes.push_back(play_game<S>(params, lineup, i, game_seed(master_seed, i), keep_history));
        done.fetch_add(1, std::memory_order_relaxed);  // for the progress line only
      }
      for (std::size_t k = 0; k < block_outcomes.size(); ++k) {
        run.outcomes[first + k] = std::move(block_outcomes[k]);
        finished[first + k] = 1;
      }
      if (block_outcomes.size() < block) return;  // stopped
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    std::jthread reporter;
    if (progress) {
      reporter = std::jthread([&](std::stop_token token) {
        while (!token.stop_requested() && done.load() < games) {
          progress(done.load(), games);
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
      });
    }
    worker();
    for (auto& t : pool) t.join();
    if (reporter.joinable()) reporter.request_stop();
  }
  // After an interruption keep only finished games, in game order.
  std::size_t kept = 0;
  for (std::uint64_t i = 0; i < games; ++i)
    if (finished[i]) {
      if (kept != i) run.outcomes[kept] = std::move(run.outcomes[i]);
      ++kept;
    }
  run.outcomes.resize(kept);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

// Random agents in every seat.
template <Game S>
SimRun simulate_random(const typename S::Params& params, int players, std::uint64_t games, std::uint64_t master_seed,
                       int threads, const Progress& progress, const std::atomic<bool>* stop = nullptr) {
  std::vector<AgentSpec> specs(static_cast<std::size_t>(players), parse_agent_spec("random"));
  return simulate<S>(params, specs, games, master_seed, threads, progress, stop);
}

template <Game S>
GameOutcome play_random_game(const typename S::Params& params, int players, std::uint64_t seed) {
  std::vector<AgentFor<S>> lineup(static_cast<std::size_t>(players), AgentFor<S>(parse_agent_spec("random")));
  return play_game<S>(params, lineup, 0, seed);
}

}  // namespace bw
