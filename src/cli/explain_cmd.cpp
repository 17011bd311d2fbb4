// `bellwether explain`: a game's own helper for players who want to check a
// rule by hand. Today: Black Sheep's field hands, ranked with the reason.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

namespace {
int explain(Terminal& term, const std::string& game_id, const std::string& hands) {
  const GameInfo& game = registry().find(game_id);  // throws UnknownGame
  if (game.id != black_sheep::State::kId)
    throw BadParameter("'explain' knows only black-sheep hands for now, not " + game.id);
  if (hands.empty())
    throw BadParameter("give the hands to compare: --hand \"horse horse cow cow pig | pig pig pig rooster rooster\"");
  term.out << black_sheep::explain_hands(hands);
  return 0;
}
}  // namespace

Command add_explain_command(CLI::App& app, Terminal& term) {
  struct Given {
    std::string game, hands;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("explain", "Rank Black Sheep field hands and say why each beats the next");
  cmd->add_option("game", given->game, "game id (black-sheep)")->required();
  cmd->add_option(
         "--hand", given->hands,
         "hands of five animals, separated by '|', e.g. \"horse horse cow cow pig | pig pig pig rooster rooster\"")
      ->required();
  return {cmd, [given, &term] { return explain(term, given->game, given->hands); }};
}

}  // namespace bw::cli
