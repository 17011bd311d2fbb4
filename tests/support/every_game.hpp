#pragma once
// The catalog's list of games as GoogleTest types, for typed tests that must
// cover every game (a new game in AllGames is tested without editing tests).
#include <gtest/gtest.h>

#include <tuple>

#include "games/catalog.hpp"

namespace bw {

template <class Tuple>
struct TestTypesOf;
template <class... S>
struct TestTypesOf<std::tuple<S...>> {
  using type = ::testing::Types<S...>;
};
using EveryGame = TestTypesOf<AllGames>::type;

}  // namespace bw
