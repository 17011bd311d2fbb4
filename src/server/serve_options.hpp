#pragma once
// What `bellwether serve` is asked to do: every operator option (cli/serve_cmd.cpp
// reads them from the command line, tests set them directly). Every room of
// the server reads them; none includes the server itself.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/accounts/password.hpp"

namespace bw::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;        // 0: any free port (tests)
  std::string db = "bellwether.db";  // a SQLite file, or a postgresql:// URL
  bool sync_full = true;   // SQLite synchronous=FULL (durable against power cuts); false: NORMAL (against crashes)
  std::string node;        // one of several nodes on a PostgreSQL database: this node's name (docs/deploy.md)
  std::string advertise;   // with node: the path the proxy in front serves this node at ("/node/a")
  std::string static_dir;  // the built front end; a plain page when absent
  std::vector<std::string> public_urls;    // where people open the server: its Host names and page origins (SiteGuard)
  std::vector<std::string> allow_origins;  // pages of these origins may connect and create tables too
  std::vector<std::string> allow_hosts;    // Host names answered besides IP addresses, localhost and public_urls
  std::string client_ip_header;            // behind a proxy on loopback: the header naming the client (X-Real-IP)
  int io_threads = 0;                      // 0: one per core
  int bot_threads = 0;                     // 0: one per core
  double messages_per_second = 50;         // per connection; bursts of twice that
  std::size_t send_queue_bytes = std::size_t{1} << 20;  // per connection, then it is dropped as a slow reader
  int socket_send_buffer = 0;  // bytes of kernel send buffer per connection (0: the system's); tests make it small
  std::size_t max_tables = 20000;
  double tables_per_minute = 10;  // tables one client (address) may create a minute, bursts of as many
  std::size_t open_tables_per_client = 20;
  std::size_t connections_per_client = 32;     // WebSocket connections open at once per client
  int join_within_seconds = 30;                // a WebSocket that has not joined a table by then is closed
  int expire_after_seconds = 7 * 24 * 3600;    // an unfinished table nobody acted at or joined for this long expires
  double accounts_per_hour = 5;                // accounts one client (address) may create an hour, bursts of as many
  double sign_ins_per_minute = 10;             // sign-ins one client may try a minute, right or wrong
  double wrong_passwords_per_hour = 10;        // wrong passwords one account name may be sent an hour, from anywhere
  PasswordCost password_cost = kPasswordCost;  // argon2id's cost (SECURITY.md); tests lower it, never the CLI
  int bot_max_iters = 20000;                   // the caps on a bot a create request may ask for (BotLimits)
  int bot_max_ms = 2000;
  int bot_max_threads = 1;
  // Post-game analyses (docs/analysis.md): threads (0: none), worlds per decision, tables waiting at most.
  int analysis_threads = 1;
  int analysis_worlds = 32;
  int meter_worlds = 32;  // the coach's meter: worlds a reading, on the bots' pool (0: no meter); as calibrated
  std::size_t analysis_queue = 16;
  double analysis_cpu_share = 0.25;       // of a core, per analysis thread (AnalysisSettings::cpu_share)
  double analysis_cpu_share_busy = 0.05;  // the same while players keep the server busy (busy_cpu_share)
  // The balance lab over HTTP (docs/protocol.md, "Balance lab"): off unless asked for; its caps.
  bool lab = false;
  std::uint64_t lab_max_games = 1000;
  int lab_max_seconds = 300;
  std::size_t lab_queue = 4;
  std::string metrics_token;              // GET /metrics also answers "Authorization: Bearer" this
  std::vector<std::string> metrics_from;  // GET /metrics also answers these client addresses (loopback always)
  bool allow_seed = false;                // tests: a create request may choose the seed
  bool log_actions = false;
  bool handle_signals = true;  // SIGINT/SIGTERM stop the server (off in in-process tests)
  // The heartbeat's period: after a crash a running clock is charged up to the last beat (docs/protocol.md).
  std::chrono::milliseconds heartbeat_every{2000};
  std::function<std::int64_t()> wall_clock;  // unix ms; empty: the system's (tests inject one)
};

}  // namespace bw::server
