#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/tournament_runner.hpp"
#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw::cli {

TournamentRunner& local_runner() {
  static TournamentRunner runner;
  return runner;
}

std::uint64_t parse_seed(const std::string& text, std::string_view option) {
  std::uint64_t seed = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  // from_chars takes no sign and reports overflow, where strtoull would turn
  // "-1" and 2^64 alike into 2^64-1.
  if (text.empty() || error != std::errc{} || end != text.data() + text.size())
    throw BadParameter(std::string(option) + " must be a whole number from 0 to 18446744073709551615, not '" +
                       excerpt(text) + "'");
  return seed;
}

ParamMap parse_params(const std::vector<std::string>& assignments) {
  ParamMap params;
  for (const auto& text : assignments) {
    auto [name, value] = parse_param_assignment(text);
    if (params.count(name)) throw BadParameter("parameter '" + name + "' is given twice");
    params[name] = value;
  }
  return params;
}

namespace {
// CLI11 reports "A subcommand is required" before it looks at extra words,
// so a mistyped command ("bellwether simm") would not be named: name it.
int report_parse_error(CLI::App& app, const CLI::ParseError& e, Terminal& term) {
  if (dynamic_cast<const CLI::RequiredError*>(&e) && app.get_subcommands().empty() && !app.remaining().empty()) {
    std::string commands;
    for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
      commands += (commands.empty() ? "" : ", ") + sub->get_name();
    const std::string word = app.remaining().front();
    term.err << "error: unknown " << (word.starts_with('-') ? "option" : "command") << " '" << word
             << "' (commands: " << commands << ")\n"
             << "Run with --help for more information.\n";
    return e.get_exit_code();
  }
  return app.exit(e, term.out, term.err);
}
}  // namespace

int run(int argc, const char* const* argv, Terminal& term) {
  CLI::App app{"Bellwether: play, study and train AI on five sheep-themed tabletop games.", "bellwether"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("bellwether ") + BELLWETHER_VERSION, "Print the version and exit");
  app.footer("Run 'bellwether COMMAND --help' for a command's options, 'bellwether rules GAME' to learn a game.");

  std::string command_line = "bellwether";
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
  // In the order the help lists them.
  const std::vector<Command> commands = {add_games_command(app, term),
                                         add_rules_command(app, term),
                                         add_play_command(app, term),
                                         add_replay_command(app, term),
                                         add_sim_command(app, term, local_runner()),
                                         add_analyze_command(app, term, command_line, local_runner()),
                                         add_analyze_game_command(app, term),
                                         add_calibrate_command(app, term),
                                         add_bench_command(app, term),
                                         add_explain_command(app, term),
                                         add_playthrough_command(app, term),
                                         add_serve_command(app, term),
                                         add_loadtest_command(app, term)};

  return run_commands(app, commands, argc, argv, term);
}

int run_commands(CLI::App& app, const std::vector<Command>& commands, int argc, const char* const* argv,
                 Terminal& term) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return report_parse_error(app, e, term);
  }
  try {
    for (const auto& command : commands)
      if (*command.app) return command.action();
  } catch (const Error& e) {
    term.err << "error: " << e.what() << "\n";
    return 2;
  }
  return 1;
}

}  // namespace bw::cli
