#include "games/catalog.hpp"

#include "core/any_state_of.hpp"

namespace bw {

const Registry& registry() {
  static const Registry instance = [] {
    Registry r;
    for_each_game_type([&]<class S>() {
      GameInfo info = make_game_info<S>();
      info.how_to_play = std::string(how_to_play_text(info.id));
      r.add(std::move(info));
    });
    return r;
  }();
  return instance;
}

}  // namespace bw
