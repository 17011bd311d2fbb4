#include "agents/agent.hpp"

#include <cassert>

#include "agents/agent_for.hpp"
#include "core/any_state_of.hpp"
#include "games/catalog.hpp"

namespace bw {

namespace {
template <Game S>
class AnyAgentOf final : public Agent {
 public:
  explicit AnyAgentOf(const AgentSpec& spec) : agent_(spec) {}
  Action choose(const AnyState& state, Rng& rng) override {
    const auto* typed = dynamic_cast<const AnyStateOf<S>*>(&state);
    assert(typed && "agent used with another game's state");
    return agent_.choose(typed->state(), rng);
  }
  void observe(Action action, Player actor) override { agent_.observe(action, actor); }

 private:
  AgentFor<S> agent_;
};
}  // namespace

bool is_human_spec(const std::string& spec) { return spec == "human"; }

std::unique_ptr<Agent> make_agent(const std::string& spec, const std::string& game_id) {
  AgentSpec parsed = parse_agent_spec(spec);
  return with_game_type(game_id,
                        [&]<class S>() -> std::unique_ptr<Agent> { return std::make_unique<AnyAgentOf<S>>(parsed); });
}

}  // namespace bw
