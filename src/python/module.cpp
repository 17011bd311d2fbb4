// The extension module behind `import bellwether` (python/bellwether/ adds
// the pure-Python parts). Engine errors become Python exceptions under
// bellwether.Error (a ValueError), each keeping the engine's message.
#include <pybind11/pybind11.h>

#include "core/errors.hpp"
#include "python/py_state.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_bellwether, m) {
  m.doc() = "Bellwether's engine: the games, their states, the built-in agents, tournaments and a vector environment.";
  m.attr("__version__") = BELLWETHER_VERSION;  // CMake's project version: the one pip's metadata carries
  // Translators are tried newest first: the base before the specific errors.
  auto& error = py::register_exception<bw::Error>(m, "Error", PyExc_ValueError);
  error.attr("__doc__") = "Base of every error the engine reports (bad game, parameter, action, record, seats).";
  py::register_exception<bw::UnknownGame>(m, "UnknownGame", error.ptr());
  py::register_exception<bw::BadParameter>(m, "BadParameter", error.ptr());
  py::register_exception<bw::IllegalAction>(m, "IllegalAction", error.ptr());
  py::register_exception<bw::BadRecord>(m, "BadRecord", error.ptr());
  py::register_exception<bw::BadSeats>(m, "BadSeats", error.ptr());
  py::register_exception<bw::BadJson>(m, "BadJson", error.ptr());
  bw::python::bind_state(m);
  bw::python::bind_agents(m);
  bw::python::bind_vector_env(m);
  bw::python::bind_layout(m);
  bw::python::bind_chance(m);
}
