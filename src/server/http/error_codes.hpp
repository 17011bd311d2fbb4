#pragma once
// Every error code a client may be sent, in one table: whether it comes as an
// HTTP answer (and with which status) or as a WebSocket "error" message.
// GET /metrics counts refusals by these codes; docs/protocol.md lists the
// same codes in its two error tables (tests/server/error_codes_test.cpp
// compares them).
#include <span>
#include <string_view>

namespace bw::server {

struct ErrorCode {
  std::string_view code;
  unsigned http_status;  // 0: never an HTTP answer
  bool websocket;        // sent as a WebSocket "error" message
};

std::span<const ErrorCode> error_codes();

// The HTTP status of `code` (400 for one the table gives none).
unsigned http_status_of(std::string_view code);

}  // namespace bw::server
