#pragma once
// `--checkpoint FILE`: the finished games of a run, saved every few seconds,
// so that a rerun with the same arguments plays only the rest (a cluster job
// is preempted). The file names the tournaments it belongs to; another run's
// file is refused, never mixed in.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mpi/ranges.hpp"
#include "sim/tournament.hpp"

namespace bw::mpi {

struct BadCheckpoint : Error {
  using Error::Error;
};

// What a run has finished of one tournament.
struct Ledger {
  RangeSet done;       // game indices
  SimTally tally;      // of exactly those games
  double seconds = 0;  // wall time played, over every session

  // Throws BadCheckpoint if a game is counted twice (a bug, or a damaged file).
  void add(std::uint64_t first, std::uint64_t played, const SimTally& block);
};

// What decides a tournament's games, and so its result: game, parameters,
// line-up, seed, number of games (not threads, not where output goes).
nlohmann::json run_identity(const Tournament& tournament);

// Writes atomically (core/output_file.hpp): `runs` are the identities of the
// command's tournaments in order, `ledgers` those started so far.
void save_checkpoint(const std::string& path, const nlohmann::json& runs, const std::vector<Ledger>& ledgers);

// The ledgers saved in `path`, or nothing if there is no such file. Throws
// BadCheckpoint when it is damaged or was made by a run with other arguments.
std::optional<std::vector<Ledger>> load_checkpoint(const std::string& path, const nlohmann::json& runs);

}  // namespace bw::mpi
