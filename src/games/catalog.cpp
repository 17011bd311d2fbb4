#include "games/catalog.hpp"

#include "core/any_state_of.hpp"

namespace bw {

const Registry& registry() {
  static const Registry instance = [] {
    Registry r;
    for_each_game_type([&]<class S>() { r.add(make_game_info<S>()); });
    return r;
  }();
  return instance;
}

}  // namespace bw
