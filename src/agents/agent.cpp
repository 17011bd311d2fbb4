#include "agents/agent.hpp"

#include "core/errors.hpp"

namespace bw {

namespace {
class RandomAgent final : public Agent {
 public:
  Action choose(const AnyState& state, Rng& rng) override {
    auto legal = state.legal_actions();
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
};
}  // namespace

const std::vector<std::string>& bot_specs() {
  static const std::vector<std::string> specs = {"random"};
  return specs;
}

bool is_bot_spec(const std::string& spec) { return spec == "random"; }

std::unique_ptr<Agent> make_agent(const std::string& spec) {
  if (spec == "random") return std::make_unique<RandomAgent>();
  throw BadSeats("unknown agent '" + spec + "' (known: human, random)");
}

}  // namespace bw
