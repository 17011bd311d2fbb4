#pragma once
// An agent for one concrete game type, built from a spec. Used by the
// simulation hot loop (no virtual calls) and wrapped once for the fronts.
#include <memory>
#include <optional>

#include "agents/agent_spec.hpp"
#include "agents/heuristic_agent.hpp"
#include "agents/ismcts.hpp"
#include "agents/root_parallel.hpp"
#include "core/any_state_of.hpp"
#include "core/errors.hpp"
#include "core/search_defaults.hpp"
#include "games/catalog.hpp"

namespace bw {

// The search settings for this game: the spec's, with the options it left out
// taken from the game's SearchDefaults.
template <Game S>
IsmctsConfig search_config_for(const AgentSpec& spec) {
  IsmctsConfig config = spec.ismcts;
  config.max_ms = spec.max_ms;
  config.stop = spec.stop;
  if constexpr (requires { S::kSearchDefaults; }) {
    if (!spec.iterations_given) config.iterations = S::kSearchDefaults.iterations;
    if (!spec.rollout_given) config.heuristic_rollout = S::kSearchDefaults.heuristic_rollout;
    if (!spec.horizon_given) config.horizon = S::kSearchDefaults.horizon;
    if (!spec.score_weight_given) config.score_weight = S::kSearchDefaults.score_weight;
    if (!spec.opponent_model_given) config.opponent_model = S::kSearchDefaults.opponent_model;
    if (!spec.branch_given) config.branch_on_outcomes = S::kSearchDefaults.branch_on_outcomes;
  }
  return config;
}

// "easy", "medium" and "hard" become the game's own specs for them; the
// name stays the spec's text, so tables and records say the level.
template <Game S>
AgentSpec resolve_level(const AgentSpec& spec) {
  if (spec.kind != AgentSpec::Kind::Level) return spec;
  Levels levels;
  if constexpr (requires { S::kLevels; }) levels = S::kLevels;
  const char* chosen = spec.level == AgentSpec::Strength::Easy     ? levels.easy
                       : spec.level == AgentSpec::Strength::Medium ? levels.medium
                                                                   : levels.hard;
  AgentSpec resolved = parse_agent_spec(chosen);
  resolved.text = spec.text;
  resolved.max_ms = spec.max_ms;
  resolved.stop = spec.stop;
  return resolved;
}

template <Game S>
class AgentFor {
 public:
  explicit AgentFor(const AgentSpec& level_or_spec) : spec_(resolve_level<S>(level_or_spec)) {
    const AgentSpec& spec = spec_;
    if (spec.kind == AgentSpec::Kind::Human) throw BadSeats("a human cannot play in a simulation");
    if (spec.kind == AgentSpec::Kind::Ismcts) {
      IsmctsConfig config = search_config_for<S>(spec);
      if (config.heuristic_rollout) heuristic_search_.emplace(config);
      else random_search_.emplace(config);
    }
  }

  Action choose(const S& state, Rng& rng) {
    switch (spec_.kind) {
      case AgentSpec::Kind::Heuristic: return heuristic_or_random(state, rng);
      case AgentSpec::Kind::Ismcts:
        return random_search_ ? random_search_->choose(state, rng) : heuristic_search_->choose(state, rng);
      case AgentSpec::Kind::External: return external_choice(state);
      default: return random_action(state, rng);
    }
  }

  // Every action applied to the game, by anyone: searches keep their tree
  // only while it still describes the position.
  void observe(Action action, Player actor) {
    if (random_search_) random_search_->observe(action, actor);
    if (heuristic_search_) heuristic_search_->observe(action, actor);
  }
  bool observes() const { return random_search_ || heuristic_search_; }
  void new_game() {
    if (random_search_) random_search_->new_game();
    if (heuristic_search_) heuristic_search_->new_game();
  }

  const AgentSpec& spec() const { return spec_; }
  // What a search weighed at its last decision (empty for the other agents).
  std::vector<ConsideredAction> last_considered() const {
    if (random_search_) return random_search_->last_considered();
    if (heuristic_search_) return heuristic_search_->last_considered();
    return {};
  }

 private:
  // The outside chooser sees a copy of the state behind AnyState (one memcpy:
  // nothing next to the call into Python); what it returns is checked here
  // because the hot loop applies actions unchecked.
  Action external_choice(const S& state) {
    static const GameInfo& info = registry().find(std::string(S::kId));
    const AnyStateOf<S> view(info, state);
    const Player seat = state.current_player();
    const Action action = (*spec_.external)(view, seat);
    if (action >= S::kNumDistinctActions || !state.is_legal(action))
      throw IllegalAction("seat " + std::to_string(seat) + "'s " + spec_.text + " chose action " +
                          std::to_string(action) + ", which is not legal now");
    return action;
  }

  AgentSpec spec_;
  std::optional<RootParallelIsmcts<S, RandomRollout>> random_search_;
  std::optional<RootParallelIsmcts<S, HeuristicRollout>> heuristic_search_;
};

}  // namespace bw
