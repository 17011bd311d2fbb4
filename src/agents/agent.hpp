#pragma once
// Agents behind the type-erased state, for the fronts (CLI, server, Python).
// Specs as in agent_spec.hpp; "human" is not an agent here.
#include <memory>
#include <string>

#include "core/any_state.hpp"

namespace bw {

class Agent {
 public:
  virtual ~Agent() = default;
  virtual Action choose(const AnyState& state, Rng& rng) = 0;
  // Every action applied to the game, by any seat (a search may keep its tree).
  virtual void observe(Action action, Player actor) = 0;
};

bool is_human_spec(const std::string& spec);
// Throws BadSeats for an unknown or malformed spec, UnknownGame for an unknown game.
std::unique_ptr<Agent> make_agent(const std::string& spec, const std::string& game_id);

}  // namespace bw
