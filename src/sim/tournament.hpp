#pragma once
// A tournament between bots for any game, by id: the one entry point of every
// front (the CLI's sim and analyze, the server, Python, MPI). It fills in the
// seat defaults, checks the whole set-up before any thread starts, runs
// bw::simulate for the game's type and writes the records.
//
// Its messages name the options as the command line spells them (--players,
// --seats, --records): the words people already see.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "agents/agent_spec.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "sim/simulate.hpp"
#include "sim/summary.hpp"

namespace bw {

// Threads a machine is asked to run at once, tournament workers times an
// agent's search threads: far more than any machine has cores, and below
// what a kernel refuses.
inline constexpr int kMaxThreadsInAll = 1024;

struct TournamentSpec {
  std::string game;                // game id
  ParamMap params;                 // as given: validated against the game
  std::vector<std::string> seats;  // the line-up, one agent spec per seat, rotated through the seats
  // With no seats: default_agent in this many seats (0: three, within the
  // game's player range). With seats: 0, or their number.
  int players = 0;
  std::string default_agent = "random";
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;                                  // master seed: game i plays stream i, whatever the threads
  int threads = 0;                                         // worker threads; 0: one per core
  std::string records_dir;                                 // when set, one record per game here (sim/records.hpp)
  std::string bots_only = "a tournament plays bots only";  // what a human seat is told
  // Line-up entries (index into seats) played by outside code instead of
  // their spec; the entry's text is then only its name in tables. Their
  // records name them "human": a player the engine does not run.
  std::map<std::size_t, std::shared_ptr<const ExternalChooser>> external_seats;
};

struct TournamentHooks {
  Progress progress;                        // from a reporter thread, every 200 ms
  const std::atomic<bool>* stop = nullptr;  // set: no new games; the result holds the ones played
};

struct TournamentResult {
  SimRun run;
  SimSummary summary;
  bool stopped = false;  // the stop flag ended the run early
};

class Tournament {
 public:
  // Checks, in this order, and throws the error a person reads: the game,
  // the seats, the agent specs, the parameters, a first state (a set-up the
  // game refuses fails here, not inside a worker thread), the threads.
  // Touches no file.
  explicit Tournament(TournamentSpec spec);

  // Makes the records folder, then plays every game; rethrows the first
  // error of a worker.
  TournamentResult run(const TournamentHooks& hooks = {}) const;

  // For fronts that deal the games themselves (MPI ranks, src/mpi/): the
  // records folder made (by one process first: two making it at once may
  // collide), the games `blocks` hands out played on this process's threads
  // with their records written, and a run's result summarised.
  void prepare_records() const;
  SimRun play(const GameBlocks& blocks, int threads, const std::atomic<bool>* stop) const;
  TournamentResult result(SimRun run, bool stopped) const;

  const TournamentSpec& spec() const { return spec_; }
  const GameInfo& game() const { return *game_; }
  const std::vector<std::string>& seats() const { return seats_; }  // defaults filled in
  const ParamMap& params() const { return params_; }                // validated, defaults filled in
  int threads() const { return threads_; }

 private:
  TournamentSpec spec_;
  const GameInfo* game_;
  std::vector<std::string> seats_;
  std::vector<AgentSpec> agents_;
  ParamMap params_;
  int threads_ = 1;
};

// The summary as JSON with the parameters and the thread count (`sim --json`).
nlohmann::json tournament_json(const Tournament& tournament, const TournamentResult& result);

// The worker threads for `requested` (0: one per core). Throws BadSeats when
// they and the agents' search threads come to more than kMaxThreadsInAll.
int worker_threads(int requested, const std::vector<AgentSpec>& specs);

}  // namespace bw
