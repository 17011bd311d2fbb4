#include "server/ws/session.hpp"

#include <utility>  // before Asio: its awaitable.hpp uses std::exchange

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <chrono>
#include <fmt/format.h>

#include "server/accounts/accounts_api.hpp"
#include "server/errors.hpp"
#include "server/guard/client_limits.hpp"
#include "server/log.hpp"
#include "server/tables/hub.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using json = nlohmann::json;
using asio::use_awaitable;

WsSession::WsSession(beast::tcp_stream&& stream, ConnectionContext& shared, std::string client)
    : ws_(std::move(stream)),
      shared_(shared),
      client_(std::move(client)),
      join_timer_(ws_.get_executor()),
      drain_timer_(ws_.get_executor()),
      bucket_(shared.options.messages_per_second, 2 * shared.options.messages_per_second,
              std::chrono::steady_clock::now()) {}

asio::awaitable<void> WsSession::run(http::request<http::string_body> request) {
  auto self = shared_from_this();
  if (auto cookie = request.find(http::field::cookie); cookie != request.end()) cookie_ = std::string(cookie->value());
  ws_.set_option(websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(120), true});
  ws_.read_message_max(kMaxMessageBytes);
  ws_.text(true);
  beast::error_code ec;
  co_await ws_.async_accept(request, asio::redirect_error(use_awaitable, ec));
  if (!ec) co_await serve(self);
  join_timer_.cancel();
  drain_timer_.cancel();
  shared_.client_limits->close_connection(client_);
}

void WsSession::send(Frame frame) {
  asio::post(ws_.get_executor(),
             [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame, false); });
}

void WsSession::close_with(Frame last) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), last = std::move(last)] {
    self->table_ = nullptr;  // it has already let go of us
    self->enqueue(last, true);
  });
}

void WsSession::shutdown() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close_code_ = websocket::close_code::going_away;
    self->enqueue(make_frame(error_message("shutdown", "the server is stopping; reconnect in a moment")), true);
  });
}

asio::awaitable<void> WsSession::serve(std::shared_ptr<WsSession> self) {
  beast::error_code ec;
  // Only now may a shutdown write to it: during the handshake Beast's own
  // write of the 101 response may still be in flight, and Beast does not
  // serialise a message write against it.
  {
    std::lock_guard lock(shared_.sessions_mutex);
    shared_.sessions.insert(self);
  }
  enqueue(make_frame(hello_message()), false);
  // A connection is for a table: one that has not joined in time holds a place for nothing.
  join_timer_.expires_after(std::chrono::seconds(shared_.options.join_within_seconds));
  join_timer_.async_wait([self](beast::error_code ec) {
    if (ec || self->table_) return;
    self->close_code_ = websocket::close_code::policy_error;
    self->enqueue(
        make_frame(error_message("join-timeout", "no table was joined within " +
                                                     std::to_string(self->shared_.options.join_within_seconds) +
                                                     " s of connecting; connect again to join one")),
        true);
  });
  beast::flat_buffer buffer;
  for (;;) {
    co_await ws_.async_read(buffer, asio::redirect_error(use_awaitable, ec));
    if (ec) break;
    admit({beast::buffers_to_string(buffer.data()), ws_.got_text()});
    buffer.consume(buffer.size());
  }
  if (ec == websocket::error::message_too_big) log("a connection sent a message over 64 KiB; closed (1009)");
  if (table_) table_->leave(self);
  std::lock_guard lock(shared_.sessions_mutex);
  shared_.sessions.erase(self);
}

// The message limit (bucket_): a message over it waits in a short backlog and
// is handled as the bucket refills, so a person clicking fast loses nothing;
// when the backlog is full, each message is refused with its `ref` and
// `retry_ms`, and a connection that keeps on sending far past that is closed.
void WsSession::admit(Incoming message) {
  if (closing_) return;
  if (backlog_.empty() && take_token()) return handle(message);
  if (backlog_.size() < kBacklog) {
    backlog_.push_back(std::move(message));
    return drain_later();
  }
  double rate = shared_.options.messages_per_second;
  int retry_ms = bucket_.retry_ms(backlog_.size());
  json refusal =
      error_message("rate-limited",
                    "too many messages: at most " + fmt::format("{:g}", rate) +
                        " a second; this one was not handled, send it again in " + std::to_string(retry_ms) + " ms",
                    ref_of(message));
  refusal["retry_ms"] = retry_ms;
  if (shared_.metrics) shared_.metrics->refusals.inc("rate-limited");
  enqueue(make_frame(refusal), false);
  if (++refused_in_a_row_ > 10 * rate) {
    log("a connection kept flooding after being told; closed");
    close_code_ = websocket::close_code::policy_error;
    enqueue(make_frame(error_message("flooding", "closed for sending too many messages")), true);
  }
}

bool WsSession::take_token() {
  if (!bucket_.take(std::chrono::steady_clock::now())) return false;
  refused_in_a_row_ = 0;
  return true;
}

void WsSession::drain_later() {
  if (draining_) return;
  draining_ = true;
  drain_timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(bucket_.wait_for_token()) +
                             std::chrono::microseconds(100));
  drain_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    self->draining_ = false;
    if (ec || self->closing_) return;
    while (!self->backlog_.empty() && self->take_token()) {
      Incoming next = std::move(self->backlog_.front());
      self->backlog_.pop_front();
      self->handle(next);
    }
    if (!self->backlog_.empty()) self->drain_later();
  });
}

