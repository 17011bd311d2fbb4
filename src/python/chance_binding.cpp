// The two calls behind bellwether.spiel's chance="explicit": a new game and an
// action played with the outcomes of their chance events given
// (core/chance.hpp), each answering every chance event it met, so the caller
// can offer the next one as a chance node.
#include <pybind11/stl.h>

#include "core/chance.hpp"
#include "games/catalog.hpp"
#include "python/convert.hpp"
#include "python/py_state.hpp"

namespace bw::python {

namespace {

using Events = std::vector<ChanceScript::Event>;

std::vector<int> outcomes_of(const std::vector<long>& forced) { return {forced.begin(), forced.end()}; }

std::pair<PyState, Events> new_game_scripted(const std::string& id, int players, const py::dict& params,
                                             std::uint64_t seed, const std::vector<long>& forced) {
  const GameInfo& game = registry().find(id);
  ChanceScript script;
  script.forced = outcomes_of(forced);
  std::unique_ptr<AnyState> state;
  {
    ScriptedChance installed(script);
    state = game.start(validate_params(game.params, to_params(params)), players, seed);
  }
  PyState out = detached_state(*state);
  return {std::move(out), std::move(script.events)};
}

Events apply_scripted(PyState& self, long action, const std::vector<long>& forced) {
  ChanceScript script;
  script.forced = outcomes_of(forced);
  {
    ScriptedChance installed(script);
    self.state->apply(static_cast<Action>(action));
  }
  self.reproducible = false;
  return std::move(script.events);
}

}  // namespace

void bind_chance(py::module_& m) {
  m.def("_new_game_scripted", &new_game_scripted, py::arg("id"), py::arg("players"), py::arg("params"), py::arg("seed"),
        py::arg("forced"),
        "A new game whose first chance events (cards dealt, the start seat) take the outcomes `forced`;\n"
        "returns it and every chance event of the set-up as a list of (outcome, weight). For\n"
        "bellwether.spiel's explicit chance; the state has no record.");
  m.def("_apply_scripted", &apply_scripted, py::arg("state"), py::arg("action"), py::arg("forced"),
        "Plays `action` on `state`, its first chance events (cards drawn, a card taken at random) taking the\n"
        "outcomes `forced`; returns every chance event it met as a list of (outcome, weight).");
}

}  // namespace bw::python
