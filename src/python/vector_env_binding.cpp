// bellwether.VectorEnv: the numpy face of python/vector_env.hpp. Its arrays
// are made once and rewritten by every reset() and step().
#include <algorithm>
#include <optional>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "python/convert.hpp"
#include "python/py_state.hpp"
#include "python/vector_env.hpp"

namespace bw::python {

namespace {

// step(), reset() and agent_actions() run without the GIL, so a second
// Python thread could enter the same env while the first is writing its games
// and arrays (a crash or a hang). Each call that touches them holds this
// mark; a call that finds it taken raises instead of waiting, since two
// threads interleaving steps of one env would also interleave its output
// arrays. The flag is only read and written with the GIL held, which orders
// those accesses. `kind` is the Python class: VectorEnv or SelfPlayEnv.
class OneCallAtATime {
 public:
  OneCallAtATime(bool& busy, const char* kind, const char* call) : busy_(busy) {
    if (busy_)
      throw std::runtime_error(std::string(kind) + "." + call +
                               "() was called while another thread is inside step(), reset() or agent_actions() of "
                               "the same " +
                               kind + ": one " + kind + " serves one thread at a time (make one env per thread)");
    busy_ = true;
  }
  ~OneCallAtATime() { busy_ = false; }
  OneCallAtATime(const OneCallAtATime&) = delete;
  OneCallAtATime& operator=(const OneCallAtATime&) = delete;

 private:
  bool& busy_;
};

class PyVectorEnv {
 public:
  // A spec with learner_seats set makes a self-play env: it also writes the
  // seat to act per game and every seat's reward.
  explicit PyVectorEnv(const VectorEnvSpec& spec)
      : self_play_(spec.learner_seats != 0), kind_(self_play_ ? "SelfPlayEnv" : "VectorEnv"), seed_(spec.seed) {
    env_ = make_vector_env(spec);
    const py::ssize_t n = env_->num_envs();
    observations_ = py::array_t<float>({n, static_cast<py::ssize_t>(env_->observation_size())});
    masks_ = py::array_t<bool>({n, static_cast<py::ssize_t>(env_->num_actions())});
    rewards_ = py::array_t<float>(n);
    terminated_ = py::array_t<bool>(n);
    truncated_ = py::array_t<bool>(n);
    if (self_play_) {
      to_act_ = py::array_t<std::int32_t>(n);
      seat_rewards_ = py::array_t<float>({n, static_cast<py::ssize_t>(env_->num_players())});
    } else {
      final_observations_ = py::array_t<float>({n, static_cast<py::ssize_t>(env_->observation_size())});
      final_scores_ = py::array_t<float>({n, static_cast<py::ssize_t>(env_->num_players())});
      std::fill_n(final_observations_.mutable_data(), final_observations_.size(), 0.f);
      std::fill_n(final_scores_.mutable_data(), final_scores_.size(), 0.f);
    }
    actions_.resize(static_cast<std::size_t>(n));
    run_reset();
  }

  // VectorEnv's reset() and step(): the env's own arrays, or copies the
  // caller keeps (copy=True).
  py::tuple reset(bool copy) {
    run_reset();
    return py::make_tuple(own(observations_, copy), own(masks_, copy));
  }
  py::tuple step(const py::object& given, bool copy) {
    run_step(given);
    return py::make_tuple(own(observations_, copy), own(masks_, copy), own(rewards_, copy), own(terminated_, copy),
                          own(truncated_, copy));
  }

  // SelfPlayEnv's.
  py::tuple reset_self_play(bool copy) {
    run_reset();
    return py::make_tuple(own(observations_, copy), own(masks_, copy), own(to_act_, copy));
  }
  py::tuple step_self_play(const py::object& given, bool copy) {
    run_step(given);
    return py::make_tuple(own(observations_, copy), own(masks_, copy), own(to_act_, copy), own(seat_rewards_, copy),
                          own(terminated_, copy), own(truncated_, copy));
  }

