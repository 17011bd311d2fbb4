#pragma once
// What `sim` and `analyze` both read from the command line: a TournamentSpec,
// its numbers bound to options directly, its texts parsed after CLI11 is done.
#include <string>
#include <vector>

#include "sim/tournament.hpp"

namespace CLI {
class App;
}

namespace bw::cli {

struct TournamentArgs {
  TournamentSpec spec;
  std::string seats, seed = "1";
  std::vector<std::string> params;

  // --seed, --threads and --param, in the order both commands list them.
  void add_seed_threads_params(CLI::App& cmd, const std::string& param_help);
  // The spec with --seats, --param and --seed parsed. Throws BadSeats, BadParameter.
  TournamentSpec parsed() const;
};

}  // namespace bw::cli
