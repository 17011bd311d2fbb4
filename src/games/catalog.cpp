#include "games/catalog.hpp"

#include "core/any_state_of.hpp"

namespace bw {

const Registry& registry() {
  static const Registry instance = [] {
    Registry r;
    r.add(make_game_info<black_sheep::State>("docs/rules/black-sheep.md"));
    r.add(make_game_info<bye_bye::State>("docs/rules/bye-bye.md"));
    r.add(make_game_info<hustle::State>("docs/rules/hustle.md"));
    r.add(make_game_info<boom_bah::State>("docs/rules/boom-bah.md"));
    r.add(make_game_info<disguise::State>("docs/rules/disguise.md"));
    return r;
  }();
  return instance;
}

}  // namespace bw
