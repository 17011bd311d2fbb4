#include "server/http/message.hpp"

#include <nlohmann/json.hpp>

#include "core/strict_json.hpp"
#include "server/errors.hpp"
#include "server/http/error_codes.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

HttpReply json_reply(unsigned status, const nlohmann::json& body) { return {status, "application/json", body.dump()}; }

nlohmann::json request_json(const std::string& body) {
  try {
    return parse_strict_json(body, "the request", {kMaxMessageBytes, 16});
  } catch (const BadJson& e) {
    throw ProtocolError("bad-json", e.what());
  }
}

HttpReply error_reply(const std::string& code, const std::string& message, unsigned status) {
  HttpReply reply =
      json_reply(status ? status : http_status_of(code), {{"error", {{"code", code}, {"message", message}}}});
  reply.error_code = code;
  return reply;
}

}  // namespace bw::server
