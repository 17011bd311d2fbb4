#pragma once
// Agents behind the type-erased state, for the fronts. Spec strings name them:
// "random" (more come with the AI work: heuristic, ismcts:...).
#include <memory>
#include <string>
#include <vector>

#include "core/any_state.hpp"

namespace bw {

class Agent {
 public:
  virtual ~Agent() = default;
  virtual Action choose(const AnyState& state, Rng& rng) = 0;
};

bool is_bot_spec(const std::string& spec);      // "random"
std::unique_ptr<Agent> make_agent(const std::string& spec);  // throws BadSeats
const std::vector<std::string>& bot_specs();

}  // namespace bw
