#pragma once
// An HTTP request as the server's rooms see it, and the reply they give:
// the connection (http/connection.cpp) reads the one from Beast and writes
// the other; the router, the API and /metrics never touch Beast.
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace bw::server {

// A client the server cannot tell: a proxy on loopback that did not name one
// (--client-ip-header). Never taken for this machine.
inline constexpr const char* kUnknownClient = "?";

struct HttpRequest {
  std::string method, target, body;
  std::string client;         // who asks: its address (or the trusted proxy's header), else kUnknownClient
  std::string authorization;  // the Authorization header ("Bearer TOKEN" opens a private table's info)
  std::string cookie;         // the Cookie header (an account's session)
  std::string user_agent;     // the User-Agent header (a session's label in its person's list)
  bool accepts_gzip = false;  // from Accept-Encoding
};

struct HttpReply {
  HttpReply() = default;
  HttpReply(unsigned status, std::string content_type, std::string body, int retry_after = 0)
      : status(status), content_type(std::move(content_type)), body(std::move(body)), retry_after(retry_after) {}
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  int retry_after = 0;     // seconds, with 429 and 503
  std::string location;    // with a redirect (307)
  std::string error_code;  // an error's code (docs/protocol.md), counted by GET /metrics
  HttpReply& retry_in(int seconds) {
    retry_after = seconds;
    return *this;
  }
  std::string content_encoding;          // "gzip" when the body is compressed
  std::vector<std::string> set_cookies;  // a Set-Cookie header each (an account's session)
};

HttpReply json_reply(unsigned status, const nlohmann::json& body);

// A request's JSON body through the strict reader (no key twice, bounded
// depth); throws ProtocolError "bad-json" saying what is wrong.
nlohmann::json request_json(const std::string& body);

// Every error answer: {"error": {"code", "message"}}, the status from
// error_codes.cpp unless given (bad-host's 400, moved's 307), counted by /metrics.
HttpReply error_reply(const std::string& code, const std::string& message, unsigned status = 0);

}  // namespace bw::server
