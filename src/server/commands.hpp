#pragma once
// The server's subcommands of bellwether, added like the CLI's own
// (cli/commands.hpp): options and action together.
#include "cli/commands.hpp"

namespace bw::server {

cli::Command add_serve_command(CLI::App& app, cli::Terminal& term);
cli::Command add_loadtest_command(CLI::App& app, cli::Terminal& term);

}  // namespace bw::server
