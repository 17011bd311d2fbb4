// bellwether.observation_layout(): the named sections of a game's observation
// tensor, recorded by the game's own append_tensor (core/tensor.hpp), so the
// layout cannot drift from what the tensor holds.
#include <algorithm>
#include <cmath>
#include <pybind11/stl.h>

#include "games/catalog.hpp"
#include "python/py_state.hpp"

namespace bw::python {

namespace {

// Writes one observation of a fresh game with the layout attached. The
// sections do not depend on the position (every tensor of a game has one
// length and one order), so any position serves.
TensorLayout layout_of(const std::string& game, int players) {
  const GameInfo& info = registry().find(game);
  info.check_player_count(players);
  return with_game_type(game, [&]<class S>() {
    const S state(typename S::Params{}, players, 0);
    TensorLayout layout;
    std::vector<float> tensor;
    append_tensor(state.observation(0), tensor, &layout);
    return layout;
  });
}

py::list observation_layout(const std::string& game, int players) {
  py::list out;
  for (const TensorSection& section : layout_of(game, players).sections) {
    py::dict row;
    row["name"] = section.name;
    row["offset"] = section.offset;
    row["size"] = section.size;
    row["shape"] = py::tuple(py::cast(section.shape));
    // One range for the section, or a list with one per index of its last dimension.
    auto per_range = [&](auto value) -> py::object {
      if (section.ranges.size() == 1) return py::float_(value(section.ranges[0]));
      py::list values;
      for (const TensorRange& range : section.ranges) values.append(value(range));
      return values;
    };
    row["low"] = per_range([](const TensorRange& r) { return r.low; });
    row["high"] = per_range([](const TensorRange& r) { return r.high; });
    row["scale"] = per_range([](const TensorRange& r) { return std::max(std::abs(r.low), std::abs(r.high)); });
    row["bounded"] = section.bound == TensorBound::Rules;
    row["meaning"] = section.meaning;
    out.append(row);
  }
  return out;
}

}  // namespace

void bind_layout(py::module_& m) {
  m.def("observation_layout", &observation_layout, py::arg("game"), py::arg("players") = 3,
        "The observation tensor of `game` in named sections, in order: a list of dicts with name, offset,\n"
        "size, shape (the section read as a row-major array), low and high (every value lies between them\n"
        "with the default parameters; a list gives one per index of the last dimension), scale\n"
        "(max(|low|, |high|): divide by it to bring the section into [-1, 1]), bounded (False when a counter\n"
        "has no bound in the rules and high is only a typical size) and meaning. Seats are absolute: slot p of a "
        "per-seat section is seat p, whoever looks\n"
        "(the `viewer` section says who that is). The sections come from the code that writes the tensor.");
}

}  // namespace bw::python
