#pragma once
// Every game Bellwether ships, for the fronts (type-erased registry) and for
// generic code that wants the concrete type (with_game_type).
#include <string_view>
#include <type_traits>
#include <tuple>
#include <utility>

#include "core/errors.hpp"
#include "core/registry.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/boom_bah/boom_bah.hpp"
#include "games/bye_bye/bye_bye.hpp"
#include "games/disguise/disguise.hpp"
#include "games/hustle/hustle.hpp"

namespace bw {

// The order of the rules docs and of DESIGN.md's table.
using AllGames = std::tuple<black_sheep::State, bye_bye::State, hustle::State, boom_bah::State, disguise::State>;

const Registry& registry();

namespace detail {
template <class Fn, class First, class... Rest>
decltype(auto) dispatch_game(std::string_view id, Fn& fn) {
  if (id == First::kId) return fn.template operator()<First>();
  if constexpr (sizeof...(Rest) > 0) {
    return dispatch_game<Fn, Rest...>(id, fn);
  } else {
    registry().find(std::string(id));  // throws UnknownGame with the list of games
    throw UnknownGame("unknown game '" + std::string(id) + "'");
  }
}
template <class Fn, class... S>
decltype(auto) dispatch_all(std::string_view id, Fn& fn, std::tuple<S...>*) {
  return dispatch_game<Fn, S...>(id, fn);
}
}  // namespace detail

// Calls fn.template operator()<State>() for the game with this id; throws UnknownGame.
template <class Fn>
decltype(auto) with_game_type(std::string_view id, Fn&& fn) {
  return detail::dispatch_all(id, fn, static_cast<AllGames*>(nullptr));
}

}  // namespace bw
