#include "server/store.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "server/errors.hpp"

namespace bw::server {

namespace {
using json = nlohmann::json;

void check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw StoreError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

void exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw StoreError(std::string("database: ") + text);
  }
}

// The writer's prepared statements, kept for the connection's life: it runs
// the same few statements thousands of times a second.
std::mutex cache_mutex;
std::map<std::pair<sqlite3*, const char*>, sqlite3_stmt*> statement_cache;

void forget_statements(sqlite3* db) {
  std::lock_guard lock(cache_mutex);
  for (auto it = statement_cache.begin(); it != statement_cache.end();) {
    if (it->first.first != db) {
      ++it;
      continue;
    }
    sqlite3_finalize(it->second);
    it = statement_cache.erase(it);
  }
}

// A prepared statement: finalized on scope exit, or (Reuse) reset and kept in the cache.
class Statement {
 public:
  enum Mode { Once, Reuse };
  Statement(sqlite3* db, const char* sql, Mode mode = Once) : db_(db), reuse_(mode == Reuse) {
    if (reuse_) {
      std::lock_guard lock(cache_mutex);
      auto& cached = statement_cache[{db, sql}];
      if (!cached) check(db, sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &cached, nullptr), sql);
      stmt_ = cached;
      return;
    }
    check(db, sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr), sql);
  }
  ~Statement() {
    if (!reuse_) {
      sqlite3_finalize(stmt_);
      return;
    }
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& text) {
    check(db_, sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT), "bind");
    return *this;
  }
  Statement& bind(int index, std::int64_t value) {
    check(db_, sqlite3_bind_int64(stmt_, index, value), "bind");
    return *this;
  }
  bool step() {  // true while there is a row
    int rc = sqlite3_step(stmt_);
    check(db_, rc, "database step");
    return rc == SQLITE_ROW;
  }
  std::string text(int column) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }

 private:
  sqlite3* db_;
  bool reuse_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Each step takes the schema from version i to i + 1; a database is never
// downgraded. Version 1: the first tables; 2: an index for the restore scan;
// 3: time controls, each move's time and clocks, chat, the server's heartbeat.
const char* const kMigrations[] = {
    "CREATE TABLE tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seed TEXT NOT NULL,"
    " players TEXT NOT NULL, names TEXT NOT NULL, public INTEGER NOT NULL, hotseat INTEGER NOT NULL,"
    " created INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE actions(table_id TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,"
    " PRIMARY KEY(table_id, idx)) WITHOUT ROWID;"
    "CREATE TABLE tokens(hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seats INTEGER NOT NULL);",
    "CREATE INDEX tables_unfinished ON tables(finished, created);"
    "CREATE INDEX tokens_by_table ON tokens(table_id);",
    "ALTER TABLE tables ADD COLUMN time_control TEXT NOT NULL DEFAULT '{}';"
    "ALTER TABLE actions ADD COLUMN at_ms INTEGER;"
    "ALTER TABLE actions ADD COLUMN clocks TEXT;"
    "CREATE TABLE chat(table_id TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL,"
    " at_ms INTEGER NOT NULL, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;"
    "CREATE TABLE server_state(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

int user_version(sqlite3* db) {
  Statement stmt(db, "PRAGMA user_version");
  stmt.step();
  return static_cast<int>(stmt.integer(0));
}

void migrate(sqlite3* db, const std::string& path) {
  int version = user_version(db);
  if (version > kSchemaVersion)
    throw StoreError("database '" + path + "' has schema version " + std::to_string(version) +
                     ", newer than this server's " + std::to_string(kSchemaVersion));
  for (; version < kSchemaVersion; ++version) {
    exec(db, "BEGIN IMMEDIATE");
    try {
      exec(db, kMigrations[version]);
      exec(db, ("PRAGMA user_version = " + std::to_string(version + 1)).c_str());
      exec(db, "COMMIT");
    } catch (...) {
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }
}

sqlite3* open_db(const std::string& path) {
  sqlite3* db = nullptr;
  int rc =
      sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    throw StoreError("cannot open database '" + path + "': " + message);
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

StoredTable read_row(const Statement& stmt) {
  StoredTable table;
  TableRow& row = table.row;
  row.id = stmt.text(0);
  row.game = stmt.text(1);
  row.params = json::parse(stmt.text(2)).get<ParamMap>();
  row.seed = std::stoull(stmt.text(3));
  row.players = json::parse(stmt.text(4)).get<std::vector<std::string>>();
  row.names = json::parse(stmt.text(5)).get<std::vector<std::string>>();
  row.is_public = stmt.integer(6) != 0;
  row.hotseat = stmt.integer(7) != 0;
  row.created = stmt.integer(8);
  row.finished = stmt.integer(9) != 0;
  row.expired = stmt.integer(9) == 2;
  row.time = time_control_from_json(json::parse(stmt.text(10)));
  return table;
}

constexpr const char* kSelectTable =
    "SELECT id, game, params, seed, players, names, public, hotseat, created, finished, time_control FROM tables";

void read_children(sqlite3* db, StoredTable& table) {
  Statement actions(db, "SELECT action, at_ms, clocks FROM actions WHERE table_id = ? ORDER BY idx");
  actions.bind(1, table.row.id);
  std::string clocks;
  while (actions.step()) {
    table.actions.push_back(actions.text(0));
    table.clock.at_ms = actions.integer(1);
    clocks = actions.text(2);
  }
  if (!clocks.empty()) table.clock.left_ms = json::parse(clocks).get<std::vector<std::int64_t>>();
  Statement chat(db, "SELECT idx, seat, text, at_ms FROM chat WHERE table_id = ? ORDER BY idx");
  chat.bind(1, table.row.id);
  while (chat.step())
    table.chat.push_back({static_cast<std::uint64_t>(chat.integer(0)), static_cast<int>(chat.integer(1)), chat.text(2),
                          chat.integer(3)});
  Statement tokens(db, "SELECT hash, seats FROM tokens WHERE table_id = ?");
  tokens.bind(1, table.row.id);
  while (tokens.step())
    table.tokens.push_back({tokens.text(0), table.row.id, static_cast<std::uint32_t>(tokens.integer(1))});
}
}  // namespace

Store::Store(const std::string& path, Sync sync) {
  writer_db_ = open_db(path);
  try {
    // WAL: readers never block the writer. synchronous=FULL: a commit is on
    // disk when it returns, so an acknowledged action survives a power cut.
    exec(writer_db_, sync == Sync::Full ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                                        : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
    migrate(writer_db_, path);
    reader_db_ = open_db(path);
  } catch (...) {
    sqlite3_close(writer_db_);
    throw;
  }
  writer_ = std::thread([this] { writer_loop(); });
}

Store::~Store() {
  close();
  forget_statements(writer_db_);
  sqlite3_close(reader_db_);
  sqlite3_close(writer_db_);
}

void Store::close() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (writer_.joinable()) writer_.join();
}

Store::Stats Store::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void Store::enqueue(Write write) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(std::move(write));
      wake_.notify_one();
      return;
    }
  }
  if (write.done) write.done(false, "the server is shutting down");
}

