// bellwether.agent() and bellwether.simulate(): the engine's agents and its
// one tournament (sim/tournament.hpp), with Python functions allowed in seats.
#include <map>
#include <pybind11/stl.h>

#include "agents/agent.hpp"
#include "core/errors.hpp"
#include "python/convert.hpp"
#include "python/py_state.hpp"
#include "python/vector_env.hpp"
#include "sim/tournament.hpp"

namespace bw::python {

namespace {

// An agent from a spec, made for each game it is asked about.
class PyAgent {
 public:
  PyAgent(const std::string& spec, std::uint64_t seed) : spec_(parse_agent_spec(spec)), rng_(seed, kAgentStream) {
    if (spec_.kind == AgentSpec::Kind::Human) throw BadSeats("'human' is not an agent: choose the action yourself");
  }
  PyAgent(const PyAgent&) = delete;
  PyAgent& operator=(const PyAgent&) = delete;

  Action act(const PyState& position, const py::object& seat) {
    const long player = int_arg(seat, "a player");
    const AnyState& state = *position.state;
    if (state.is_terminal()) throw IllegalAction("the game is over: no more actions");
    if (player != state.current_player())
      throw IllegalAction("it is seat " + std::to_string(state.current_player()) + "'s decision, not seat " +
                          std::to_string(player) + "'s");
    auto& agent = agents_[&state.game()];
    if (!agent) agent = make_agent(spec_, state);
    py::gil_scoped_release release;  // a search may take seconds
    return agent->choose(state, rng_);
  }

  const std::string& spec() const { return spec_.text; }

 private:
  AgentSpec spec_;
  Rng rng_;
  std::map<const GameInfo*, std::unique_ptr<Agent>> agents_;
};

// A Python function as a seat: called with the GIL held; what it raises
// stops the tournament with its message.
std::shared_ptr<const ExternalChooser> python_seat(py::function fn) {
  return std::make_shared<const ExternalChooser>([fn = std::move(fn)](const AnyState& state, Player seat) -> Action {
    py::gil_scoped_acquire hold;
    try {
      py::object chosen = fn(detached_state(state), static_cast<int>(seat));
      if (!py::isinstance<py::int_>(chosen) || py::isinstance<py::bool_>(chosen))
        throw IllegalAction("a seat's function must return an action id (int), not " +
                            std::string(py::str(chosen.get_type().attr("__name__"))));
      const long action = chosen.cast<long>();
      if (action < 0 || action >= state.num_distinct_actions())
        throw IllegalAction("a seat's function returned " + std::to_string(action) + ", which is no action id");
      return static_cast<Action>(action);
    } catch (py::error_already_set& e) {
      throw Error(std::string("a seat's function raised ") + e.what());
    }
  });
}

py::dict simulate(const std::string& game, const py::list& seats, int players, std::uint64_t games, std::uint64_t seed,
                  int threads, const py::dict& params, const std::string& records) {
  TournamentSpec spec;
  spec.game = game;
  spec.params = to_params(params);
  spec.players = players;
  spec.games = games;
  spec.seed = seed;
  spec.threads = threads;
  spec.records_dir = records;
  for (const auto& seat : seats) {
    if (py::isinstance<py::str>(seat)) {
      spec.seats.push_back(seat.cast<std::string>());
    } else if (py::isinstance<py::function>(seat) || py::hasattr(seat, "__call__")) {
      const std::string name =
          py::hasattr(seat, "__name__") ? py::str(seat.attr("__name__")).cast<std::string>() : std::string("callable");
      spec.external_seats[spec.seats.size()] = python_seat(py::reinterpret_borrow<py::function>(seat));
      spec.seats.push_back("python:" + name);
    } else {
      throw py::type_error("a seat is an agent spec (str) or a function(state, player) -> action id");
    }
  }
  nlohmann::json summary;
  {
    const Tournament tournament(std::move(spec));
    TournamentResult result;
    {
      py::gil_scoped_release release;
      result = tournament.run();
    }
    summary = tournament_json(tournament, result);
  }
  return to_python(summary);
}

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<PyAgent>(m, "Agent",
                      "A built-in agent (random, heuristic, ismcts...). Make one with agent(spec); it keeps its own\n"
                      "random stream, so the same seed and positions give the same choices.")
      .def("act", &PyAgent::act, py::arg("state"), py::arg("player"),
           "The action id this agent chooses for `player`, whose decision it must be in `state`. The search\n"
           "runs without the GIL.")
      .def_property_readonly("spec", &PyAgent::spec, "The agent's spec in its canonical spelling.")
      .def("__repr__", [](const PyAgent& a) { return "<bellwether.Agent " + a.spec() + ">"; });

  m.def(
      "agent", [](const std::string& spec, std::uint64_t seed) { return std::make_unique<PyAgent>(spec, seed); },
      py::arg("spec"), py::arg("seed") = 1,
      (std::string("An agent from its spec, as `bellwether sim --seats` takes them:\n") + agent_spec_help()).c_str());

  m.def("simulate", &simulate, py::arg("game"), py::arg("seats") = py::list(), py::arg("players") = 0,
        py::arg("games") = 1000, py::arg("seed") = 1, py::arg("threads") = 1, py::arg("params") = py::dict(),
        py::arg("records") = "",
        "A tournament, the same as `bellwether sim`: `seats` is the line-up, rotated through the seats from game to\n"
        "game; each is an agent spec (\"heuristic\", \"ismcts:iters=500\") or a Python function(state, player)\n"
        "returning an action id (called with a copy of the position; its games' records name it \"human\").\n"
        "No seats: `players` random agents (0: three). Game i plays stream i of `seed`, whatever the threads.\n"
        "`records`: a folder for one record per game. Returns the summary dict `bellwether sim --json` prints.");
}

}  // namespace bw::python
