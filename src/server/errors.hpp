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

// A client over one of its per-address limits (guard/client_limits.hpp,
// HubLimits::open_tables_per_client): "rate-limited", "too-many-tables".
struct OverLimit : ProtocolError {
  OverLimit(std::string code, const std::string& message, int retry_seconds = 0)
      : ProtocolError(std::move(code), message), retry_seconds(retry_seconds) {}
  int retry_seconds;  // when it may try again (0: once one of its tables ends)
};

// At a cluster: the table runs on another node, reached at `url` (empty:
// none holds it this moment; another node takes it within seconds).
struct TableElsewhere : ProtocolError {
  TableElsewhere(const std::string& table, std::string url)
      : ProtocolError("moved", url.empty() ? "table " + table + " is moving to another server: reconnect"
                                           : "table " + table + " is played on another server: reconnect there"),
        url(std::move(url)) {}
  std::string url;
};

// The database refused (disk full, corrupt file, a schema from a newer build).
struct StoreError : Error {
  using Error::Error;
};

}  // namespace bw::server
