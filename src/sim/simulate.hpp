#pragma once
// Many random games of one game type, in parallel, reproducible from one seed
// whatever the thread count (game i always uses stream i of the master seed).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#include "agents/random_agent.hpp"
#include "core/game.hpp"

namespace bw {

struct GameOutcome {
  Scores win_share{};  // 1 for a sole winner, 1/k each for k joint winners
  Scores scores{};
  std::uint32_t actions = 0;
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

template <Game S>
GameOutcome play_random_game(const typename S::Params& params, int players, std::uint64_t seed) {
  S state(params, players, seed);
  Rng agent_rng(seed, 0xa6e47);
  GameOutcome outcome;
  while (!state.is_terminal()) {
    state.apply(random_action(state, agent_rng));
    ++outcome.actions;
  }
  PlayerList winners = state.winners();
  for (Player p : winners) outcome.win_share[p] = 1.0 / static_cast<double>(winners.size());
  outcome.scores = state.scores();
  return outcome;
}

template <Game S>
SimRun simulate_random(const typename S::Params& params, int players, std::uint64_t games, std::uint64_t master_seed,
                       int threads, const Progress& progress, const std::atomic<bool>* stop = nullptr) {
  SimRun run;
  run.outcomes.resize(games);
  std::atomic<std::uint64_t> next{0}, done{0};
  auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      std::uint64_t i = next.fetch_add(1);
      if (i >= games) return;
      run.outcomes[i] = play_random_game<S>(params, players, game_seed(master_seed, i));
      done.fetch_add(1);
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    if (progress) {
      std::jthread reporter([&](std::stop_token token) {
        while (!token.stop_requested() && done.load() < games) {
          progress(done.load(), games);
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
      });
      worker();
      for (auto& t : pool) t.join();
      reporter.request_stop();
    } else {
      worker();
    }
  }
  run.outcomes.resize(std::min<std::uint64_t>(done.load(), games));
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace bw
