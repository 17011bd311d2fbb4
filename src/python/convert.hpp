#pragma once
// Values crossing between Python and the engine: JSON trees, parameter
// dicts, float32 tensors. Bad input raises a Python exception (TypeError or
// ValueError) with a message naming what was wrong.
#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <vector>

#include "core/params.hpp"

namespace bw::python {

namespace py = pybind11;

// dicts, lists, str, int, float, bool and None, as json.loads would give them.
py::object to_python(const nlohmann::json& json);
// Anything json.dumps accepts; TypeError otherwise.
nlohmann::json to_json(py::handle value);
// {"name": value}: values may be str, int or bool (True -> "true"); the game
// validates them later (BadParameter).
ParamMap to_params(const py::dict& params);

// An integer argument from Python (int or numpy integer): a bool, a float or
// anything else raises TypeError naming `what` ("an action", "a player"). A
// value past the range of long comes back clamped, so that the caller's range
// check names it.
long int_arg(py::handle value, const char* what);
// A Python bool or a numpy bool.
bool is_bool(py::handle value);

// `tensor` into `out` when given (float32, one dimension of the right length,
// contiguous, writable: ValueError/TypeError otherwise), else into a new array.
py::array_t<float> tensor_to_numpy(const std::vector<float>& tensor, const py::object& out);

}  // namespace bw::python
