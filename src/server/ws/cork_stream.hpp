#pragma once
// A TCP stream for Beast's WebSocket that can hold writes back ("cork") and
// send them with the next uncorked write in one system call. An action sends
// its connection several messages at once (the ack and a state per seat);
// sent one by one, each is a sendmsg and a trip through the loopback or
// network stack, which was the server's largest cost under load.
//
// Safe because Beast serialises every write on a WebSocket (ours, its pings,
// its close): a held-back write is always flushed by the next one, and the
// owner's write loop ends every batch with an uncorked write.
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_range.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <string>

namespace bw::server {

class CorkStream {
 public:
  using executor_type = boost::beast::tcp_stream::executor_type;

  explicit CorkStream(boost::beast::tcp_stream&& stream) : next_(std::move(stream)) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  boost::beast::tcp_stream& next_layer() noexcept { return next_; }
  const boost::beast::tcp_stream& next_layer() const noexcept { return next_; }

  // While corked, writes are copied and complete at once; the first uncorked
  // write sends them and itself together.
  void cork(bool on) { corked_ = on; }

  template <class MutableBufferSequence, class ReadToken>
  auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
    return next_.async_read_some(buffers, std::forward<ReadToken>(token));
  }

  template <class ConstBufferSequence, class WriteToken>
  auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
    namespace asio = boost::asio;
    using boost::beast::error_code;
    return asio::async_initiate<WriteToken, void(error_code, std::size_t)>(
        [this](auto handler, const ConstBufferSequence& buffers) {
          const std::size_t size = asio::buffer_size(buffers);
          if (!corked_ && held_.empty()) return next_.async_write_some(buffers, std::move(handler));
          for (auto buffer : boost::beast::buffers_range_ref(buffers))
            held_.append(static_cast<const char*>(buffer.data()), buffer.size());
          if (corked_) {
            auto executor = asio::get_associated_executor(handler, next_.get_executor());
            return asio::post(executor,
                              [handler = std::move(handler), size]() mutable { handler(error_code{}, size); });
          }
          asio::async_write(next_, asio::buffer(held_),
                            [this, handler = std::move(handler), size](error_code ec, std::size_t) mutable {
                              held_.clear();
                              handler(ec, ec ? 0 : size);
                            });
        },
        token, buffers);
  }

 private:
  boost::beast::tcp_stream next_;
  std::string held_;  // corked writes, in order
  bool corked_ = false;
};

// Beast's WebSocket closes its next layer through these (found by argument-dependent lookup).
inline void teardown(boost::beast::role_type role, CorkStream& stream, boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer().socket(), ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CorkStream& stream, TeardownHandler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer().socket(), std::forward<TeardownHandler>(handler));
}

}  // namespace bw::server