  // What the built-in agent `spec` plays in every game now: a new int32 array.
  // Without a seed, each call takes the next seed of a stream of the env's
  // own seed (restarted by reset()), so a run repeats.
  py::array_t<std::int32_t> agent_actions(const std::string& text, std::optional<std::uint64_t> seed) {
    const OneCallAtATime mark(busy_, kind_, "agent_actions");
    const AgentSpec spec = parse_agent_spec(text);
    if (spec.kind == AgentSpec::Kind::Human)
      throw BadSeats("'human' is not an agent: agent_actions plays a built-in agent");
    const std::uint64_t base = seed ? *seed : agent_seeds_.next64();
    py::array_t<std::int32_t> out(env_->num_envs());
    std::int32_t* data = out.mutable_data();
    {
      py::gil_scoped_release release;  // a search may take seconds
      env_->agent_actions(spec, base, data);
    }
    return out;
  }

  PyState state(int index) {
    const OneCallAtATime mark(busy_, kind_, "state");
    if (index < 0 || index >= env_->num_envs())
      throw py::index_error("game " + std::to_string(index) + " of " + std::to_string(env_->num_envs()));
    return detached_state(*env_->state(index));
  }

  const VectorEnv& env() const { return *env_; }
  py::array_t<std::int32_t> to_act() const { return to_act_; }
  py::array_t<float> observations() const { return observations_; }
  py::array_t<bool> masks() const { return masks_; }
  py::array_t<float> final_observations() const { return final_observations_; }
  py::array_t<float> final_scores() const { return final_scores_; }

 private:
  template <class T>
  static py::object own(const py::array_t<T>& array, bool copy) {
    return copy ? array.attr("copy")() : py::object(array);
  }

  void run_reset() {
    const OneCallAtATime mark(busy_, kind_, "reset");
    agent_seeds_ = Rng::stream(seed_, kAgentStream);
    const VectorEnvOutputs out = outputs();
    py::gil_scoped_release release;
    env_->reset(out);
  }

  void run_step(const py::object& given) {
    const OneCallAtATime mark(busy_, kind_, "step");  // before the actions buffer is rewritten
    const std::int32_t* actions = checked_actions(given);
    const VectorEnvOutputs out = outputs();
    py::gil_scoped_release release;
    env_->step(actions, out);
  }

  VectorEnvOutputs outputs() {
    VectorEnvOutputs out{observations_.mutable_data(), reinterpret_cast<std::uint8_t*>(masks_.mutable_data()),
                         rewards_.mutable_data(), reinterpret_cast<std::uint8_t*>(terminated_.mutable_data()),
                         reinterpret_cast<std::uint8_t*>(truncated_.mutable_data())};
    if (self_play_) {
      out.to_act = to_act_.mutable_data();
      out.seat_rewards = seat_rewards_.mutable_data();
    } else {
      out.final_observations = final_observations_.mutable_data();
      out.final_scores = final_scores_.mutable_data();
    }
    return out;
  }

  // The learner's actions as int32[num_envs]: an int32 array is read in
  // place (the engine checks its ids); other integer arrays and lists are
  // converted once, refusing what State.apply refuses: a bool (True is not
  // action 1) with TypeError, an id the game does not have with
  // IllegalAction naming it, as the engine words it.
  const std::int32_t* checked_actions(const py::object& given) {
    py::array array = py::array::ensure(given);
    if (!array)  // numpy refuses ragged nesting ([[1, 2], [3]]): a shape, not a type, that is wrong
      throw py::value_error("actions must have shape (" + std::to_string(env_->num_envs()) +
                            ",), one action id per game: numpy finds no array shape in the " +
                            std::string(py::str(given.get_type().attr("__name__"))) + " given (ragged nesting?)");
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw py::type_error("actions must be action ids (integers, int32), not " + std::string(py::str(array.dtype())));
    if (array.ndim() != 1 || array.shape(0) != env_->num_envs())
      throw py::value_error("actions must have shape (" + std::to_string(env_->num_envs()) + ",), not " +
                            std::string(py::str(array.attr("shape"))));
    if (!py::isinstance<py::array>(given)) refuse_bools(given);
    if (array.dtype().is(py::dtype::of<std::int32_t>()) && (array.flags() & py::array::c_style)) {
      held_ = array;  // kept alive until the step is done
      return static_cast<const std::int32_t*>(array.data());
    }
    if (kind == 'u') {
      auto wide = py::array_t<std::uint64_t, py::array::forcecast>::ensure(array);
      for (py::ssize_t i = 0; i < wide.shape(0); ++i) actions_[static_cast<std::size_t>(i)] = in_range(i, wide.at(i));
    } else {
      auto wide = py::array_t<std::int64_t, py::array::forcecast>::ensure(array);
      for (py::ssize_t i = 0; i < wide.shape(0); ++i) actions_[static_cast<std::size_t>(i)] = in_range(i, wide.at(i));
    }
    return actions_.data();
  }

