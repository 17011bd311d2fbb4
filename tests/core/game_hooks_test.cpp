// The hooks a game provides by argument-dependent lookup are checked by
// concepts: a drifted signature must be seen as missing (and the catalog's
// static_assert then fails the build), never silently used or ignored.
#include <gtest/gtest.h>

#include "core/game_hooks.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace hooks_toy {
struct Right {};
Action heuristic_action(const Right&, Rng&);
Scores position_value(const Right&);

struct Drifted {};
int heuristic_action(const Drifted&, Rng&);  // returns a number, not an Action
Scores position_value(Drifted&);             // takes a mutable state
}  // namespace hooks_toy

namespace {

static_assert(HasHeuristic<hooks_toy::Right>);
static_assert(HasPositionValue<hooks_toy::Right>);
static_assert(!HasHeuristic<hooks_toy::Drifted>);
static_assert(!HasPositionValue<hooks_toy::Drifted>);

// Disguise cuts its default play-outs (horizon 40), so it must score where it cuts.
static_assert(disguise::State::kSearchDefaults.horizon > 0 && HasPositionValue<disguise::State>);

TEST(GameHooks, EveryCataloguedGameIsACatalogGame) {
  int games = 0;
  for_each_game_type([&]<class S>() {
    EXPECT_TRUE(CatalogGame<S>) << S::kId;
    ++games;
  });
  EXPECT_EQ(games, static_cast<int>(registry().games().size()));
}

}  // namespace
}  // namespace bw
