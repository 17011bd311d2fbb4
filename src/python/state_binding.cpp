// bellwether.games(), new_game(), from_record() and the State class.
#include <pybind11/stl.h>
#include <random>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "python/convert.hpp"
#include "python/py_state.hpp"
#include "sim/records.hpp"

namespace bw::python {

namespace {

// A seed no two calls share, for a redraw the caller did not seed.
std::uint64_t fresh_seed() {
  static std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::string seat_range(const AnyState& state) { return "0.." + std::to_string(state.num_players() - 1); }

// A seat given from Python, or `none` when it is None.
Player seat_of(const PyState& self, const py::object& player, Player none) {
  if (player.is_none()) return none;
  const long seat = int_arg(player, "a player");
  if (seat < 0 || seat >= self.state->num_players())
    throw py::value_error("player " + std::to_string(seat) + " is not a seat of this game (" + seat_range(*self.state) +
                          ")");
  return static_cast<Player>(seat);
}

// An action id given from Python: TypeError for a bool or a non-integer,
// IllegalAction for an id the game does not have.
Action action_id(const PyState& self, const py::object& given) {
  const long id = int_arg(given, "an action");
  if (id < 0 || id >= self.state->num_distinct_actions())
    throw IllegalAction("action " + std::to_string(id) + " does not exist in " + self.state->game().name +
                        " (ids are 0.." + std::to_string(self.state->num_distinct_actions() - 1) + ")");
  return static_cast<Action>(id);
}

PyState new_game(const std::string& id, int players, const py::dict& params, std::uint64_t seed) {
  const GameInfo& game = registry().find(id);
  GameRecord record;
  record.game = game.id;
  record.params = validate_params(game.params, to_params(params));
  record.seed = seed;
  auto state = game.start(record.params, players, seed);
  record.players.assign(static_cast<std::size_t>(players), "human");
  record.names = default_names(players);
  return PyState{std::move(state), std::move(record), true};
}

PyState from_record(const py::object& source) {
  GameRecord record;
  if (py::isinstance<py::dict>(source)) {
    record = record_from_json(to_json(source));
  } else if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
    record = load_record(py::module_::import("os").attr("fspath")(source).cast<std::string>());
  } else {
    throw py::type_error("from_record takes a record dict or a path to a record file");
  }
  auto state = replay(registry(), record);
  record.result.reset();  // the state may go on; the next record() writes its own result
  return PyState{std::move(state), std::move(record), true};
}

py::dict record_of(const PyState& self) {
  if (!self.reproducible)
    throw py::value_error(
        "this position was determinized or copied from a batch: its actions do not rebuild it, "
        "so it has no record");
  return to_python(record_to_json(self.record, self.state.get()));
}

std::string repr(const PyState& self) {
  const AnyState& state = *self.state;
  std::string text = "<bellwether.State " + state.game().id + ", " + std::to_string(state.num_players()) + " players, ";
  text += state.is_terminal() ? std::string("finished") : "seat " + std::to_string(state.current_player()) + " to move";
  return text + ">";
}

}  // namespace

PyState detached_state(const AnyState& state) {
  PyState out{state.clone(), {}, false};
  out.record.game = state.game().id;
  return out;
}

void bind_state(py::module_& m) {
  m.def(
      "games", [] { return to_python(games_json(registry())); },
      "Every game: a list of dicts with id, name, min_players, max_players, rules (the rules file) and params\n"
      "(each with name, default, allowed and help), the same as `bellwether games --json`.");

  py::class_<PyState>(m, "State",
                      "A game position. Actions are small integers (ids); each has one text. Make one with\n"
                      "new_game() or from_record().")
      .def_property_readonly(
          "game", [](const PyState& s) { return s.state->game().id; }, "The game's id.")
      .def_property_readonly(
          "num_players", [](const PyState& s) { return s.state->num_players(); }, "How many seats the game has.")
      .def_property_readonly(
          "num_distinct_actions", [](const PyState& s) { return s.state->num_distinct_actions(); },
          "How many action ids the game has (legal or not): the length of an action mask.")
      .def_property_readonly(
          "current_player", [](const PyState& s) { return static_cast<int>(s.state->current_player()); },
          "The seat to decide, or -1 when the game is over.")
      .def_property_readonly(
          "is_terminal", [](const PyState& s) { return s.state->is_terminal(); }, "True when the game is over.")
      .def(
          "legal_actions", [](const PyState& s) { return s.state->legal_actions(); },
          "The ids of the actions the current player may take, in the game's order (empty at the end).")
      .def(
          "action_text",
          [](const PyState& s, const py::object& id) { return s.state->action_to_string(action_id(s, id)); },
          py::arg("action"), "The text of an action id, as records and menus write it.")
      .def(
          "parse_action", [](const PyState& s, const std::string& text) { return s.state->parse_action(text); },
          py::arg("text"), "The id of a legal action from its text (case and spacing ignored). Raises IllegalAction.")
      .def(
          "apply",
          [](PyState& s, const py::object& id) {
            const Action action = action_id(s, id);
            s.state->apply(action);
            s.record.actions.push_back(s.state->action_to_string(action));
          },
          py::arg("action"),
          "Plays a legal action id for the current player. Raises IllegalAction for an id that is not legal now\n"
          "or does not exist, TypeError for a bool or a non-integer.")
      .def_property_readonly(
          "scores", [](const PyState& s) { return s.state->scores(); }, "Each seat's score (final once is_terminal).")
      .def_property_readonly(
          "winners",
          [](const PyState& s) {
            std::vector<int> seats;
            for (Player p : s.state->winners()) seats.push_back(p);
            return seats;
          },
          "The winning seats (several on a tie; empty before the end).")
      .def(
          "observation",
          [](const PyState& s, const py::object& player) {
            return to_python(s.state->observation_json(seat_of(s, player, kSpectator)));
          },
          py::arg("player") = py::none(),
          "What `player` may know, as the dict the server sends a seat (its \"observation\" field);\n"
          "None: what a spectator sees. Nothing hidden from that seat is in it.")
      .def(
          "observation_text",
          [](const PyState& s, const py::object& player) {
            // Sorted keys (nlohmann's objects are ordered maps), no spaces, non-ASCII escaped:
            // the text of json.dumps(observation, sort_keys=True, separators=(",", ":")), without
            // building the dict.
            return s.state->observation_json(seat_of(s, player, kSpectator)).dump(-1, ' ', true);
          },
          py::arg("player") = py::none(),
          "observation(player) as compact JSON text with sorted keys, equal to json.dumps(observation(player),\n"
          "sort_keys=True, separators=(\",\", \":\")) and several times faster.")
      .def(
          "observation_tensor",
          [](const PyState& s, const py::object& player, const py::object& out) {
            return tensor_to_numpy(s.state->observation_tensor(seat_of(s, player, kSpectator)), out);
          },
          py::arg("player"), py::arg("out") = py::none(),
          "The observation of `player` as a flat float32 numpy array (the same length in every position of a\n"
          "game and player count). With `out` (float32, that length, contiguous) it is written there and returned.")
      .def("clone", &PyState::clone,
           "An independent, exact copy, hidden future included: the deck order and other hands are the\n"
           "same, so actions replayed on copies draw the same cards. A search that must not see what its\n"
           "seat cannot see rolls out on clone_for(seat) instead.")
      .def(
          "clone_for",
          [](const PyState& s, const py::object& player, const py::object& seed) {
            const Player seat = seat_of(s, player, kSpectator);
            PyState copy = s.clone();
            Rng rng(seed.is_none() ? fresh_seed() : seed.cast<std::uint64_t>(), 0xd37e);
            copy.state->determinize(seat, rng);
            copy.reproducible = false;
            return copy;
          },
          py::arg("player"), py::arg("seed") = py::none(),
          "A copy as `player` can know it: everything that seat cannot see (deck order, other hands) is\n"
          "redrawn into another world consistent with its observation, so copies do not share one future.\n"
          "`seed` makes the redraw reproducible; None draws fresh entropy. The copy has no record.")
      .def("__copy__", &PyState::clone)
      .def(
          "__deepcopy__", [](const PyState& s, const py::object&) { return s.clone(); }, py::arg("memo"))
      .def(
          "determinize",
          [](PyState& s, const py::object& player, std::uint64_t seed) {
            Rng rng(seed, 0xd37e);
            s.state->determinize(seat_of(s, player, kSpectator), rng);
            s.reproducible = false;
          },
          py::arg("player"), py::arg("seed") = 0,
          "Reshuffles everything `player` cannot see (deck order, other hands) into another world consistent with\n"
          "what it has seen: observation(player) does not change. The state then has no record.")
      .def("record", &record_of,
           "The game so far as a record dict (game, params, seed, players, names, actions and, at the end, the\n"
           "result): save it with json.dump and replay it with `bellwether replay FILE` or from_record().")
      .def(
          "render",
          [](const PyState& s, const py::object& player) {
            const auto names = default_names(s.state->num_players());
            return s.state->render(seat_of(s, player, kOmniscient), names);
          },
          py::arg("player") = py::none(), "The table as text, as `player` sees it (None: everything).")
      .def(
          "events",
          [](const PyState& s, const py::object& player) {
            const auto names = default_names(s.state->num_players());
            return s.state->events(seat_of(s, player, kOmniscient), names);
          },
          py::arg("player") = py::none(),
          "What the last action did, in sentences as `player` may know it (None: everything).")
      .def("__eq__", [](const PyState& a, const PyState& b) { return a.state->equals(*b.state); })
      .def("__repr__", &repr)
      .def("__str__",
           [](const PyState& s) { return s.state->render(kOmniscient, default_names(s.state->num_players())); });

  // After the class, so that their signatures name State, not the C++ type.
  m.def("new_game", &new_game, py::arg("id"), py::arg("players") = 3, py::arg("params") = py::dict(),
        py::arg("seed") = 0,
        "A new game of `id` (see games()) for `players` seats. `params` maps parameter names to values\n"
        "(str, int or bool); the others take their defaults. The same (id, players, params, seed) and actions\n"
        "always give the same game. Raises UnknownGame, BadParameter or BadSeats.");

  m.def("from_record", &from_record, py::arg("record"),
        "The game a record describes, replayed and checked: `record` is a dict as State.record() returns or\n"
        "the path of a record file (as `bellwether play --save` or `sim --records` write). Raises BadRecord.");
}

}  // namespace bw::python
