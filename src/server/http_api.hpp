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
};

struct HttpReply {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  int retry_after = 0;  // seconds, with 429 and 503
};

class HttpApi {
 public:
  HttpApi(Hub& hub, StaticFiles static_files, ClientLimits& client_limits);
  // `reply` runs exactly once, possibly on another thread (creating a table waits for the database).
  void handle(HttpRequest request, std::function<void(HttpReply)> reply);

 private:
  HttpReply static_file(std::string_view path) const;
  Hub& hub_;
  StaticFiles static_files_;
  ClientLimits& client_limits_;
};

}  // namespace bw::server
