// agents/agent.hpp: the fronts' agents, made from a type-erased state through
// its catalog entry.
#include "agents/agent.hpp"

#include <gtest/gtest.h>

#include "core/any_state_of.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

TEST(AnyAgent, EveryGameOfTheCatalogGetsAnAgentThatPlaysItToTheEnd) {
  for (const GameInfo& game : registry().games()) {
    for (const char* spec : {"random", "heuristic", "ismcts:iters=20"}) {
      auto state = game.start({}, game.min_players, 3);
      auto agent = make_agent(parse_agent_spec(spec), *state);
      Rng rng(3, 4);
      int actions = 0;
      for (; !state->is_terminal() && actions < 20000; ++actions) {
        Action action = agent->choose(*state, rng);
        ASSERT_TRUE(state->is_legal(action)) << game.id << " " << spec;
        Player actor = state->current_player();
        state->apply(action);
        agent->observe(action, actor);
      }
      EXPECT_TRUE(state->is_terminal()) << game.id << " " << spec << " after " << actions << " actions";
    }
  }
}

TEST(AnyAgent, AStateOfAGameOutsideTheCatalogGetsNone) {
  GameInfo stranger = make_game_info<bye_bye::State>();
  auto state = stranger.start({}, 3, 1);
  EXPECT_THROW(make_agent(parse_agent_spec("random"), *state), UnknownGame);
}

}  // namespace
}  // namespace bw
