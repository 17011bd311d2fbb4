#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/text_layout.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

namespace {
int list_games(Terminal& term, bool json) {
  if (json) {
    term.out << games_json(registry()).dump(2) << "\n";
    return 0;
  }
  for (const auto& game : registry().games()) {
    term.out << fmt::format("{} — {} ({}–{} players; rules: {})\n", game.id, game.name, game.min_players,
                            game.max_players, game.rules_doc);
    for (const auto& p : game.params) {
      if (p.type == ParamType::Table) {  // long data: the help first, then the default on lines of its own
        term.out << fmt::format("    {:<16} table: {}\n", p.name, p.help);
        term.out << wrapped("default: " + p.default_value, 26, 100);
      } else {
        term.out << fmt::format("    {:<16} default {:<7} allowed {:<12} {}\n", p.name, p.default_value,
                                p.allowed_text(), p.help);
      }
    }
  }
  term.out << "Set a parameter with --param name=value, e.g. bellwether play bye-bye --param advanced=true\n"
              "A table parameter takes its whole text in quotes: --param 'name=key:value, key:value'\n";
  return 0;
}

}  // namespace

Command add_games_command(CLI::App& app, Terminal& term) {
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("games", "List every game with its player counts and parameters");
  cmd->add_flag("--json", *json, "print JSON for scripts");
  return {cmd, [json, &term] { return list_games(term, *json); }};
}

}  // namespace bw::cli
