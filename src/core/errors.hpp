#pragma once
// Typed errors thrown at the edges (bad action, bad parameter, bad file).
// Their messages are meant for the person who typed or supplied the input.
#include <stdexcept>
#include <string>

namespace bw {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct UnknownGame : Error {
  using Error::Error;
};
struct BadParameter : Error {
  using Error::Error;
};
struct IllegalAction : Error {
  using Error::Error;
};
struct BadRecord : Error {
  using Error::Error;
};
struct BadSeats : Error {
  using Error::Error;
};
// The machine said no: threads, memory.
struct OutOfResources : Error {
  using Error::Error;
};
// An output file or stream that could not be written, with the reason.
struct CannotWrite : Error {
  using Error::Error;
};
// Outside JSON or a file holding it that cannot be read: too large, nested too
// deeply, a key given twice, bytes after the value (core/strict_json.hpp).
struct BadJson : Error {
  using Error::Error;
};

}  // namespace bw
