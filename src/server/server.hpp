#pragma once
// `bellwether serve`: HTTP and WebSocket on one port (Boost.Beast, C++20
// coroutines), the tables of a Hub, bots on their own pool, SQLite behind.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace bw::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (tests)
  std::string db = "bellwether.db";
  bool sync_full = true;  // SQLite synchronous=FULL (durable against power cuts); false: NORMAL (against crashes)
  std::string static_dir;                 // the built front end; a plain page when absent
  std::vector<std::string> allow_origins;  // WebSocket upgrades from these origins (besides the server's own)
  int io_threads = 0;                     // 0: one per core
  int bot_threads = 0;                    // 0: one per core
  double messages_per_second = 50;        // per connection; bursts of twice that
  std::size_t send_queue_bytes = std::size_t{1} << 20;  // per connection, then it is dropped as a slow reader
  int socket_send_buffer = 0;  // bytes of kernel send buffer per connection (0: the system's); tests make it small
  std::size_t max_tables = 20000;
  int bot_max_iters = 20000;  // the caps on a bot a create request may ask for (BotLimits)
  int bot_max_ms = 2000;
  int bot_max_threads = 1;
  bool allow_seed = false;  // tests: a create request may choose the seed
  bool log_actions = false;
  bool handle_signals = true;  // SIGINT/SIGTERM stop the server (off in in-process tests)
};

class Server {
 public:
  // Opens the database, restores unfinished tables, binds the port. Throws bw::Error.
  explicit Server(const ServeOptions& options);
  ~Server();
  unsigned short port() const;   // the bound port
  std::size_t restored() const;  // tables restored at start
  void run();   // serves until stop() or a signal; then closes connections and flushes the database
  void stop();  // any thread

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bw::server