void Store::writer_loop() {
  std::deque<Write> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    // One transaction for the whole batch. A write that fails (it should not:
    // only a full disk or a bug makes one) sends the batch down the slow path,
    // one transaction per write, so one bad table never loses another's action.
    std::vector<std::string> errors(batch.size());
    bool committed = false;
    try {
      exec(writer_db_, "BEGIN IMMEDIATE");
      for (auto& write : batch) write.apply(writer_db_);
      exec(writer_db_, "COMMIT");
      committed = true;
    } catch (const std::exception&) {
      sqlite3_exec(writer_db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    if (!committed) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        try {
          exec(writer_db_, "BEGIN IMMEDIATE");
          batch[i].apply(writer_db_);
          exec(writer_db_, "COMMIT");
        } catch (const std::exception& e) {
          errors[i] = e.what();
          sqlite3_exec(writer_db_, "ROLLBACK", nullptr, nullptr, nullptr);
        }
      }
    }
    {
      std::lock_guard lock(mutex_);
      ++stats_.transactions;
      stats_.writes += batch.size();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!batch[i].done) continue;
      batch[i].done(errors[i].empty(), errors[i]);
    }
    batch.clear();
  }
}

void Store::create_table(const TableRow& row, const std::vector<TokenRow>& tokens, Done done) {
  enqueue({[row, tokens](sqlite3* db) {
             Statement insert(
                 db,
                 "INSERT INTO tables(id, game, params, seed, players, names, public, hotseat, created, time_control)"
                 " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             insert.bind(1, row.id).bind(2, row.game).bind(3, json(row.params).dump());
             insert.bind(4, std::to_string(row.seed)).bind(5, json(row.players).dump()).bind(6, json(row.names).dump());
             insert.bind(7, std::int64_t{row.is_public}).bind(8, std::int64_t{row.hotseat}).bind(9, row.created);
             insert.bind(10, time_control_json(row.time).dump());
             insert.step();
             for (const auto& token : tokens) {
               Statement add(db, "INSERT INTO tokens(hash, table_id, seats) VALUES(?, ?, ?)");
               add.bind(1, token.hash).bind(2, token.table).bind(3, std::int64_t{token.seats});
               add.step();
             }
           },
           std::move(done)});
}

void Store::append_action(const std::string& table, std::uint64_t index, const std::string& action, bool ends_game,
                          ActionClock clock, Done done) {
  enqueue({[table, index, action, ends_game, clock = std::move(clock)](sqlite3* db) {
             if (clock.left_ms.empty()) {
               Statement insert(db, "INSERT INTO actions(table_id, idx, action) VALUES(?, ?, ?)", Statement::Reuse);
               insert.bind(1, table).bind(2, static_cast<std::int64_t>(index)).bind(3, action);
               insert.step();
             } else {
               Statement insert(db, "INSERT INTO actions(table_id, idx, action, at_ms, clocks) VALUES(?, ?, ?, ?, ?)",
                                Statement::Reuse);
               insert.bind(1, table).bind(2, static_cast<std::int64_t>(index)).bind(3, action);
               insert.bind(4, clock.at_ms).bind(5, json(clock.left_ms).dump());
               insert.step();
             }
             if (ends_game) {
               Statement update(db, "UPDATE tables SET finished = 1 WHERE id = ?", Statement::Reuse);
               update.bind(1, table);
               update.step();
             }
           },
           std::move(done)});
}

void Store::rename_seats(const std::string& table, const std::vector<std::string>& names, Done done) {
  enqueue({[table, names](sqlite3* db) {
             Statement update(db, "UPDATE tables SET names = ? WHERE id = ?");
             update.bind(1, json(names).dump()).bind(2, table);
             update.step();
           },
           std::move(done)});
}

void Store::append_chat(const std::string& table, const ChatLine& line, Done done) {
  enqueue({[table, line](sqlite3* db) {
             Statement insert(db, "INSERT INTO chat(table_id, idx, seat, text, at_ms) VALUES(?, ?, ?, ?, ?)");
             insert.bind(1, table).bind(2, static_cast<std::int64_t>(line.index)).bind(3, std::int64_t{line.seat});
             insert.bind(4, line.text).bind(5, line.at_ms);
             insert.step();
           },
           std::move(done)});
}

void Store::heartbeat(std::int64_t now_ms) {
  enqueue({[now_ms](sqlite3* db) {
             Statement upsert(db,
                              "INSERT INTO server_state(key, value) VALUES('alive_ms', ?)"
                              " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                              Statement::Reuse);
             upsert.bind(1, now_ms);
             upsert.step();
           },
           {}});
}

std::int64_t Store::alive_ms() {
  std::lock_guard lock(reader_mutex_);
  Statement select(reader_db_, "SELECT value FROM server_state WHERE key = 'alive_ms'");
  return select.step() ? select.integer(0) : 0;
}

void Store::expire_table(const std::string& table, Done done) {
  enqueue({[table](sqlite3* db) {
             Statement update(db, "UPDATE tables SET finished = 2 WHERE id = ? AND finished = 0");
             update.bind(1, table);
             update.step();
           },
           std::move(done)});
}

void Store::finish_table(const std::string& table, Done done) {
  enqueue({[table](sqlite3* db) {
             Statement update(db, "UPDATE tables SET finished = 1 WHERE id = ?");
             update.bind(1, table);
             update.step();
           },
           std::move(done)});
}

void Store::truncate_actions(const std::string& table, std::uint64_t keep, Done done) {
  enqueue({[table, keep](sqlite3* db) {
             Statement erase(db, "DELETE FROM actions WHERE table_id = ? AND idx >= ?");
             erase.bind(1, table).bind(2, static_cast<std::int64_t>(keep));
             erase.step();
           },
           std::move(done)});
}

std::vector<StoredTable> Store::load_unfinished() {
  std::lock_guard lock(reader_mutex_);
  std::vector<StoredTable> tables;
  Statement select(reader_db_, (std::string(kSelectTable) + " WHERE finished = 0 ORDER BY created, id").c_str());
  while (select.step()) tables.push_back(read_row(select));
  for (auto& table : tables) read_children(reader_db_, table);
  return tables;
}

std::optional<StoredTable> Store::load_table(const std::string& id) {
  std::lock_guard lock(reader_mutex_);
  Statement select(reader_db_, (std::string(kSelectTable) + " WHERE id = ?").c_str());
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  StoredTable table = read_row(select);
  read_children(reader_db_, table);
  return table;
}

}  // namespace bw::server
