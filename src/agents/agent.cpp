#include "agents/agent.hpp"

#include <cassert>
#include <map>
#include <tuple>

#include "agents/agent_for.hpp"
#include "core/any_state_of.hpp"
#include "core/errors.hpp"
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
  std::vector<ConsideredAction> last_considered() const override { return agent_.last_considered(); }

 private:
  AgentFor<S> agent_;
};

using AgentFactory = std::unique_ptr<Agent> (*)(const AgentSpec&);

template <Game S>
std::unique_ptr<Agent> make_agent_of(const AgentSpec& spec) {
  return std::make_unique<AnyAgentOf<S>>(spec);
}

// One factory per game of the catalog, keyed by its registry entry: the entry
// a state carries (AnyState::game) picks the agent's type.
template <Game... S>
std::map<const GameInfo*, AgentFactory> factories_of(std::tuple<S...>*) {
  return {{&registry().find(std::string(S::kId)), &make_agent_of<S>}...};
}

const std::map<const GameInfo*, AgentFactory>& factories() {
  static const auto table = factories_of(static_cast<AllGames*>(nullptr));
  return table;
}
}  // namespace

bool is_human_spec(const std::string& spec) { return spec == "human"; }

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const AnyState& state) {
  auto factory = factories().find(&state.game());
  if (factory == factories().end())  // a GameInfo made outside the catalog (a test's)
    throw UnknownGame("no agent plays '" + state.game().id + "': it is not in the catalog");
  return factory->second(spec);
}

}  // namespace bw
