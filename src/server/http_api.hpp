#pragma once
// The JSON API and the static front end, without the HTTP machinery (server.cpp
// parses and writes HTTP; this file decides what to answer).
#include <functional>
#include <string>
#include <string_view>

#include "server/hub.hpp"
#include "server/static_files.hpp"

namespace bw::server {

struct HttpReply {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class HttpApi {
 public:
  HttpApi(Hub& hub, StaticFiles static_files);
  // `reply` runs exactly once, possibly on another thread (creating a table waits for the database).
  void handle(std::string_view method, std::string_view target, std::string body,
              std::function<void(HttpReply)> reply);

 private:
  HttpReply static_file(std::string_view path) const;
  Hub& hub_;
  StaticFiles static_files_;
};

}  // namespace bw::server
