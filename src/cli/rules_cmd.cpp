// `bellwether rules GAME`: how to play, in the project's own words, wrapped to the terminal.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/text_layout.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

std::string how_to_play_text(const GameInfo& game, int width) {
  return markdown_for_terminal(game.how_to_play, static_cast<std::size_t>(width)) +
         "\nThe full rules: " + game.rules_doc + "\n";
}

Command add_rules_command(CLI::App& app, Terminal& term) {
  auto game_id = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("rules", "How to play a game: goal, a turn, the end, scoring, variants");
  cmd->add_option("game", *game_id, "game id (see 'bellwether games')")->required();
  return {cmd, [game_id, &term] {
            term.out << how_to_play_text(registry().find(*game_id), term.width);
            return 0;
          }};
}

}  // namespace bw::cli
