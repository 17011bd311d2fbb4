#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/observation_schema.hpp"
#include "cli/text_layout.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

namespace {
// Steps of random games per player count behind --observation-schema: enough
// that every optional field and every value type turns up; about 2 s in release.
constexpr int kSchemaStepsPerCount = 200;

int list_games(Terminal& term, bool json, bool observation_schema) {
  if (observation_schema) {
    term.out << observation_schemas(registry(), kSchemaStepsPerCount).dump(2) << "\n";
    return 0;
  }
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
  auto schema = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("games", "List every game with its player counts and parameters");
  cmd->add_flag("--json", *json, "print JSON for scripts");
  cmd->add_flag("--observation-schema", *schema,
                "print each game's observation as JSON Schema, inferred from seeded random games "
                "(web/tools/gen-observation-types.mjs turns it into TypeScript)");
  return {cmd, [json, schema, &term] { return list_games(term, *json, *schema); }};
}

}  // namespace bw::cli
