#pragma once
// Agents behind the type-erased state, for the fronts (CLI, server, Python).
// Specs as in agent_spec.hpp; "human" is not an agent here.
#include <memory>
#include <string>
#include <vector>

#include "agents/agent_spec.hpp"
#include "core/any_state.hpp"

namespace bw {

class Agent {
 public:
  virtual ~Agent() = default;
  virtual Action choose(const AnyState& state, Rng& rng) = 0;
  // Every action applied to the game, by any seat (a search may keep its tree).
  virtual void observe(Action action, Player actor) = 0;
  // A search's root actions at its last choice, most visited first; empty
  // for agents that do not search and for forced moves.
  virtual std::vector<ConsideredAction> last_considered() const = 0;
};

bool is_human_spec(const std::string& spec);
// An agent of `spec` (parse_agent_spec; not a human) for the game `state` is
// a state of, found through the state's catalog entry: no game id to match.
std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const AnyState& state);

}  // namespace bw
