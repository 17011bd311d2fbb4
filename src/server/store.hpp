#pragma once
// The server's database: one row per table, one row per action (SQLite, WAL).
// Writes go through one writer thread that gathers whatever the tables have
// queued into a single transaction (group commit), so a thousand tables acting
// at once cost one disk flush, not a thousand. A write's callback runs on the
// writer thread after its transaction is durable (synchronous=FULL); the
// caller posts back to its own strand from there.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/params.hpp"
#include "server/time_control.hpp"

struct sqlite3;

namespace bw::server {

// The schema this build writes; older databases are migrated on open.
inline constexpr int kSchemaVersion = 3;

struct TableRow {
  std::string id;
  std::string game;
  ParamMap params;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  // agent spec per seat, "human" for people
  std::vector<std::string> names;
  bool is_public = false;
  bool hotseat = false;
  std::int64_t created = 0;  // unix seconds
  bool finished = false;     // the game is over, or it expired
  bool expired = false;      // nobody acted for --expire-after: left unfinished, its record is public
  TimeControl time;          // the clocks, and who plays for a person who is gone
};

// A line of a table's chat, as stored and sent.
struct ChatLine {
  std::uint64_t index = 0;  // 0, 1, … per table
  int seat = 0;
  std::string text;
  std::int64_t at_ms = 0;  // unix milliseconds
};

// When a move was stored and every seat's time left after it (timed tables only).
struct ActionClock {
  std::int64_t at_ms = 0;
  std::vector<std::int64_t> left_ms;  // empty: a table without clocks (nothing stored)
};

// A token grants seats (a bit per seat) or, with no seat, the spectator view.
struct TokenRow {
  std::string hash;  // hex SHA-256 of the token; the token itself is never stored
  std::string table;
  std::uint32_t seats = 0;
};

struct StoredTable {
  TableRow row;
  std::vector<std::string> actions;  // action texts, in order (the record's "actions")
  std::vector<TokenRow> tokens;
  ActionClock clock;           // stored with the last action (a timed table; none before its first move)
  std::vector<ChatLine> chat;  // in order
};

class Store {
 public:
  using Done = std::function<void(bool ok, const std::string& error)>;

  // How a commit reaches the disk (SQLite's synchronous pragma in WAL mode).
  // Full: on disk when the commit returns, so an acknowledged action survives a
  // power cut. Normal: in the operating system when it returns, so it survives
  // the server's crash (kill -9) but perhaps not a power cut; for tests.
  enum class Sync { Full, Normal };

  // Opens (creating or migrating) the database at `path`. Throws StoreError.
  explicit Store(const std::string& path, Sync sync = Sync::Full);
  ~Store();  // flushes what is queued, then closes
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Queued writes; `done` runs on the writer thread once the write is durable (or failed).
  void create_table(const TableRow& row, const std::vector<TokenRow>& tokens, Done done);
  // `ends_game`: the table is marked finished in the same transaction.
  void append_action(const std::string& table, std::uint64_t index, const std::string& action, bool ends_game,
                     ActionClock clock, Done done);
  void rename_seats(const std::string& table, const std::vector<std::string>& names, Done done);
  void append_chat(const std::string& table, const ChatLine& line, Done done);
  // The server is running at `now_ms` (written every few seconds): after a
  // crash, clocks are charged up to the last of these and not for the outage.
  void heartbeat(std::int64_t now_ms);
  void finish_table(const std::string& table, Done done);
  // An unfinished table nobody acts at any more (finished = 2 in the tables table).
  void expire_table(const std::string& table, Done done);
  // Forgets the actions from index `keep` on (an undo at a table of one person and bots).
  void truncate_actions(const std::string& table, std::uint64_t keep, Done done);

  // Reads (any thread; a separate connection, so they never wait for the writer's batch).
  std::vector<StoredTable> load_unfinished();
  std::optional<StoredTable> load_table(const std::string& id);
  std::int64_t alive_ms();  // the last heartbeat (0: none yet)

  // Commits everything queued and stops the writer; later writes fail.
  void close();

  struct Stats {
    std::uint64_t transactions = 0, writes = 0;
  };
  Stats stats() const;

 private:
  struct Write {
    std::function<void(sqlite3*)> apply;  // throws StoreError
    Done done;
  };
  void enqueue(Write write);
  void writer_loop();

  sqlite3* writer_db_ = nullptr;
  sqlite3* reader_db_ = nullptr;
  std::mutex reader_mutex_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Write> queue_;
  bool stopping_ = false;
  Stats stats_;
  std::thread writer_;
};

}  // namespace bw::server
