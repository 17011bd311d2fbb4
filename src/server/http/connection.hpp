#pragma once
// One HTTP connection of `bellwether serve`: reads requests (bounded,
// framed one way only), screens them (Host, Origin, content type), hands an
// upgrade to /ws to a WebSocket session and every other request to the
// router, and writes the answers with the server's security headers.
#include <utility>  // before Asio: its awaitable.hpp uses std::exchange

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "server/connection_context.hpp"

namespace bw::server {

boost::asio::awaitable<void> serve_connection(boost::asio::ip::tcp::socket socket, ConnectionContext& shared);

}  // namespace bw::server
