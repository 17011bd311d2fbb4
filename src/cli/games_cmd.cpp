#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

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
    for (const auto& p : game.params)
      term.out << fmt::format("    {:<16} default {:<7} allowed {:<12} {}\n", p.name, p.default_value, p.allowed_text(),
                              p.help);
  }
  term.out << "Set a parameter with --param name=value, e.g. bellwether play bye-bye --param advanced=true\n";
  return 0;
}

std::vector<std::string> default_names(int players) {
  static const char* kNames[] = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  std::vector<std::string> names;
  for (int p = 0; p < players; ++p) names.emplace_back(p < 8 ? kNames[p] : "P" + std::to_string(p + 1));
  return names;
}

}  // namespace bw::cli