  // numpy reads [True, 2] as the integers [1, 2]: a list's items are looked at.
  static void refuse_bools(const py::object& given) {
    if (!py::isinstance<py::sequence>(given)) return;
    py::ssize_t i = 0;
    for (const auto& item : given) {
      if (is_bool(item))
        throw py::type_error("game " + std::to_string(i) + ": an action must be an integer, not bool " +
                             std::string(py::repr(item)));
      ++i;
    }
  }

  // An id of the game as int32; IllegalAction for one it does not have.
  template <class T>
  std::int32_t in_range(py::ssize_t i, T action) const {
    bool negative = false;
    if constexpr (std::is_signed_v<T>) negative = action < 0;
    if (negative || action >= static_cast<T>(env_->num_actions()))
      throw IllegalAction("game " + std::to_string(i) + ": action " + std::to_string(action) +
                          " does not exist (ids are 0.." + std::to_string(env_->num_actions() - 1) + ")");
    return static_cast<std::int32_t>(action);
  }

  std::unique_ptr<VectorEnv> env_;
  py::array_t<float> observations_, rewards_;
  py::array_t<bool> masks_, terminated_, truncated_;
  std::vector<std::int32_t> actions_;
  py::object held_;
  bool self_play_;
  const char* kind_;    // the Python class, for messages
  std::uint64_t seed_;  // the env's seed
  Rng agent_seeds_;     // the seeds of agent_actions() calls given none
  py::array_t<std::int32_t> to_act_;
  py::array_t<float> seat_rewards_;
  py::array_t<float> final_observations_, final_scores_;  // VectorEnv only
  bool busy_ = false;                                     // a step() or reset() is running (see OneCallAtATime)
};

// The same env behind the SelfPlayEnv class (pybind11 binds one Python class per C++ type).
class PySelfPlayEnv : public PyVectorEnv {
 public:
  using PyVectorEnv::PyVectorEnv;
};

}  // namespace

namespace {

constexpr const char* kAgentActionsDoc =
    "The action the built-in agent `spec` (\"random\", \"heuristic\", \"easy\", \"ismcts:iters=200\"...: the\n"
    "specs of bellwether.agent) chooses in every game now, for the seat to act: a new int32[num_envs] array,\n"
    "computed in C++ on the env's threads without the GIL; nothing is stepped. Row i is what a fresh\n"
    "bellwether.agent(spec, seed=seed + i).act(env.state(i), seat) returns. Without a seed, each call takes\n"
    "the next of a sequence drawn from the env's seed (restarted by reset()), so a run repeats. Raises\n"
    "BadSeats for an unknown spec or 'human'.";

// The seats of a SelfPlayEnv as one bit each; `first` gets the lowest.
std::uint32_t python_seats(const py::object& seats, int players, int& first) {
  if (seats.is_none()) {
    first = 0;
    return players >= 1 && players <= 31 ? (1u << players) - 1 : 1u;
  }
  std::uint32_t mask = 0;
  first = -1;
  for (const auto& item : seats) {
    if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
      throw py::type_error("seats must be seat numbers (int)");
    const long seat = item.cast<long>();
    if (seat < 0 || seat >= players)
      throw BadSeats("seat " + std::to_string(seat) + " is not a seat of a " + std::to_string(players) +
                     "-player game (0.." + std::to_string(players - 1) + ")");
    mask |= 1u << seat;
    if (first < 0 || seat < first) first = static_cast<int>(seat);
  }
  if (!mask) throw BadSeats("seats is empty: at least one seat must be played from Python");
  return mask;
}

void bind_self_play_env(py::module_& m) {
  py::class_<PySelfPlayEnv>(
      m, "SelfPlayEnv",
      "num_envs games of one kind in which every seat of `seats` (default: all) is played from Python, the\n"
      "others by built-in agents (`opponents`) inside C++; stepped without the GIL on `threads` threads.\n"
      "Each row is one game at the decision of a Python seat: to_act[i] says which.\n\n"
      "reset() -> (observations, masks, to_act); step(actions) -> (observations, masks, to_act, rewards,\n"
      "terminated, truncated). observations float32[num_envs, observation_size] is the observation of the\n"
      "seat to act (to_act int32[num_envs]), masks bool[num_envs, num_actions] its legal actions; rewards\n"
      "float32[num_envs, players] holds every seat's win share in the rows whose game just ended (terminated),\n"
      "0 elsewhere. A finished game is replaced at once, as in VectorEnv. Game i draws from stream i of\n"
      "`seed`: the same seed gives the same games on any thread count.\n\n"
      "The arrays are the env's own and the NEXT CALL OVERWRITES THEM: keep a copy (np.copy, or\n"
      "copy=True) of anything stored past the next step. One thread at a time: a call made while another\n"
      "thread is inside step(), reset() or agent_actions() raises RuntimeError.")
      .def(py::init([](const std::string& game, int num_envs, int players, const py::object& seats,
                       const std::string& opponents, std::uint64_t seed, int threads, const py::dict& params,
                       std::uint32_t max_steps) {
             int first = 0;
             const std::uint32_t mask = python_seats(seats, players, first);
             return std::make_unique<PySelfPlayEnv>(VectorEnvSpec{game, to_params(params), players, first, opponents,
                                                                  num_envs, seed, threads, max_steps, mask});
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("players") = 3, py::arg("seats") = py::none(),
           py::arg("opponents") = "heuristic", py::arg("seed") = 0, py::arg("threads") = 1,
           py::arg("params") = py::dict(), py::arg("max_steps") = 0,
           "`seats`: the seats played from Python (None: all: self-play). `opponents`: one agent spec for every\n"
           "other seat, or a comma list with one per other seat in seat order. `max_steps`: Python actions\n"
           "after which a game is truncated (0: never). Raises UnknownGame, BadParameter or BadSeats.")
      .def("reset", &PyVectorEnv::reset_self_play, py::arg("copy") = false,
           "Starts every game again from the seed; returns (observations, masks, to_act): the env's arrays,\n"
           "overwritten by the next call, or copies of them with copy=True.")
      .def("step", &PyVectorEnv::step_self_play, py::arg("actions"), py::arg("copy") = false,
           "Plays actions[i] for seat to_act[i] in game i, then the built-in seats until a Python seat decides.\n"
           "Returns (observations, masks, to_act, rewards, terminated, truncated): the env's arrays, overwritten\n"
           "by the next call (copy=False, the default), or new copies the caller keeps (copy=True). Raises\n"
           "IllegalAction (an id the game lacks or one not legal now; nothing is stepped), TypeError (not\n"
           "integers; a bool) or ValueError (not one per game).")
      .def("agent_actions", &PyVectorEnv::agent_actions, py::arg("spec"), py::arg("seed") = py::none(),
           kAgentActionsDoc)
      .def("state", &PyVectorEnv::state, py::arg("index"), "A copy of game `index`'s position, as a State (no record).")
      .def_property_readonly(
          "num_envs", [](const PySelfPlayEnv& e) { return e.env().num_envs(); }, "How many games.")
      .def_property_readonly(
          "num_players", [](const PySelfPlayEnv& e) { return e.env().num_players(); }, "Seats per game.")
      .def_property_readonly(
          "observation_size", [](const PySelfPlayEnv& e) { return e.env().observation_size(); },
          "The length of one observation.")
      .def_property_readonly(
          "num_actions", [](const PySelfPlayEnv& e) { return e.env().num_actions(); },
          "The number of action ids: the width of a mask.")
      .def_property_readonly("observations", &PyVectorEnv::observations, "The observation array of the last call.")
      .def_property_readonly("masks", &PyVectorEnv::masks, "The legal-action masks of the last call.")
      .def_property_readonly("to_act", &PyVectorEnv::to_act, "The seat to act in each game after the last call.");
}

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<PyVectorEnv>(
      m, "VectorEnv",
      "num_envs games of one kind stepped together for a learner in one seat; the other seats are built-in\n"
      "agents played inside C++ without the GIL, on `threads` threads. Game i draws everything from stream i\n"
      "of `seed`, so the same seed gives the same trajectories whatever the thread count.\n\n"
      "reset() -> (observations, masks); step(actions) -> (observations, masks, rewards, terminated, truncated):\n"
      "observations float32[num_envs, observation_size], masks bool[num_envs, num_actions], rewards\n"
      "float32[num_envs] (the learner's win share when its game ends: 1 for a sole win, 1/k when k seats tie,\n"
      "else 0), terminated and truncated bool[num_envs]. A finished game is replaced at once: the observation\n"
      "of its row is then the next game's first decision.\n\n"
      "The arrays are preallocated, the env's own, and the NEXT CALL OVERWRITES THEM: keep a copy (np.copy,\n"
      "or step(actions, copy=True)) of anything stored past the next step. agent_actions(spec) gives what a\n"
      "built-in agent would play in every game. One thread at a time: a call made while another thread is\n"
      "inside step(), reset() or agent_actions() raises RuntimeError (use one VectorEnv per thread).")
      .def(py::init([](const std::string& game, int num_envs, int players, const std::string& opponents,
                       std::uint64_t seed, int threads, int seat, const py::dict& params, std::uint32_t max_steps) {
             return std::make_unique<PyVectorEnv>(
                 VectorEnvSpec{game, to_params(params), players, seat, opponents, num_envs, seed, threads, max_steps});
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("players") = 3, py::arg("opponents") = "heuristic",
           py::arg("seed") = 0, py::arg("threads") = 1, py::arg("seat") = 0, py::arg("params") = py::dict(),
           py::arg("max_steps") = 0,
           "`opponents`: one agent spec for every other seat, or a comma list with one per other seat in seat\n"
           "order. `seat`: the learner's seat. `max_steps`: learner actions after which a game is truncated\n"
           "(0: never; every game ends by its rules). Raises UnknownGame, BadParameter or BadSeats.")
      .def("reset", &PyVectorEnv::reset, py::arg("copy") = false,
           "Starts every game again from the seed; returns (observations, masks): the env's arrays, overwritten\n"
           "by the next call, or copies of them with copy=True.")
      .def("step", &PyVectorEnv::step, py::arg("actions"), py::arg("copy") = false,
           "Plays actions[i] (int32, legal in game i: see masks) in every game, then the opponents until the\n"
           "learner's next decision. Returns the env's arrays, overwritten by the next call (copy=False, the\n"
           "default), or new copies the caller keeps (copy=True). Raises IllegalAction (an id the game lacks or\n"
           "one not legal now; nothing is stepped), TypeError (not integers; a bool) or ValueError (not one per\n"
           "game).")
      .def("agent_actions", &PyVectorEnv::agent_actions, py::arg("spec"), py::arg("seed") = py::none(),
           kAgentActionsDoc)
      .def("state", &PyVectorEnv::state, py::arg("index"), "A copy of game `index`'s position, as a State (no record).")
      .def_property_readonly(
          "num_envs", [](const PyVectorEnv& e) { return e.env().num_envs(); }, "How many games.")
      .def_property_readonly(
          "observation_size", [](const PyVectorEnv& e) { return e.env().observation_size(); },
          "The length of one observation.")
      .def_property_readonly(
          "num_actions", [](const PyVectorEnv& e) { return e.env().num_actions(); },
          "The number of action ids: the width of a mask.")
      .def_property_readonly("observations", &PyVectorEnv::observations, "The observation array of the last call.")
      .def_property_readonly("masks", &PyVectorEnv::masks, "The legal-action masks of the last call.")
      .def_property_readonly(
          "final_observations", &PyVectorEnv::final_observations,
          "float32[num_envs, observation_size]: in the rows whose game ended in the last step (terminated or\n"
          "truncated), the learner's last observation of that game, before the next game replaced it; other\n"
          "rows keep what an earlier step wrote.")
      .def_property_readonly(
          "final_scores", &PyVectorEnv::final_scores,
          "float32[num_envs, players]: in the same rows, every seat's score at the end of that game.");
  bind_self_play_env(m);
}

}  // namespace bw::python
