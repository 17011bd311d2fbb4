#pragma once
// One function per subcommand; cli.cpp parses the options and calls these.
#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "agents/agent_spec.hpp"
#include "cli/cli.hpp"
#include "core/params.hpp"

namespace bw::cli {

struct PlayOptions {
  std::string game;
  std::vector<std::string> seats;
  std::vector<std::string> names;
  std::optional<std::uint64_t> seed;
  ParamMap params;
  std::string save_path;
};

struct ReplayOptions {
  std::string path;
  std::string as_seat;  // "" = omniscient
  bool board = false;
};

struct SimOptions {
  std::string game;
  std::vector<std::string> seats;
  int players = 0;
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 0;
  ParamMap params;
  bool json = false;
  bool csv = false;
  bool quiet = false;
  std::string out_path;
  std::string records_dir;  // one game record per game, when set
};

struct AnalyzeOptions {
  std::string game;
  std::vector<std::string> seats;
  int players = 0;
  std::string vary;  // "name=v1,v2,..."
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 0;
  ParamMap params;
  std::string out_path;
  std::string format = "html";
  bool quiet = false;
  std::string command;  // as typed, printed in the report
};

int list_games(Terminal& term, bool json);
int analyze(Terminal& term, const AnalyzeOptions& options);
int play(Terminal& term, const PlayOptions& options);
int replay_record(Terminal& term, const ReplayOptions& options);
int simulate(Terminal& term, const SimOptions& options);
int explain(Terminal& term, const std::string& game, const std::string& hands);
int playthrough(Terminal& term, const std::string& game, int players, std::uint64_t seed, const ParamMap& params);

// Shared by the commands.
ParamMap parse_params(const std::vector<std::string>& assignments);     // throws BadParameter
// A --seed value: digits only, 0..2^64-1 (no sign, no wrap-around). Throws BadParameter.
std::uint64_t parse_seed(const std::string& text, std::string_view option);

}  // namespace bw::cli
