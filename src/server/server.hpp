#pragma once
// `bellwether serve`: HTTP and WebSocket on one port (Boost.Beast, C++20
// coroutines), the tables of a Hub, bots on their own pool, SQLite or PostgreSQL behind.
// The rooms: store/ (the database), tables/ (a table, its seats and clocks,
// the hub of tables), http/ (the router, the JSON API, static files),
// ws/ (a WebSocket connection and its messages), guard/ (limits and site
// checks), metrics/. ServeOptions, which they all read: serve_options.hpp.
#include <cstddef>
#include <memory>

#include "server/serve_options.hpp"

namespace bw::server {

class Server {
 public:
  // Opens the database, restores unfinished tables, binds the port. Throws bw::Error.
  explicit Server(const ServeOptions& options);
  ~Server();
  unsigned short port() const;   // the bound port
  std::size_t restored() const;  // tables restored at start
  void run();                    // serves until stop() or a signal; then closes connections and flushes the database
  void stop();                   // any thread

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bw::server
