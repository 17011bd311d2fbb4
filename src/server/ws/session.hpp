#pragma once
// One WebSocket connection of `bellwether serve` (http/connection.cpp upgrades to it): reads
// and answers messages, at most `messages_per_second` of them, and writes what
// the tables send it through a bounded queue. Everything runs on its own strand.
#include <utility>  // before Asio: its awaitable.hpp uses std::exchange

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "server/connection_context.hpp"
#include "server/guard/token_bucket.hpp"
#include "server/tables/table.hpp"
#include "server/ws/cork_stream.hpp"

namespace bw::server {

class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  // `client`: the address it is counted under (ClientLimits::open_connection, already taken).
  WsSession(boost::beast::tcp_stream&& stream, ConnectionContext& shared, std::string client);

  boost::asio::awaitable<void> run(boost::beast::http::request<boost::beast::http::string_body> request);

  void send(Frame frame) override;
  void close_with(Frame last) override;
  const std::string& address() const override { return client_; }
  void shutdown();

 private:
  struct Incoming {
    std::string text;
    bool is_text = true;
  };

  boost::asio::awaitable<void> serve(std::shared_ptr<WsSession> self);
  void admit(Incoming message);
  bool take_token();
  void drain_later();
  static nlohmann::json ref_of(const Incoming& message);
  void reply_error(const std::string& code, const std::string& message, const nlohmann::json& ref);
  void handle(const Incoming& incoming);
  void enqueue(Frame frame, bool last);
  static boost::asio::awaitable<void> write_loop(std::shared_ptr<WsSession> self);

  static constexpr std::size_t kBacklog = 32;

  boost::beast::websocket::stream<CorkStream> ws_;
  ConnectionContext& shared_;
  std::string client_;
  std::string cookie_;  // the upgrade request's Cookie header: a signed-in person's session
  boost::asio::steady_timer join_timer_;
  boost::asio::steady_timer drain_timer_;
  std::deque<Incoming> backlog_;
  bool draining_ = false;
  std::shared_ptr<Table> table_;
  std::deque<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::policy_error;
  TokenBucket bucket_;  // messages_per_second, bursts of twice that
  double refused_in_a_row_ = 0;
};

}  // namespace bw::server
