#include "server/http/error_codes.hpp"

#include <array>

namespace bw::server {

namespace {
// Alphabetical. A code with two statuses lists the usual one: bad-host is 400
// when the Host header is missing or doubled, moved is 307 with a Location.
constexpr std::array kErrorCodes{
    ErrorCode{"already-joined", 0, true},
    ErrorCode{"bad-chat", 0, true},
    ErrorCode{"bad-content-type", 415, false},
    ErrorCode{"bad-credentials", 401, false},
    ErrorCode{"bad-framing", 400, false},
    ErrorCode{"bad-host", 421, false},
    ErrorCode{"bad-json", 400, true},
    ErrorCode{"bad-message", 0, true},
    ErrorCode{"bad-method", 405, false},
    ErrorCode{"bad-name", 400, true},
    ErrorCode{"bad-origin", 403, false},
    ErrorCode{"bad-password", 400, false},
    ErrorCode{"bad-protocol", 0, true},
    ErrorCode{"bad-request", 400, false},
    ErrorCode{"bad-token", 400, true},
    ErrorCode{"busy", 503, false},
    ErrorCode{"chat-full", 0, true},
    ErrorCode{"chat-rate", 0, true},
    ErrorCode{"flooding", 0, true},
    ErrorCode{"forbidden", 403, false},
    ErrorCode{"full", 503, false},
    ErrorCode{"game-over", 0, true},
    ErrorCode{"headers-too-large", 431, false},
    ErrorCode{"illegal-action", 0, true},
    ErrorCode{"join-timeout", 0, true},
    ErrorCode{"meter-refused", 0, true},
    ErrorCode{"moved", 503, true},
    ErrorCode{"name-taken", 409, true},
    ErrorCode{"no-chat", 0, true},
    ErrorCode{"not-finished", 409, true},
    ErrorCode{"not-found", 404, false},
    ErrorCode{"not-joined", 0, true},
    ErrorCode{"not-seated", 0, true},
    ErrorCode{"not-signed-in", 401, false},
    ErrorCode{"not-stood-in", 0, true},
    ErrorCode{"not-your-seat", 0, true},
    ErrorCode{"not-your-turn", 0, true},
    ErrorCode{"nothing-to-undo", 0, true},
    ErrorCode{"rate-limited", 429, true},
    ErrorCode{"rematch-failed", 0, true},
    ErrorCode{"replaced", 0, true},
    ErrorCode{"seat-taken", 409, false},
    ErrorCode{"shutdown", 0, true},
    ErrorCode{"stale", 0, true},
    ErrorCode{"stood-in", 0, true},
    ErrorCode{"storage", 500, true},
    ErrorCode{"table-expired", 0, true},
    ErrorCode{"table-finished", 0, true},
    ErrorCode{"too-large", 413, false},
    ErrorCode{"too-many-connections", 429, false},
    ErrorCode{"too-many-tables", 429, true},
    ErrorCode{"undo-refused", 0, true},
    ErrorCode{"unknown-table", 404, true},
    ErrorCode{"unknown-type", 0, true},
};
}  // namespace

std::span<const ErrorCode> error_codes() { return kErrorCodes; }

unsigned http_status_of(std::string_view code) {
  for (const ErrorCode& known : kErrorCodes)
    if (known.code == code && known.http_status != 0) return known.http_status;
  return 400;  // a refusal the table does not place: the request's fault (docs/protocol.md)
}

}  // namespace bw::server
