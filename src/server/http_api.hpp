#pragma once
// The JSON API and the static front end, without the HTTP machinery (server.cpp
// parses and writes HTTP; this file decides what to answer).
#include <functional>
#include <string>
#include <string_view>

#include "server/client_limits.hpp"
#include "server/hub.hpp"
#include "server/static_files.hpp"

namespace bw::server {

struct HttpRequest {
  std::string method, target, body;
  std::string client;         // who asks: its address (or the trusted proxy's header)
  std::string authorization;  // the Authorization header ("Bearer TOKEN" opens a private table's info)
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
  std::string content_encoding;  // "gzip" when the body is compressed
};

// Every error answer: {"error": {"code", "message"}}, the status from
// error_codes.cpp unless given (bad-host's 400, moved's 307), counted by /metrics.
HttpReply error_reply(const std::string& code, const std::string& message, unsigned status = 0);

class ReplayService;

class HttpApi {
 public:
  HttpApi(Hub& hub, StaticFiles static_files, ClientLimits& client_limits, ReplayService& replays);
  // `reply` runs exactly once, possibly on another thread (creating a table waits for the database).
  void handle(const HttpRequest& request, const std::function<void(HttpReply)>& reply);

 private:
  HttpReply static_file(std::string_view path) const;
  Hub& hub_;
  StaticFiles static_files_;
  ClientLimits& client_limits_;
  ReplayService& replays_;
};

}  // namespace bw::server
