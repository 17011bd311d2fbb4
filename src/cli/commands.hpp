#pragma once
// One function per subcommand: it adds the subcommand and its options to the
// app and returns what running it does; cli.cpp parses and runs the one given.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"

namespace CLI {
class App;
}

namespace bw::cli {

class TournamentRunner;

// A subcommand and its action, run once its options are parsed; the action returns the exit code.
struct Command {
  CLI::App* app;
  std::function<int()> action;
};

// Parses the command line into `app` and runs the command given: a parse
// error or an Error is printed for a person and becomes the exit code.
int run_commands(CLI::App& app, const std::vector<Command>& commands, int argc, const char* const* argv,
                 Terminal& term);

Command add_games_command(CLI::App& app, Terminal& term);
Command add_rules_command(CLI::App& app, Terminal& term);
Command add_play_command(CLI::App& app, Terminal& term);
Command add_replay_command(CLI::App& app, Terminal& term);
// `runner` plays their tournaments (cli/tournament_runner.hpp): local_runner() in bellwether.
Command add_sim_command(CLI::App& app, Terminal& term, TournamentRunner& runner);
// `command_line`: as typed, printed in the report.
Command add_analyze_command(CLI::App& app, Terminal& term, std::string command_line, TournamentRunner& runner);
Command add_analyze_game_command(CLI::App& app, Terminal& term);
Command add_calibrate_command(CLI::App& app, Terminal& term);
Command add_bench_command(CLI::App& app, Terminal& term);
Command add_explain_command(CLI::App& app, Terminal& term);
Command add_playthrough_command(CLI::App& app, Terminal& term);
// The server's two (bw_server knows nothing of CLI11 or of Command).
Command add_serve_command(CLI::App& app, Terminal& term);
Command add_loadtest_command(CLI::App& app, Terminal& term);

// The text of `bellwether playthrough` (the golden playthrough test calls it too).
int playthrough(Terminal& term, const std::string& game, int players, std::uint64_t seed, const ParamMap& params);

// A game's how-to-play page wrapped to `width` columns, and where its full rules are.
std::string how_to_play_text(const GameInfo& game, int width);

// Shared by the commands.
ParamMap parse_params(const std::vector<std::string>& assignments);  // throws BadParameter
// A --seed value: digits only, 0..2^64-1 (no sign, no wrap-around). Throws BadParameter.
std::uint64_t parse_seed(const std::string& text, std::string_view option);

}  // namespace bw::cli
