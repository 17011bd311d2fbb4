#pragma once
// How `sim` and `analyze` play their tournaments: on this process's threads
// (bellwether), or dealt to MPI ranks (bellwether-mpi, src/mpi/). The commands
// parse, check and print; the runner only plays.
#include <vector>

#include "sim/tournament.hpp"

namespace CLI {
class App;
}

namespace bw::cli {

class TournamentRunner {
 public:
  virtual ~TournamentRunner() = default;
  // Options of the runner's own (bellwether-mpi: --checkpoint), added to each command.
  virtual void add_options(CLI::App&) {}
  // Fills in what the runner knows better, before the tournament is set up
  // (bellwether-mpi: threads per rank from the ranks sharing a machine).
  virtual void fill_in(TournamentSpec&) {}
  // Every tournament the command will run, in order, before the first: a
  // runner may refuse them (a checkpoint made by another run).
  virtual void prepare(const std::vector<const Tournament*>&) {}
  virtual TournamentResult run(const Tournament& tournament, const TournamentHooks& hooks) {
    return tournament.run(hooks);
  }
};

// Plays in this process: what bellwether's sim and analyze use.
TournamentRunner& local_runner();

}  // namespace bw::cli
