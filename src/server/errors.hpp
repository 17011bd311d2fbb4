#pragma once
// The server's typed errors. A ProtocolError goes back to the client that
// caused it as an "error" message with its code; the table is untouched.
#include <string>

#include "core/errors.hpp"

namespace bw::server {

struct ProtocolError : Error {
  ProtocolError(std::string code, const std::string& message) : Error(message), code(std::move(code)) {}
  std::string code;  // stable, for programs: "bad-json", "not-your-turn", ... (docs/protocol.md)
};

// The database refused (disk full, corrupt file, a schema from a newer build).
struct StoreError : Error {
  using Error::Error;
};

}  // namespace bw::server
