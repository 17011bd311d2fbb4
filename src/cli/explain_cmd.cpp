// `bellwether explain`: a game's own helper for players who want to check a
// rule by hand. Today: Black Sheep's field hands, ranked with the reason.
#include <ostream>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

int explain(Terminal& term, const std::string& game_id, const std::string& hands) {
  const GameInfo& game = registry().find(game_id);  // throws UnknownGame
  if (game.id != black_sheep::State::kId)
    throw BadParameter("'explain' knows only black-sheep hands for now, not " + game.id);
  if (hands.empty()) throw BadParameter("give the hands to compare: --hand \"horse horse cow cow pig | pig pig pig rooster rooster\"");
  term.out << black_sheep::explain_hands(hands);
  return 0;
}

}  // namespace bw::cli
