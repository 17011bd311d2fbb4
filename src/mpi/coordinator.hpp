#pragma once
// Rank 0 of bellwether-mpi: runs the sim or analyze command as bellwether does,
// but plays each tournament by dealing blocks of games to every rank (itself
// included), folding their tallies into one, and saving them in the checkpoint.
// The other ranks serve (serve()) until rank 0 tells them to quit.
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/tournament_runner.hpp"
#include "mpi/checkpoint.hpp"
#include "mpi/comm.hpp"
#include "mpi/local_play.hpp"

namespace bw::mpi {

// A stop (Ctrl-C, a lost rank) of a command that cannot print a partial
// result (analyze): the message says what was saved.
struct Interrupted : Error {
  using Error::Error;
};

// Worker threads for a rank when --threads is not given: this machine's
// cores shared among the ranks on it.
int default_threads(const Session& session);

class Coordinator : public cli::TournamentRunner {
 public:
  Coordinator(const Session& session, std::ostream& err) : session_(session), err_(err) {}
  ~Coordinator() override;  // tells the other ranks to quit

  void add_options(CLI::App& cmd) override;
  void fill_in(TournamentSpec& spec) override;
  void prepare(const std::vector<const Tournament*>& tournaments) override;
  TournamentResult run(const Tournament& tournament, const TournamentHooks& hooks) override;

 private:
  class TournamentRun;  // one run()'s dealing loop (coordinator.cpp)

  const Session& session_;
  std::ostream& err_;
  std::string checkpoint_;
  double checkpoint_every_ = 5;  // seconds
  int threads_given_ = 0;
  nlohmann::json runs_;          // identities of the command's tournaments
  std::vector<Ledger> ledgers_;  // of those started, resumed from the checkpoint
  std::size_t next_run_ = 0;
  int awaiting_byes_ = 0;  // ranks still playing the current tournament
  // Game threads a stop did not wait for (a long game): joined after the output.
  std::vector<std::unique_ptr<LocalPlay>> lingering_;
};

// What every rank but 0 does: play the tournaments rank 0 sends, until it says
// quit (serve.cpp).
void serve(const Session& session);

}  // namespace bw::mpi
