#pragma once
// Tournaments between agents for one game type, in parallel, reproducible
// from one seed whatever the thread count: game i always uses stream i of the
// master seed, and seats rotate (game i shifts the line-up by i mod players)
// so that every agent plays every seat equally often.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "agents/agent_for.hpp"
#include "core/game.hpp"
#include "core/threads.hpp"

namespace bw {

struct GameOutcome {
  Scores win_share{};  // by seat: 1 for a sole winner, 1/k each for k joint winners
  Scores scores{};     // by seat
  std::array<std::uint8_t, kMaxPlayers> agent_of_seat{0, 1, 2, 3, 4, 5, 6, 7};  // index into the line-up
  std::array<float, kMaxPlayers> think_seconds{};                               // by seat
  std::array<std::uint32_t, kMaxPlayers> decisions{};                           // by seat
  std::uint32_t actions = 0;
  std::uint64_t index = 0;      // the game's number in the run, from 0
  std::uint64_t seed = 0;       // the seed its state was set up with
  std::vector<Action> history;  // every action in order, only when the run keeps records
};

// value -> how many games had it (scores, game lengths).
using ValueCounts = std::map<double, std::uint64_t>;

// A win share of 1/k (k <= 8 joint winners) is a whole number of 1/840ths
// (840 = lcm(1..8)), so sums of shares are exact integers.
inline constexpr std::uint64_t kWinUnits = 840;

// What a tournament keeps of its games: sums that come out exactly the same
// in any order of adding (integers and counts of values), so memory does not
// grow with the number of games and the result does not depend on the threads.
struct SimTally {
  struct Cell {  // one seat played by one line-up entry
    std::uint64_t games = 0, win_units = 0, decisions = 0;
    double seconds = 0;  // decision time: not reproducible anyway
    ValueCounts scores;
  };
  std::uint64_t games = 0, actions = 0;
  std::uint64_t shared_games = 0;                                // games won by more than one seat
  ValueCounts lengths;                                           // actions per game
  std::array<std::array<Cell, kMaxPlayers>, kMaxPlayers> cells;  // [seat][line-up index]

  void add(const GameOutcome& outcome, int players);
  void merge(const SimTally& other);
};

inline void SimTally::add(const GameOutcome& outcome, int players) {
  ++games;
  actions += outcome.actions;
  ++lengths[outcome.actions];
  int winners = 0;
  for (int seat = 0; seat < players; ++seat) winners += outcome.win_share[seat] > 0;
  shared_games += winners > 1;
  for (int seat = 0; seat < players; ++seat) {
    Cell& cell = cells[seat][outcome.agent_of_seat[seat]];
    ++cell.games;
    cell.win_units += static_cast<std::uint64_t>(std::llround(outcome.win_share[seat] * kWinUnits));
    cell.decisions += outcome.decisions[seat];
    cell.seconds += outcome.think_seconds[seat];
    ++cell.scores[outcome.scores[seat]];
  }
}

inline void SimTally::merge(const SimTally& other) {
  games += other.games;
  actions += other.actions;
  shared_games += other.shared_games;
  for (const auto& [value, count] : other.lengths) lengths[value] += count;
  for (std::size_t seat = 0; seat < kMaxPlayers; ++seat)
    for (std::size_t agent = 0; agent < kMaxPlayers; ++agent) {
      Cell& mine = cells[seat][agent];
      const Cell& theirs = other.cells[seat][agent];
      mine.games += theirs.games;
      mine.win_units += theirs.win_units;
      mine.decisions += theirs.decisions;
      mine.seconds += theirs.seconds;
      for (const auto& [value, count] : theirs.scores) mine.scores[value] += count;
    }
}

struct SimRun {
  SimTally tally;  // every finished game
  double seconds = 0;
};

using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;
// Sees every finished game, on the worker thread that played it (games in
// any order): for records and tests. It may throw to stop the run.
using OnGame = std::function<void(const GameOutcome&)>;

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
  bool searching = false;  // only searches keep a tree that must follow the game
  for (auto& agent : lineup) {
    agent.new_game();
    searching |= agent.observes();
  }
  // A seat's time runs from the end of the previous seat's last action to the
  // end of its own last one in a row, so it also carries applying the actions
  // and the agents' bookkeeping (tens of nanoseconds). The clock is read when
  // the seat to move changes, not after every action: seats often act several
  // times in a row, and a read costs as much as a random action's rules.
  auto mark = std::chrono::steady_clock::now();
  Player timed = state.is_terminal() ? Player{0} : state.current_player();
  while (!state.is_terminal()) {
    const Player seat = state.current_player();
    if (seat != timed) {
      const auto now = std::chrono::steady_clock::now();
      outcome.think_seconds[timed] += std::chrono::duration<float>(now - mark).count();
      mark = now;
      timed = seat;
    }
    Action action = lineup[outcome.agent_of_seat[seat]].choose(state, agent_rng);
    ++outcome.decisions[seat];
    if (keep_history) outcome.history.push_back(action);
    state.apply(action);
    if (searching)
      for (auto& agent : lineup) agent.observe(action, seat);
    ++outcome.actions;
  }
  if (outcome.actions > 0)
    outcome.think_seconds[timed] += std::chrono::duration<float>(std::chrono::steady_clock::now() - mark).count();
  outcome.win_share = win_shares(state);
  outcome.scores = state.scores();
  return outcome;
}