// The `ref` of a message that will not be handled, so the client knows which one.
json WsSession::ref_of(const Incoming& message) {
  if (!message.is_text) return nullptr;
  try {
    return parse_client_message(message.text).ref;
  } catch (const RefusedMessage& e) {
    return e.ref;
  } catch (const Error&) {
    return nullptr;
  }
}

void WsSession::reply_error(const std::string& code, const std::string& message, const json& ref) {
  if (shared_.metrics) shared_.metrics->refusals.inc(code);
  enqueue(make_frame(error_message(code, message, ref)), false);
}

namespace {
// For "join a table before …".
std::string what_it_asks(ClientMessage::Kind kind) {
  switch (kind) {
    case ClientMessage::Kind::Act: return "acting";
    case ClientMessage::Kind::Undo: return "undoing";
    case ClientMessage::Kind::Chat: return "chatting";
    case ClientMessage::Kind::Name: return "naming your seat";
    case ClientMessage::Kind::Rematch: return "asking for a rematch";
    case ClientMessage::Kind::Back: return "taking a seat back";
    case ClientMessage::Kind::Meter: return "asking for the meter";
    case ClientMessage::Kind::Join:
    case ClientMessage::Kind::Ping: break;
  }
  return "sending that";
}
}  // namespace

void WsSession::handle(const Incoming& incoming) {
  if (!incoming.is_text) return reply_error("bad-message", "send text frames holding JSON", nullptr);
  json ref;
  try {
    ClientMessage message = parse_client_message(incoming.text);
    ref = message.ref;
    switch (message.kind) {
      case ClientMessage::Kind::Ping: {
        json pong{{"type", "pong"}};
        if (!ref.is_null()) pong["ref"] = ref;
        enqueue(make_frame(pong), false);
        return;
      }
      case ClientMessage::Kind::Join: {
        if (table_)
          throw ProtocolError("already-joined", "this connection has joined table " + table_->id() +
                                                    "; open another connection for another table");
        std::optional<Person> person;
        if (shared_.accounts && !cookie_.empty())
          if (auto account = shared_.accounts->account_of(cookie_)) person = Person{account->id, account->name};
        auto joinable = shared_.hub->find_for_join(message.table, message.token, person ? person->account : "");
        table_ = joinable.table;
        join_timer_.cancel();
        table_->join(shared_from_this(), joinable.seats, std::move(message.name), ref, std::move(person));
        return;
      }
      case ClientMessage::Kind::Act:
      case ClientMessage::Kind::Undo:
      case ClientMessage::Kind::Chat:
      case ClientMessage::Kind::Name:
      case ClientMessage::Kind::Rematch:
      case ClientMessage::Kind::Back:
      case ClientMessage::Kind::Meter:
        if (!table_) throw ProtocolError("not-joined", "join a table before " + what_it_asks(message.kind));
        table_->receive(shared_from_this(), std::move(message));
        return;
    }
  } catch (const TableElsewhere& e) {
    // Said, then closed: the client reconnects where `url` says (or anywhere, without one).
    if (shared_.metrics) shared_.metrics->refusals.inc(e.code);
    json moved = error_message(e.code, e.what(), ref);
    if (!e.url.empty()) moved["url"] = e.url;
    enqueue(make_frame(moved), true);
  } catch (const RefusedMessage& e) {
    reply_error(e.code, e.what(), e.ref);
  } catch (const ProtocolError& e) {
    reply_error(e.code, e.what(), ref);
  } catch (const Error& e) {
    reply_error("bad-message", e.what(), ref);
  }
}

// `last`: close after this frame. A client that lets the queue pass its
// bound is not reading: it is cut off at once (a close frame would wait behind the queue).
void WsSession::enqueue(Frame frame, bool last) {
  if (closing_) return;
  if (!last && queued_bytes_ + frame->size() > shared_.options.send_queue_bytes) {
    log("a connection stopped reading ({} bytes waiting); dropped", queued_bytes_);
    closing_ = true;
    queue_.clear();
    // An abortive close (a reset): what the kernel still holds for this reader
    // is dropped now. A graceful close would leave it to an orphaned socket
    // probing a zero window, which the kernel may give up on silently, leaving
    // the client waiting on a connection that is already gone.
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().set_option(asio::socket_base::linger(true, 0), ignored);
    beast::get_lowest_layer(ws_).close();
    return;
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (last) closing_ = true;
  if (!writing_) {
    writing_ = true;
    asio::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), asio::detached);
  }
}

asio::awaitable<void> WsSession::write_loop(std::shared_ptr<WsSession> self) {
  beast::error_code ec;
  while (!self->queue_.empty()) {
    Frame frame = self->queue_.front();
    // Frames queued together leave in one system call: held back but the last.
    self->ws_.next_layer().cork(self->queue_.size() > 1);
    co_await self->ws_.async_write(asio::buffer(*frame), asio::redirect_error(use_awaitable, ec));
    if (ec) {
      self->queue_.clear();
      self->queued_bytes_ = 0;
      break;
    }
    self->queue_.pop_front();
    self->queued_bytes_ -= frame->size();
  }
  self->ws_.next_layer().cork(false);
  self->writing_ = false;
  if (self->closing_ && !ec && self->ws_.is_open())
    co_await self->ws_.async_close(self->close_code_, asio::redirect_error(use_awaitable, ec));
}

}  // namespace bw::server
