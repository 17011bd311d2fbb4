// The search as every game's `ismcts` seat plays it (the game's SearchDefaults,
// heuristic bias, play-out horizon): legal, blind to hidden cards, and the
// defaults resolve as documented.
#include <gtest/gtest.h>

#include "agents/agent_for.hpp"
#include "agents/agent_spec.hpp"
#include "support/every_game.hpp"

namespace bw {
namespace {

template <class S>
class EveryGameSearch : public ::testing::Test {};
TYPED_TEST_SUITE(EveryGameSearch, EveryGame);

// Positions a few dozen moves into seeded random games, where a choice is open.
template <class S>
std::vector<S> open_positions() {
  typename S::Params params = S::Params::from(validate_params(S::param_specs(), {}));
  std::vector<S> out;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    S s(params, 3, seed);
    Rng rng(seed, 5);
    for (int step = 0; !s.is_terminal() && step < 90; ++step) {
      ActionList legal;
      s.legal_actions(legal);
      if (step % 15 == 0 && legal.size() > 1) out.push_back(s);
      s.apply(random_action(s, rng));
    }
  }
  return out;
}

// The default search, and one with the four-seat options on (play-out noise,
// score reward, opponent model, first-play urgency, branching on outcomes).
TYPED_TEST(EveryGameSearch, DefaultSearchIsLegalAndBlindToHiddenCards) {
  using S = TypeParam;
  auto positions = open_positions<S>();
  ASSERT_FALSE(positions.empty());
  for (const char* text : {"ismcts:iters=120", "ismcts:iters=120,eps=0.2,score=0.5,opp=0.7,fpu=0.5,branch=true"}) {
    AgentSpec spec = parse_agent_spec(text);
    for (const S& s : positions) {
      Player me = s.current_player();
      S twin = s;
      Rng shuffle(99, 9);
      twin.determinize(me, shuffle);
      ASSERT_TRUE(twin.observation(me) == s.observation(me));
      AgentFor<S> a(spec), b(spec);
      Rng r1(7, 7), r2(7, 7);
      Action chosen = a.choose(s, r1);
      EXPECT_TRUE(s.is_legal(chosen)) << text << ": " << S::action_to_string(chosen);
      EXPECT_EQ(chosen, b.choose(twin, r2)) << text << ": the choice depends on cards the seat cannot see";
    }
  }
}

TYPED_TEST(EveryGameSearch, OptionsTheSpecGivesOverrideTheGameDefaults) {
  using S = TypeParam;
  IsmctsConfig defaults = search_config_for<S>(parse_agent_spec("ismcts"));
  IsmctsConfig given = search_config_for<S>(parse_agent_spec("ismcts:rollout=random,horizon=0"));
  EXPECT_FALSE(given.heuristic_rollout);
  EXPECT_EQ(given.horizon, 0);
  if constexpr (requires { S::kSearchDefaults; }) {
    EXPECT_EQ(defaults.iterations, S::kSearchDefaults.iterations);
    EXPECT_EQ(defaults.heuristic_rollout, S::kSearchDefaults.heuristic_rollout);
    EXPECT_EQ(defaults.horizon, S::kSearchDefaults.horizon);
    EXPECT_EQ(defaults.score_weight, S::kSearchDefaults.score_weight);
    EXPECT_EQ(defaults.opponent_model, S::kSearchDefaults.opponent_model);
    EXPECT_EQ(defaults.branch_on_outcomes, S::kSearchDefaults.branch_on_outcomes);
  }
  EXPECT_FALSE(search_config_for<S>(parse_agent_spec("ismcts:branch=false")).branch_on_outcomes);
  EXPECT_TRUE(search_config_for<S>(parse_agent_spec("ismcts:branch=true")).branch_on_outcomes);
  EXPECT_EQ(search_config_for<S>(parse_agent_spec("ismcts:opp=0,score=0")).opponent_model, 0.0);
  EXPECT_EQ(search_config_for<S>(parse_agent_spec("ismcts:opp=0,score=0")).score_weight, 0.0);
  EXPECT_EQ(search_config_for<S>(parse_agent_spec("ismcts:rollout=heuristic")).heuristic_rollout, true);
  EXPECT_EQ(search_config_for<S>(parse_agent_spec("ismcts:iters=77")).iterations, 77);
}

// "easy", "medium" and "hard" name the game's own specs, keep their name in
// tables, and play legal moves.
TYPED_TEST(EveryGameSearch, LevelsResolveToTheGamesSpecsAndPlayLegalMoves) {
  using S = TypeParam;
  Levels levels;
  if constexpr (requires { S::kLevels; }) levels = S::kLevels;
  const std::pair<const char*, const char*> named[] = {
      {"easy", levels.easy}, {"medium", levels.medium}, {"hard", levels.hard}};
  for (auto [name, expected] : named) {
    AgentSpec level = parse_agent_spec(name);
    EXPECT_EQ(level.kind, AgentSpec::Kind::Level) << name;
    AgentSpec resolved = resolve_level<S>(level);
    AgentSpec direct = parse_agent_spec(expected);
    EXPECT_EQ(resolved.text, name);
    EXPECT_EQ(resolved.kind, direct.kind) << name;
    EXPECT_EQ(search_config_for<S>(resolved).iterations, search_config_for<S>(direct).iterations) << name;
    EXPECT_EQ(search_config_for<S>(resolved).ms, search_config_for<S>(direct).ms) << name;
    AgentFor<S> agent(level);
    EXPECT_EQ(agent.spec().text, name);
    for (const S& s : open_positions<S>()) {
      Rng rng(4, 4);
      Action chosen = agent.choose(s, rng);
      EXPECT_TRUE(s.is_legal(chosen)) << name << ": " << S::action_to_string(chosen);
      agent.new_game();
    }
  }
  EXPECT_THROW(parse_agent_spec("hard:iters=5"), BadSeats);  // a level takes no options
}

// A cut-short play-out is scored by shares that sum to one.
TYPED_TEST(EveryGameSearch, EstimatedSharesSumToOne) {
  using S = TypeParam;
  for (const S& s : open_positions<S>()) {
    Scores shares = estimated_shares(s);
    double total = 0;
    for (int p = 0; p < s.num_players(); ++p) {
      EXPECT_GE(shares[p], 0.0);
      total += shares[p];
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
  }
}

}  // namespace
}  // namespace bw
