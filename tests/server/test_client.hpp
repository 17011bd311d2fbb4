#pragma once
// A plain WebSocket + HTTP client for the server tests: blocking calls with a
// timeout, every frame it receives kept for the leak checks.
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bw::server::testing {

struct HttpResult {
  unsigned status = 0;
  std::string retry_after;  // the Retry-After header, if any
  std::string content_encoding;
  std::vector<std::string> set_cookies;  // every Set-Cookie header, in order
  nlohmann::json body;                   // null when the body is not JSON
  std::string text;
};
// `headers` are set after the defaults (Host 127.0.0.1, Content-Type application/json), so they
// replace them; an empty value removes the header.
using Headers = std::vector<std::pair<std::string, std::string>>;
HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body = "", const Headers& headers = {});

class WsClient {
 public:
  // Connects to ws://127.0.0.1:port/ws and reads the hello. `receive_buffer`: a small
  // kernel buffer for the slow-reader test; `origin`: an Origin header to send;
  // `cookie`: a Cookie header to send ("bw_session=…": a signed-in person).
  explicit WsClient(unsigned short port, std::string origin = "", int receive_buffer = 0, std::string cookie = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const nlohmann::json& message);
  void send_text(const std::string& text);
  // The next frame, or nullopt when the connection closed or nothing came within `timeout`.
  std::optional<nlohmann::json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Frames up to and including the first of `type` (throws on timeout or close).
  nlohmann::json receive_until(const std::string& type, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  bool closed() const;
  int close_code() const;              // the code of the close frame the server sent, 0 if none
  std::vector<nlohmann::json> frames;  // everything received, in order

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Upgrade attempt only: the HTTP status the server answers an upgrade with this Origin.
// `host`: the Host header (default 127.0.0.1:port).
unsigned upgrade_status(unsigned short port, const std::string& origin, const std::string& host = "");

}  // namespace bw::server::testing
