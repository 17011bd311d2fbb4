#include "test_client.hpp"

#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/range/iterator_range.hpp>
#include <stdexcept>

namespace bw::server::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;

HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body, const Headers& headers) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{http::string_to_verb(method), target, 11};
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) {
    if (value.empty()) request.erase(name);
    else request.set(name, value);
  }
  request.body() = body;
  request.prepare_payload();
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  HttpResult result;
  result.status = response.result_int();
  result.retry_after = std::string(response[http::field::retry_after]);
  result.content_encoding = std::string(response[http::field::content_encoding]);
  for (const auto& field : boost::make_iterator_range(response.equal_range(http::field::set_cookie)))
    result.set_cookies.emplace_back(field.value());
  result.text = response.body();
  result.body = json::parse(result.text, nullptr, false);
  if (result.body.is_discarded()) result.body = nullptr;
  return result;
}

unsigned upgrade_status(unsigned short port, const std::string& origin, const std::string& host) {
  asio::io_context io;
  websocket::stream<beast::tcp_stream> ws(io);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator(
      [origin](websocket::request_type& request) { request.set(http::field::origin, origin); }));
  websocket::response_type response;
  beast::error_code ec;
  ws.handshake(response, host.empty() ? "127.0.0.1:" + std::to_string(port) : host, "/ws", ec);
  return response.result_int();
}

struct WsClient::Impl {
  asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  bool closed = false;
};

WsClient::WsClient(unsigned short port, std::string origin, int receive_buffer, std::string cookie)
    : impl_(std::make_unique<Impl>()) {
  auto& socket = beast::get_lowest_layer(impl_->ws).socket();
  socket.open(tcp::v4());
  if (receive_buffer) socket.set_option(asio::socket_base::receive_buffer_size(receive_buffer));
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl_->ws.set_option(websocket::stream_base::decorator([origin, cookie](websocket::request_type& request) {
    if (!origin.empty()) request.set(http::field::origin, origin);
    if (!cookie.empty()) request.set(http::field::cookie, cookie);
  }));
  impl_->ws.read_message_max(0);
  impl_->ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  auto hello = receive();
  if (!hello || (*hello)["type"] != "hello") throw std::runtime_error("no hello from the server");
}

WsClient::~WsClient() {
  if (impl_->closed) return;
  beast::error_code ec;
  beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

void WsClient::send(const json& message) { send_text(message.dump()); }

void WsClient::send_text(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(text), ec);
  if (ec) impl_->closed = true;
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
  if (impl_->closed) return std::nullopt;
  beast::error_code result = asio::error::would_block;
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) { result = ec; });
  impl_->io.restart();
  impl_->io.run_for(timeout);
  if (result == asio::error::would_block) {  // timed out: cancel and let the read finish
    beast::get_lowest_layer(impl_->ws).cancel();
    impl_->io.restart();
    impl_->io.run();
    if (result == asio::error::operation_aborted) {
      // Beast streams cannot read again after a cancelled read; this client is done.
      impl_->closed = true;
    }
    return std::nullopt;
  }
  if (result) {
    impl_->closed = true;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.consume(impl_->buffer.size());
  json frame = json::parse(text);
  frames.push_back(frame);
  return frame;
}

json WsClient::receive_until(const std::string& type, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("no '" + type + "' message in time");
    auto frame = receive(left);
    if (!frame) throw std::runtime_error("connection closed or timed out before a '" + type + "' message");
    if ((*frame)["type"] == type) return *frame;
  }
}

bool WsClient::closed() const { return impl_->closed; }
int WsClient::close_code() const { return impl_->ws.reason().code; }

}  // namespace bw::server::testing
