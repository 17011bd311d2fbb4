#pragma once
// bellwether.State: a game position plus what Python asked of it, so that
// record() can write the game as `bellwether replay` reads it.
#include <memory>
#include <pybind11/pybind11.h>

#include "core/any_state.hpp"
#include "core/record.hpp"

namespace bw::python {

namespace py = pybind11;

struct PyState {
  std::unique_ptr<AnyState> state;
  GameRecord record;  // the set-up and the text of every action applied since
  // False once the position no longer follows from the record's actions
  // (determinized, or copied out of a VectorEnv or a simulation).
  bool reproducible = true;

  PyState clone() const { return PyState{state->clone(), record, reproducible}; }
};

// A state the engine made elsewhere (an agent's or a VectorEnv's view): a
// copy, without a record.
PyState detached_state(const AnyState& state);

void bind_state(py::module_& m);
void bind_agents(py::module_& m);
void bind_chance(py::module_& m);
void bind_vector_env(py::module_& m);
void bind_layout(py::module_& m);

}  // namespace bw::python
