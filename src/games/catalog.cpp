#include "games/catalog.hpp"

#include "core/any_state_of.hpp"

namespace bw {

const Registry& registry() {
  static const Registry instance = [] {
    Registry r;
    r.add(make_game_info<bye_bye::State>("docs/rules/bye-bye.md"));
    r.add(make_game_info<disguise::State>("docs/rules/disguise.md"));
    return r;
  }();
  return instance;
}

}  // namespace bw
