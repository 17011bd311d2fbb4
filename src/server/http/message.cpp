#include "server/http/message.hpp"

#include <nlohmann/json.hpp>

#include "server/http/error_codes.hpp"

namespace bw::server {

HttpReply json_reply(unsigned status, const nlohmann::json& body) { return {status, "application/json", body.dump()}; }

HttpReply error_reply(const std::string& code, const std::string& message, unsigned status) {
  HttpReply reply =
      json_reply(status ? status : http_status_of(code), {{"error", {{"code", code}, {"message", message}}}});
  reply.error_code = code;
  return reply;
}

}  // namespace bw::server
