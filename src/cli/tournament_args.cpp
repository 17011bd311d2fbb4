#include "cli/tournament_args.hpp"

#include <CLI/CLI.hpp>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"

namespace bw::cli {

void TournamentArgs::add_seed_threads_params(CLI::App& cmd, const std::string& param_help) {
  cmd.add_option("--seed", seed, "master seed")->capture_default_str();
  cmd.add_option("--threads", spec.threads, "worker threads (default: all cores)")->check(CLI::Range(1, 256));
  cmd.add_option("--param", params, param_help);
}

TournamentSpec TournamentArgs::parsed() const {
  TournamentSpec out = spec;
  out.seats = split_seats(seats);
  out.params = parse_params(params);
  out.seed = parse_seed(seed, "--seed");
  return out;
}

}  // namespace bw::cli
