#include "python/convert.hpp"

#include <climits>
#include <cstring>
#include <string>

namespace bw::python {

py::object to_python(const nlohmann::json& json) {
  switch (json.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(json.get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(json.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(json.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: return py::float_(json.get<double>());
    case nlohmann::json::value_t::string: return py::str(json.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list list;
      for (const auto& item : json) list.append(to_python(item));
      return list;
    }
    case nlohmann::json::value_t::object: {
      py::dict dict;
      for (const auto& [key, item] : json.items()) dict[py::str(key)] = to_python(item);
      return dict;
    }
    default: return py::none();  // binary and discarded values: the engine writes neither
  }
}

nlohmann::json to_json(py::handle value) {
  // Python's own writer decides what is JSON (and says what is not, in its words).
  const std::string text = py::module_::import("json").attr("dumps")(value).cast<std::string>();
  return nlohmann::json::parse(text);
}

ParamMap to_params(const py::dict& params) {
  ParamMap out;
  for (const auto& [key, value] : params) {
    if (!py::isinstance<py::str>(key))
      throw py::type_error("parameter names are strings, not " + py::repr(key).cast<std::string>());
    const std::string name = key.cast<std::string>();
    if (py::isinstance<py::bool_>(value)) out[name] = value.cast<bool>() ? "true" : "false";
    else if (py::isinstance<py::int_>(value) || py::isinstance<py::str>(value))
      out[name] = py::str(value).cast<std::string>();
    else
      throw py::type_error("parameter '" + name + "' must be a str, int or bool, not " +
                           std::string(py::str(value.get_type().attr("__name__"))));
  }
  return out;
}

namespace {

bool is_numpy_bool(py::handle value) {
  const py::handle type = py::type::handle_of(value);
  const std::string module = py::str(type.attr("__module__"));
  const std::string name = py::str(type.attr("__name__"));
  return module == "numpy" && (name == "bool_" || name == "bool");
}

}  // namespace

bool is_bool(py::handle value) { return PyBool_Check(value.ptr()) || is_numpy_bool(value); }

long int_arg(py::handle value, const char* what) {
  PyObject* object = value.ptr();
  if (!PyLong_CheckExact(object)) {
    if (PyBool_Check(object) || is_numpy_bool(value) || !PyIndex_Check(object))
      throw py::type_error(std::string(what) + " must be an integer, not " +
                           std::string(py::str(py::type::handle_of(value).attr("__name__"))) + " " +
                           std::string(py::repr(value)));
  }
  const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(object));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long result = PyLong_AsLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0) return overflow > 0 ? LONG_MAX : LONG_MIN;
  return result;
}

py::array_t<float> tensor_to_numpy(const std::vector<float>& tensor, const py::object& out) {
  if (out.is_none()) {
    py::array_t<float> fresh(static_cast<py::ssize_t>(tensor.size()));
    std::memcpy(fresh.mutable_data(), tensor.data(), tensor.size() * sizeof(float));
    return fresh;
  }
  if (!py::isinstance<py::array>(out)) throw py::type_error("out must be a numpy array of float32");
  py::array given = py::reinterpret_borrow<py::array>(out);
  if (!given.dtype().is(py::dtype::of<float>()))
    throw py::type_error("out must have dtype float32, not " + std::string(py::str(given.dtype())));
  if (given.ndim() != 1 || given.shape(0) != static_cast<py::ssize_t>(tensor.size()))
    throw py::value_error("out must have shape (" + std::to_string(tensor.size()) + ",), not " +
                          std::string(py::str(out.attr("shape"))));
  if (!(given.flags() & py::array::c_style)) throw py::value_error("out must be contiguous");
  if (!given.writeable()) throw py::value_error("out must be writable");
  std::memcpy(given.mutable_data(), tensor.data(), tensor.size() * sizeof(float));
  return py::reinterpret_borrow<py::array_t<float>>(out);
}

}  // namespace bw::python
