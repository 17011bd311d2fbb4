#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

namespace {
// `text` broken at spaces into lines of at most `width`, each indented by `indent`.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

int list_games(Terminal& term, bool json) {
  if (json) {
    nlohmann::json games = nlohmann::json::array();
    for (const auto& game : registry().games()) {
      nlohmann::json params = nlohmann::json::array();
      for (const auto& p : game.params)
        params.push_back({{"name", p.name}, {"default", p.default_value}, {"allowed", p.allowed_text()}, {"help", p.help}});
      games.push_back({{"id", game.id},
                       {"name", game.name},
                       {"min_players", game.min_players},
                       {"max_players", game.max_players},
                       {"rules", game.rules_doc},
                       {"params", params}});
    }
    term.out << games.dump(2) << "\n";
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
