// shows_hidden_to: the check that refuses an undo across moves that showed
// the seat something hidden (docs/protocol.md).
#include <gtest/gtest.h>

#include "core/any_state.hpp"
#include "core/registry.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

Action first_of_kind(const AnyState& state, const std::string& kind) {
  const std::vector<Action> legal = state.legal_actions();
  const std::vector<ActionTarget> targets = state.action_targets(legal);
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (targets[i].kind == kind) return legal[i];
  ADD_FAILURE() << "no action of kind " << kind;
  return legal.front();
}

TEST(ShowsHidden, ChoosingAFieldShowsNothing) {
  auto state = registry().find("black-sheep").start({}, 2, 8);
  Rng rng(1, 2);
  EXPECT_FALSE(shows_hidden_to(*state, {first_of_kind(*state, "play")}, state->current_player(), rng));
  EXPECT_FALSE(shows_hidden_to(*state, {}, state->current_player(), rng)) << "no moves, nothing shown";
}

TEST(ShowsHidden, ABlindDrawShowsTheDrawerAHiddenCard) {
  auto state = registry().find("bye-bye").start({}, 3, 8);
  const Player drawer = state->current_player();
  Rng rng(1, 2);
  const Action draw = first_of_kind(*state, "draw");
  EXPECT_TRUE(shows_hidden_to(*state, {draw}, drawer, rng));
}

}  // namespace
}  // namespace bw