// Where a run's worker threads get their games. `claim(first)` hands out the
// next block of game indices [first, first + count) and returns count (0: no
// games left); it may wait. `finished`, when set, receives each block's games
// as played: all of them, or, when the run stopped, the first `played` (a
// thread plays its block in order), with their tally and the seconds they took.
struct GameBlocks {
  std::function<std::uint64_t(std::uint64_t& first)> claim;
  std::function<void(std::uint64_t first, std::uint64_t played, const SimTally& tally, double seconds)> finished;
};

// Guided scheduling over games [0, games): a thread claims a block of about a
// sixteenth of its share of what is left, so games of microseconds do not
// contend on the counter every game, and the last blocks are single games
// that balance the finish.
inline GameBlocks guided_blocks(std::uint64_t games, int threads) {
  auto next = std::make_shared<std::atomic<std::uint64_t>>(0);
  const std::uint64_t spread = static_cast<std::uint64_t>(std::max(1, threads)) * 16;
  return {[next, games, spread](std::uint64_t& first) {
            std::uint64_t seen = next->load(std::memory_order_relaxed);
            for (;;) {
              if (seen >= games) return std::uint64_t{0};
              std::uint64_t block = std::max<std::uint64_t>(1, (games - seen) / spread);
              if (next->compare_exchange_weak(seen, seen + block, std::memory_order_relaxed)) {
                first = seen;
                return block;
              }
            }
          },
          {}};
}

// Plays the games `blocks` hands out on `threads` threads (this one and
// threads - 1 more) until it has none left or `stop` is set; the tally holds
// every game played. Rethrows the first exception of any worker. `done`
// counts finished games as they end, for a progress line.
template <Game S>
SimRun play_blocks(const typename S::Params& params, const std::vector<AgentSpec>& specs, std::uint64_t master_seed,
                   int threads, const GameBlocks& blocks, const std::atomic<bool>* stop = nullptr,
                   const OnGame& on_game = {}, std::atomic<std::uint64_t>* done = nullptr) {
  const int players = static_cast<int>(specs.size());
  const bool keep_history = static_cast<bool>(on_game);
  std::atomic<bool> failed{false};
  std::exception_ptr failure;  // the first exception of any worker, rethrown here
  std::mutex failure_mutex;
  auto start = std::chrono::steady_clock::now();
  auto stopping = [&] {
    return failed.load(std::memory_order_relaxed) || (stop && stop->load(std::memory_order_relaxed));
  };
  std::vector<SimTally> tallies(static_cast<std::size_t>(std::max(1, threads)));
  auto worker = [&](SimTally& tally) {
    try {
      std::vector<AgentFor<S>> lineup;  // per thread: search trees are reused from game to game
      lineup.reserve(specs.size());
      for (const auto& spec : specs) lineup.emplace_back(spec);
      for (;;) {
        std::uint64_t first = 0, block = blocks.claim(first);
        if (block == 0) return;
        // A block's own tally only when someone wants it: a fresh one per
        // block allocates its distinct values again.
        SimTally block_tally;
        SimTally& into = blocks.finished ? block_tally : tally;
        auto block_start = std::chrono::steady_clock::now();
        std::uint64_t i = first;
        for (; i < first + block && !stopping(); ++i) {
          GameOutcome outcome = play_game<S>(params, lineup, i, game_seed(master_seed, i), keep_history);
          if (on_game) on_game(outcome);
          into.add(outcome, players);
          if (done) done->fetch_add(1, std::memory_order_relaxed);
        }
        if (blocks.finished) {
          blocks.finished(first, i - first, block_tally,
                          std::chrono::duration<double>(std::chrono::steady_clock::now() - block_start).count());
          tally.merge(block_tally);
        }
        if (i < first + block) return;  // stopped
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      failed.store(true);
    }
  };
  {
    std::vector<std::jthread> pool;
    try {
      for (int t = 1; t < threads; ++t) pool.push_back(start_thread(worker, std::ref(tallies[t])));
    } catch (...) {
      failed.store(true);  // the threads already started stop at their next game
      throw;
    }
    worker(tallies[0]);
  }
  if (failure) std::rethrow_exception(failure);
  SimRun run;
  for (const auto& tally : tallies) run.tally.merge(tally);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

template <Game S>
SimRun simulate(const typename S::Params& params, const std::vector<AgentSpec>& specs, std::uint64_t games,
                std::uint64_t master_seed, int threads, const Progress& progress,
                const std::atomic<bool>* stop = nullptr, const OnGame& on_game = {}) {
  std::atomic<std::uint64_t> done{0};
  std::jthread reporter;  // ends with the run, also when it throws: a jthread's destructor stops and joins it
  if (progress) {
    reporter = start_thread([&](const std::stop_token& token) {
      while (!token.stop_requested() && done.load() < games && !(stop && stop->load())) {
        progress(done.load(), games);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
  }
  return play_blocks<S>(params, specs, master_seed, threads, guided_blocks(games, threads), stop, on_game, &done);
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
