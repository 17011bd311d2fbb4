// bellwether.VectorEnv: the numpy face of python/vector_env.hpp. Its arrays
// are made once and rewritten by every reset() and step().
#include <algorithm>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "python/convert.hpp"
#include "python/py_state.hpp"
#include "python/vector_env.hpp"

namespace bw::python {

namespace {

// step() and reset() run without the GIL, so a second Python thread could
// enter the same env while the first is writing its games and arrays (a
// crash or a hang). Each call that touches them holds this mark; a call that
// finds it taken raises instead of waiting, since two threads interleaving
// steps of one env would also interleave its output arrays. The flag is only
// read and written with the GIL held, which orders those accesses.
class OneCallAtATime {
 public:
  OneCallAtATime(bool& busy, const char* call) : busy_(busy) {
    if (busy_)
      throw std::runtime_error(std::string("VectorEnv.") + call +
                               "() was called while another thread is inside step() or reset() of the same "
                               "VectorEnv: one VectorEnv serves one thread at a time (make one env per thread)");
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
  explicit PyVectorEnv(const VectorEnvSpec& spec) : self_play_(spec.learner_seats != 0) {
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

  // VectorEnv's reset() and step().
  py::tuple reset() {
    run_reset();
    return py::make_tuple(observations_, masks_);
  }
  py::tuple step(const py::object& given) {
    run_step(given);
    return py::make_tuple(observations_, masks_, rewards_, terminated_, truncated_);
  }

  // SelfPlayEnv's.
  py::tuple reset_self_play() {
    run_reset();
    return py::make_tuple(observations_, masks_, to_act_);
  }
  py::tuple step_self_play(const py::object& given) {
    run_step(given);
    return py::make_tuple(observations_, masks_, to_act_, seat_rewards_, terminated_, truncated_);
  }

  PyState state(int index) {
    const OneCallAtATime mark(busy_, "state");
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
  void run_reset() {
    const OneCallAtATime mark(busy_, "reset");
    const VectorEnvOutputs out = outputs();
    py::gil_scoped_release release;
    env_->reset(out);
  }

  void run_step(const py::object& given) {
    const OneCallAtATime mark(busy_, "step");  // before the actions buffer is rewritten
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
  // place; other integer arrays and lists are converted once.
  const std::int32_t* checked_actions(const py::object& given) {
    py::array array = py::array::ensure(given);
    if (!array) throw py::type_error("actions must be a numpy array of int32, one per game");
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw py::type_error("actions must be integers (int32), not " + std::string(py::str(array.dtype())));
    if (array.ndim() != 1 || array.shape(0) != env_->num_envs())
      throw py::value_error("actions must have shape (" + std::to_string(env_->num_envs()) + ",), not " +
                            std::string(py::str(array.attr("shape"))));
    if (array.dtype().is(py::dtype::of<std::int32_t>()) && (array.flags() & py::array::c_style)) {
      held_ = array;  // kept alive until the step is done
      return static_cast<const std::int32_t*>(array.data());
    }
    auto wide = py::array_t<std::int64_t, py::array::forcecast>::ensure(array);
    for (py::ssize_t i = 0; i < wide.shape(0); ++i) {
      const std::int64_t action = wide.at(i);
      actions_[static_cast<std::size_t>(i)] = action < 0 || action > INT32_MAX ? -1 : static_cast<std::int32_t>(action);
    }
    return actions_.data();
  }

  std::unique_ptr<VectorEnv> env_;
  py::array_t<float> observations_, rewards_;
  py::array_t<bool> masks_, terminated_, truncated_;
  std::vector<std::int32_t> actions_;
  py::object held_;
  bool self_play_;
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

void bind_vector_env(py::module_& m) {
  py::class_<PyVectorEnv>(
      m, "VectorEnv",
      "num_envs games of one kind stepped together for a learner in one seat; the other seats are built-in\n"
      "agents played inside C++ without the GIL, on `threads` threads. Game i draws everything from stream i\n"
      "of `seed`, so the same seed gives the same trajectories whatever the thread count.\n\n"
      "reset() -> (observations, masks); step(actions) -> (observations, masks, rewards, terminated, truncated).\n"
      "The arrays are preallocated and rewritten by the next call (copy what you keep): observations\n"
      "float32[num_envs, observation_size], masks bool[num_envs, num_actions], rewards float32[num_envs]\n"
      "(the learner's win share when its game ends: 1 for a sole win, 1/k when k seats tie, else 0),\n"
      "terminated and truncated bool[num_envs]. A finished game is replaced at once: the observation of its\n"
      "row is then the next game's first decision.\n\n"
      "One thread at a time: a call made while another thread is inside step() or reset() raises\n"
      "RuntimeError (use one VectorEnv per thread).")
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
      .def("reset", &PyVectorEnv::reset, "Starts every game again from the seed; returns (observations, masks).")
      .def("step", &PyVectorEnv::step, py::arg("actions"),
           "Plays actions[i] (int32, legal in game i: see masks) in every game, then the opponents until the\n"
           "learner's next decision. Raises IllegalAction (nothing is stepped), TypeError or ValueError.")
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

  py::class_<PySelfPlayEnv>(
      m, "SelfPlayEnv",
      "num_envs games of one kind in which every seat of `seats` (default: all) is played from Python, the\n"
      "others by built-in agents (`opponents`) inside C++; stepped without the GIL on `threads` threads.\n"
      "Each row is one game at the decision of a Python seat: to_act[i] says which.\n\n"
      "reset() -> (observations, masks, to_act); step(actions) -> (observations, masks, to_act, rewards,\n"
      "terminated, truncated). observations float32[num_envs, observation_size] is the observation of the\n"
      "seat to act (to_act int32[num_envs]), masks bool[num_envs, num_actions] its legal actions; rewards\n"
      "float32[num_envs, players] holds every seat's win share in the rows whose game just ended (terminated),\n"
      "0 elsewhere. A finished game is replaced at once, as in VectorEnv; the arrays are rewritten by the\n"
      "next call. Game i draws from stream i of `seed`: the same seed gives the same games on any thread count.")
      .def(py::init([](const std::string& game, int num_envs, int players, const py::object& seats,
                       const std::string& opponents, std::uint64_t seed, int threads, const py::dict& params,
                       std::uint32_t max_steps) {
             std::uint32_t mask = 0;
             int first = -1;
             if (seats.is_none()) {
               mask = players >= 1 && players <= 31 ? (1u << players) - 1 : 1u;
               first = 0;
             } else {
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
             }
             return std::make_unique<PySelfPlayEnv>(VectorEnvSpec{game, to_params(params), players, first, opponents,
                                                                  num_envs, seed, threads, max_steps, mask});
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("players") = 3, py::arg("seats") = py::none(),
           py::arg("opponents") = "heuristic", py::arg("seed") = 0, py::arg("threads") = 1,
           py::arg("params") = py::dict(), py::arg("max_steps") = 0,
           "`seats`: the seats played from Python (None: all: self-play). `opponents`: one agent spec for every\n"
           "other seat, or a comma list with one per other seat in seat order. `max_steps`: Python actions\n"
           "after which a game is truncated (0: never). Raises UnknownGame, BadParameter or BadSeats.")
      .def("reset", &PyVectorEnv::reset_self_play,
           "Starts every game again from the seed; returns (observations, masks, to_act).")
      .def("step", &PyVectorEnv::step_self_play, py::arg("actions"),
           "Plays actions[i] for seat to_act[i] in game i, then the built-in seats until a Python seat decides.\n"
           "Returns (observations, masks, to_act, rewards, terminated, truncated). Raises IllegalAction\n"
           "(nothing is stepped), TypeError or ValueError.")
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

}  // namespace bw::python
