#pragma once
// Every game Bellwether ships, listed once: `AllGames`. The registry (for the
// fronts), `with_game_type` (for generic code that wants the concrete type),
// the typed tests and, through `bellwether games --json`, the scripts are all
// built from this list. A new game is its folder under games/ plus its entry
// here (docs/architecture.md, "Adding a game").
#include <string>
#include <string_view>
#include <tuple>

#include "core/errors.hpp"
#include "core/game_hooks.hpp"
#include "core/registry.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/boom_bah/boom_bah.hpp"
#include "games/bye_bye/bye_bye.hpp"
#include "games/disguise/disguise.hpp"
#include "games/hustle/hustle.hpp"

namespace bw {

// In the order `bellwether games` lists them (README's table of games follows it).
using AllGames = std::tuple<black_sheep::State, bye_bye::State, hustle::State, boom_bah::State, disguise::State>;

// Fails the build, naming the game, when a listed game lacks a hook or its signature drifted.
template <class... S>
constexpr bool all_catalog_games(std::tuple<S...>*) {
  return (CatalogGame<S> && ...);
}
static_assert(all_catalog_games(static_cast<AllGames*>(nullptr)),
              "every game in AllGames must satisfy CatalogGame (core/game_hooks.hpp)");

// Calls fn.template operator()<S>() for each game type, in the list's order.
template <class Fn>
void for_each_game_type(Fn&& fn) {
  [&]<class... S>(std::tuple<S...>*) { (fn.template operator()<S>(), ...); }(static_cast<AllGames*>(nullptr));
}

const Registry& registry();

// The game's "how to play" (docs/rules/<id>.how-to-play.md, compiled in); empty if it has none.
std::string_view how_to_play_text(std::string_view id);

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
