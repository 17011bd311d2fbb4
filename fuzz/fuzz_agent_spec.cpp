// Fuzz target: agent specs as typed for --seats or sent by a front
// ("ismcts:iters=500,c=0.5,random"): bw::split_seats, then
// bw::parse_agent_spec for each seat. A spec that parses as ismcts is also
// built for a game and makes ONE decision with a capped budget, so that values
// which pass parsing but break the search (c, bias, threads, ...) are run.
// First byte: game and how many random moves to play first (0..15).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "agents/agent_for.hpp"
#include "agents/agent_spec.hpp"
#include "core/any_state_of.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto& games = bw::registry().games();
  const bw::GameInfo& game = games[data[0] % games.size()];
  int moves = (data[0] / games.size()) % 16;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  for (const std::string& seat : bw::split_seats(text)) {
    bw::AgentSpec spec;
    try {
      spec = bw::parse_agent_spec(seat);
    } catch (const bw::Error&) {
      continue;  // refused with a message: the expected outcome for a bad spec
    }
    if (spec.kind != bw::AgentSpec::Kind::Ismcts) continue;
    // Keep one decision cheap: the budget is not what is under test.
    spec.ismcts.iterations = std::min(spec.ismcts.iterations, 50);
    spec.iterations_given = true;
    spec.ismcts.ms = 0;
    spec.ismcts.threads = std::min(spec.ismcts.threads, 2);
    spec.ismcts.horizon = spec.ismcts.horizon == 0 ? 0 : std::min(spec.ismcts.horizon, 200);
    auto any = game.start({}, game.min_players, size);
    bw::Rng rng(size, 7);
    for (int i = 0; i < moves && !any->is_terminal(); ++i) {
      auto legal = any->legal_actions();
      any->apply(legal[rng.next() % legal.size()]);
    }
    if (any->is_terminal()) continue;
    bw::with_game_type(game.id, [&]<class S>() {
      const auto& state = dynamic_cast<const bw::AnyStateOf<S>&>(*any).state();
      bw::AgentFor<S> agent(spec);
      bw::Action action = agent.choose(state, rng);
      if (!state.is_legal(action)) __builtin_trap();  // an agent must choose a legal action
    });
  }
  return 0;
}
