// SQLite: the default store, one file beside the server, in WAL mode.
#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <sqlite3.h>
#include <thread>

#include "server/errors.hpp"
#include "server/store/backend.hpp"
#include "server/store/rating_update.hpp"
#include "server/tables/seat_names.hpp"

namespace bw::server {

namespace {
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
  Statement& bind(int index, double value) {
    check(db_, sqlite3_bind_double(stmt_, index, value), "bind");
    return *this;
  }
  Statement& bind(int index, const SessionRow& session) {  // the 7 columns of kSessionColumns, from `index` on
    bind(index, session.id).bind(index + 1, session.secret_hash).bind(index + 2, session.account);
    bind(index + 3, session.created_ms).bind(index + 4, session.seen_ms).bind(index + 5, session.expires_ms);
    return bind(index + 6, session.agent);
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
  double real(int column) const { return sqlite3_column_double(stmt_, column); }

 private:
  sqlite3* db_;
  bool reuse_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Each step takes the schema from version i to i + 1, all in one
// transaction; a database is never downgraded. Version 1: the first tables; 2: an index for the restore scan;
// 3: time controls, each move's time and clocks, chat, the server's heartbeat;
// 4: when a restart resumed a decision's clock; 5: the name a chat line was sent under;
// 6: accounts and their sessions; 7: seats bound to accounts, rated tables, ratings and their history;
// 8: open seats, Play now's queue, who is online; 9: post-game analyses;
// 10: balance-lab reports.
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
    "ALTER TABLE tables ADD COLUMN clock_resumed_ms INTEGER NOT NULL DEFAULT 0;",
    "ALTER TABLE chat ADD COLUMN name TEXT;",
    "CREATE TABLE accounts(id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
    " password_hash TEXT NOT NULL, created_ms INTEGER NOT NULL);"
    "CREATE TABLE sessions(id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL, seen_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL, agent TEXT NOT NULL);"
    "CREATE INDEX sessions_by_account ON sessions(account_id);"
    "CREATE INDEX sessions_by_expiry ON sessions(expires_ms);",
    "CREATE TABLE seat_accounts(table_id TEXT NOT NULL, seat INTEGER NOT NULL, account_id TEXT NOT NULL,"
    " PRIMARY KEY(table_id, seat)) WITHOUT ROWID;"
    "CREATE INDEX seat_accounts_by_account ON seat_accounts(account_id, table_id);"
    "ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE ratings(account_id TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,"
    " games INTEGER NOT NULL, updated_ms INTEGER NOT NULL, PRIMARY KEY(account_id, game)) WITHOUT ROWID;"
    "CREATE INDEX ratings_by_game ON ratings(game);"
    "CREATE TABLE rating_history(account_id TEXT NOT NULL, table_id TEXT NOT NULL, game TEXT NOT NULL,"
    " at_ms INTEGER NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, rank INTEGER NOT NULL, players INTEGER NOT NULL,"
    " PRIMARY KEY(account_id, table_id)) WITHOUT ROWID;",
    "ALTER TABLE tables ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE queue(account_id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,"
    " time_control TEXT NOT NULL, bots_after_ms INTEGER NOT NULL, bot TEXT NOT NULL, mu REAL NOT NULL,"
    " since_ms INTEGER NOT NULL, seen_ms INTEGER NOT NULL, table_id TEXT NOT NULL DEFAULT '',"
    " seat INTEGER NOT NULL DEFAULT -1) WITHOUT ROWID;"
    "CREATE TABLE presence(account_id TEXT PRIMARY KEY, seen_ms INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX presence_by_time ON presence(seen_ms);",
    "CREATE TABLE analyses(table_id TEXT PRIMARY KEY, body TEXT NOT NULL, at_ms INTEGER NOT NULL) WITHOUT ROWID;",
    "CREATE TABLE lab_reports(id TEXT PRIMARY KEY, body TEXT NOT NULL, at_ms INTEGER NOT NULL) WITHOUT ROWID;",
};
// The schema this build writes; older databases are migrated on open.
constexpr int kSchemaVersion = static_cast<int>(std::size(kMigrations));

int user_version(sqlite3* db) {
  Statement stmt(db, "PRAGMA user_version");
  stmt.step();
  return static_cast<int>(stmt.integer(0));
}

// The version is read inside the write transaction: two servers opening one
// new file at once must not both make its tables.
void migrate(sqlite3* db, const std::string& path) {
  exec(db, "BEGIN IMMEDIATE");
  try {
    int version = user_version(db);
    if (version > kSchemaVersion)
      throw StoreError("database '" + path + "' has schema version " + std::to_string(version) +
                       ", newer than this server's " + std::to_string(kSchemaVersion));
    for (; version < kSchemaVersion; ++version) exec(db, kMigrations[version]);
    exec(db, ("PRAGMA user_version = " + std::to_string(version)).c_str());
    exec(db, "COMMIT");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

// Switching a new file to WAL needs it to itself: a second server opening it
// at the same moment is told "locked" at once (the busy timeout does not
// apply to that), so it tries again for up to 5 s.
void use_wal(sqlite3* db) {
  for (int attempt = 0;; ++attempt) {
    int rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
    if (rc != SQLITE_BUSY || attempt == 100) return check(db, rc, "PRAGMA journal_mode=WAL");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
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
  table.row = table_row_from(stmt);
  return table;
}

const std::string kSelectTable = std::string("SELECT ") + kTableColumns + " FROM tables";

void read_children(sqlite3* db, StoredTable& table) {
  Statement actions(db, "SELECT action, at_ms, clocks FROM actions WHERE table_id = ? ORDER BY idx");
  actions.bind(1, table.row.id);
  std::string clocks;
  while (actions.step()) {
    table.actions.push_back(actions.text(0));
    table.clock.at_ms = actions.integer(1);
    clocks = actions.text(2);
  }
  if (!clocks.empty()) table.clock.left_ms = clocks_from_column(clocks);
  Statement chat(db, "SELECT idx, seat, text, at_ms, name FROM chat WHERE table_id = ? ORDER BY idx");
  chat.bind(1, table.row.id);
  while (chat.step())
    table.chat.push_back({static_cast<std::uint64_t>(chat.integer(0)), static_cast<int>(chat.integer(1)), chat.text(2),
                          chat.integer(3), chat.text(4)});
  Statement tokens(db, "SELECT hash, seats FROM tokens WHERE table_id = ?");
  tokens.bind(1, table.row.id);
  while (tokens.step())
    table.tokens.push_back({tokens.text(0), table.row.id, static_cast<std::uint32_t>(tokens.integer(1))});
  table.seat_accounts.assign(table.row.players.size(), "");
  Statement bound(db, "SELECT seat, account_id FROM seat_accounts WHERE table_id = ?");
  bound.bind(1, table.row.id);
  while (bound.step())
    if (auto seat = static_cast<std::size_t>(bound.integer(0)); seat < table.seat_accounts.size())
      table.seat_accounts[seat] = bound.text(1);
}

// Applies one queued write on the writer's connection.
struct ApplyWrite {
  sqlite3* db;

  void operator()(const writes::CreateTable& write) const {
    const TableRow& row = write.row;
    Statement insert(
        db,
        "INSERT INTO tables(id, game, params, seed, players, names, public, hotseat, created, time_control, rated,"
        " open_seats) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, row.id).bind(2, row.game).bind(3, params_column(row.params));
    insert.bind(4, std::to_string(row.seed)).bind(5, strings_column(row.players)).bind(6, strings_column(row.names));
    insert.bind(7, std::int64_t{row.is_public}).bind(8, std::int64_t{row.hotseat}).bind(9, row.created);
    insert.bind(10, time_control_column(row.time)).bind(11, std::int64_t{row.rated});
    insert.bind(12, std::int64_t{row.open_seats});
    insert.step();
    for (const auto& token : write.tokens) {
      Statement add(db, "INSERT INTO tokens(hash, table_id, seats) VALUES(?, ?, ?)");
      add.bind(1, token.hash).bind(2, token.table).bind(3, std::int64_t{token.seats});
      add.step();
    }
    for (std::size_t seat = 0; seat < write.seat_accounts.size(); ++seat)
      if (!write.seat_accounts[seat].empty())
        (*this)(writes::BindSeat{row.id, static_cast<int>(seat), write.seat_accounts[seat]});
    for (const auto& account : write.tickets) {
      Statement seat(db, "UPDATE queue SET table_id = ?, seat = ?, seen_ms = ? WHERE account_id = ? AND table_id = ''");
      auto at = std::find(write.seat_accounts.begin(), write.seat_accounts.end(), account);
      seat.bind(1, row.id).bind(2, static_cast<std::int64_t>(at - write.seat_accounts.begin()));
      seat.bind(3, row.created * 1000).bind(4, account).step();
      if (sqlite3_changes(db) != 1) throw StoreError("a person seated at table " + row.id + " left the queue");
    }
  }
  void operator()(const writes::AppendAction& write) const {
    auto index = static_cast<std::int64_t>(write.index);
    if (write.clock.left_ms.empty()) {
      Statement insert(db, "INSERT INTO actions(table_id, idx, action) VALUES(?, ?, ?)", Statement::Reuse);
      insert.bind(1, write.table).bind(2, index).bind(3, write.action);
      insert.step();
    } else {
      Statement insert(db, "INSERT INTO actions(table_id, idx, action, at_ms, clocks) VALUES(?, ?, ?, ?, ?)",
                       Statement::Reuse);
      insert.bind(1, write.table).bind(2, index).bind(3, write.action);
      insert.bind(4, write.clock.at_ms).bind(5, clocks_column(write.clock.left_ms));
      insert.step();
    }
    if (write.ends_game) (*this)(writes::FinishTable{write.table});
    if (!write.rating.places.empty()) rate(write.table, write.rating);
  }
  // A rated game's end: its players' ratings and a line of their history, in the game's own transaction.
  void rate(const std::string& table, const GameRating& result) const {
    std::vector<RatingRow> before;
    for (const auto& place : result.places) {
      Statement select(db, "SELECT mu, sigma, games FROM ratings WHERE account_id = ? AND game = ?");
      select.bind(1, place.account).bind(2, result.game);
      RatingRow row{place.account, result.game, 0, 0, 0, 0, ""};
      if (select.step()) {
        row.mu = select.real(0);
        row.sigma = select.real(1);
        row.games = static_cast<int>(select.integer(2));
      }
      before.push_back(row);
    }
    const auto after = rated_or_none(result, before);
    for (std::size_t i = 0; i < after.size(); ++i) {
      const RatingRow& row = after[i];
      Statement upsert(db,
                       "INSERT INTO ratings(account_id, game, mu, sigma, games, updated_ms) VALUES(?, ?, ?, ?, ?, ?)"
                       " ON CONFLICT(account_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                       " games = excluded.games, updated_ms = excluded.updated_ms");
      upsert.bind(1, row.account).bind(2, row.game).bind(3, row.mu).bind(4, row.sigma);
      upsert.bind(5, std::int64_t{row.games}).bind(6, row.updated_ms).step();
      Statement history(db,
                        "INSERT INTO rating_history(account_id, table_id, game, at_ms, mu, sigma, rank, players)"
                        " VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
      history.bind(1, row.account).bind(2, table).bind(3, row.game).bind(4, row.updated_ms).bind(5, row.mu);
      history.bind(6, row.sigma).bind(7, std::int64_t{result.places[i].rank});
      history.bind(8, static_cast<std::int64_t>(after.size())).step();
    }
  }
  void operator()(const writes::RenameSeats& write) const {
    Statement update(db, "UPDATE tables SET names = ? WHERE id = ?");
    update.bind(1, strings_column(write.names)).bind(2, write.table);
    update.step();
  }
  void operator()(const writes::AppendChat& write) const {
    Statement insert(db, "INSERT INTO chat(table_id, idx, seat, text, at_ms, name) VALUES(?, ?, ?, ?, ?, ?)");
    insert.bind(1, write.table).bind(2, static_cast<std::int64_t>(write.line.index));
    insert.bind(3, std::int64_t{write.line.seat}).bind(4, write.line.text).bind(5, write.line.at_ms);
    insert.bind(6, write.line.name);
    insert.step();
  }
  void operator()(const writes::Heartbeat& write) const {
    Statement upsert(db,
                     "INSERT INTO server_state(key, value) VALUES('alive_ms', ?)"
                     " ON CONFLICT(key) DO UPDATE SET value = max(value, excluded.value)",
                     Statement::Reuse);
    upsert.bind(1, write.now_ms);
    upsert.step();
  }
  void operator()(const writes::FinishTable& write) const {
    Statement update(db, "UPDATE tables SET finished = 1 WHERE id = ?", Statement::Reuse);
    update.bind(1, write.table);
    update.step();
  }
  void operator()(const writes::ExpireTable& write) const {
    Statement update(db, "UPDATE tables SET finished = 2 WHERE id = ? AND finished = 0");
    update.bind(1, write.table);
    update.step();
  }
  void operator()(const writes::ResumeClock& write) const {
    Statement update(db, "UPDATE tables SET clock_resumed_ms = ? WHERE id = ?");
    update.bind(1, write.resumed_ms).bind(2, write.table);
    update.step();
  }
  void operator()(const writes::TruncateActions& write) const {
    Statement erase(db, "DELETE FROM actions WHERE table_id = ? AND idx >= ?");
    erase.bind(1, write.table).bind(2, static_cast<std::int64_t>(write.keep));
    erase.step();
  }
  void operator()(const writes::CreateAccount& write) const {
    const AccountRow& account = write.account;
    Statement insert(db,
                     "INSERT INTO accounts(id, name, name_key, password_hash, created_ms) VALUES(?, ?, ?, ?, ?)"
                     " ON CONFLICT(name_key) DO NOTHING");
    insert.bind(1, account.id).bind(2, account.name).bind(3, account.name_key).bind(4, account.password_hash);
    insert.bind(5, account.created_ms).step();
    const bool created = sqlite3_changes(db) == 1;
    write.created->store(created);
    if (created) (*this)(writes::CreateSession{write.session});
  }
  void operator()(const writes::CreateSession& write) const {
    Statement forget(db, "DELETE FROM sessions WHERE expires_ms <= ?");
    forget.bind(1, write.session.created_ms).step();
    Statement insert(
        db, (std::string("INSERT INTO sessions(") + kSessionColumns + ") VALUES(?, ?, ?, ?, ?, ?, ?)").c_str());
    insert.bind(1, write.session).step();
  }
  void operator()(const writes::RenewSession& write) const {
    Statement update(db, "UPDATE sessions SET seen_ms = ?, expires_ms = ? WHERE id = ?");
    update.bind(1, write.seen_ms).bind(2, write.expires_ms).bind(3, write.id).step();
  }
  void operator()(const writes::EndSession& write) const {
    Statement erase(db, "DELETE FROM sessions WHERE account_id = ? AND id = ?");
    erase.bind(1, write.account).bind(2, write.id).step();
  }
  void operator()(const writes::SetPassword& write) const {
    Statement update(db, "UPDATE accounts SET password_hash = ? WHERE id = ?");
    update.bind(1, write.password_hash).bind(2, write.account).step();
    Statement erase(db, "DELETE FROM sessions WHERE account_id = ? AND id <> ?");
    erase.bind(1, write.account).bind(2, write.keep).step();
  }
  void operator()(const writes::RehashPassword& write) const {
    Statement update(db, "UPDATE accounts SET password_hash = ? WHERE id = ? AND password_hash = ?");
    update.bind(1, write.new_hash).bind(2, write.account).bind(3, write.old_hash).step();
  }
  void operator()(const writes::DeleteAccount& write) const {
    // Its seats keep their moves, not its name: each is called by its label, in the table and in the chat.
    Statement bound(db, "SELECT table_id, seat FROM seat_accounts WHERE account_id = ?");
    bound.bind(1, write.account);
    while (bound.step()) {
      const std::string table = bound.text(0);
      const std::int64_t seat = bound.integer(1);
      Statement names(db, "SELECT names FROM tables WHERE id = ?");
      names.bind(1, table);
      if (!names.step()) continue;
      const std::string anonymous = names_without(names.text(0), static_cast<int>(seat));
      Statement rename(db, "UPDATE tables SET names = ? WHERE id = ?");
      rename.bind(1, anonymous).bind(2, table).step();
      Statement chat(db, "UPDATE chat SET name = ? WHERE table_id = ? AND seat = ?");
      chat.bind(1, default_seat_name(static_cast<std::size_t>(seat))).bind(2, table).bind(3, seat).step();
    }
    Statement unbind(db, "DELETE FROM seat_accounts WHERE account_id = ?");
    unbind.bind(1, write.account).step();
    Statement ratings(db, "DELETE FROM ratings WHERE account_id = ?");
    ratings.bind(1, write.account).step();
    Statement history(db, "DELETE FROM rating_history WHERE account_id = ?");
    history.bind(1, write.account).step();
    Statement sessions(db, "DELETE FROM sessions WHERE account_id = ?");
    sessions.bind(1, write.account).step();
    Statement queue(db, "DELETE FROM queue WHERE account_id = ?");
    queue.bind(1, write.account).step();
    Statement presence(db, "DELETE FROM presence WHERE account_id = ?");
    presence.bind(1, write.account).step();
    Statement account(db, "DELETE FROM accounts WHERE id = ?");
    account.bind(1, write.account).step();
  }
  void operator()(const writes::BindSeat& write) const {
    Statement insert(db,
                     "INSERT INTO seat_accounts(table_id, seat, account_id) VALUES(?, ?, ?)"
                     " ON CONFLICT(table_id, seat) DO NOTHING");
    insert.bind(1, write.table).bind(2, std::int64_t{write.seat}).bind(3, write.account).step();
    if (!write.was_open) return;
    Statement taken(db, "UPDATE tables SET open_seats = open_seats & ~? WHERE id = ?");
    taken.bind(1, std::int64_t{1} << write.seat).bind(2, write.table).step();
  }
  void operator()(const writes::Enqueue& write) const {
    const TicketRow& t = write.ticket;
    Statement upsert(db,
                     "INSERT OR REPLACE INTO queue(account_id, game, players, time_control, bots_after_ms, bot, mu,"
                     " since_ms, seen_ms, table_id, seat) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, '', -1)");
    upsert.bind(1, t.account).bind(2, t.game).bind(3, std::int64_t{t.players}).bind(4, t.time);
    upsert.bind(5, t.bots_after_ms).bind(6, t.bot).bind(7, t.mu).bind(8, t.since_ms).bind(9, t.seen_ms).step();
  }
  void operator()(const writes::SeeTicket& write) const {
    Statement update(db, "UPDATE queue SET seen_ms = max(seen_ms, ?) WHERE account_id = ? AND table_id = ''");
    update.bind(1, write.seen_ms).bind(2, write.account).step();
  }
  void operator()(const writes::LeaveQueue& write) const {
    Statement erase(db, "DELETE FROM queue WHERE account_id = ? AND table_id = ''");
    erase.bind(1, write.account).step();
  }
  void operator()(const writes::ForgetTickets& write) const {
    Statement erase(db, "DELETE FROM queue WHERE (table_id = '' AND seen_ms < ?) OR (table_id <> '' AND seen_ms < ?)");
    erase.bind(1, write.unseen_since_ms).bind(2, write.seated_before_ms).step();
  }
  void operator()(const writes::SeePeople& write) const {
    for (const auto& account : write.accounts) {
      Statement upsert(db,
                       "INSERT INTO presence(account_id, seen_ms) VALUES(?, ?)"
                       " ON CONFLICT(account_id) DO UPDATE SET seen_ms = max(seen_ms, excluded.seen_ms)",
                       Statement::Reuse);
      upsert.bind(1, account).bind(2, write.now_ms).step();
    }
    Statement forget(db, "DELETE FROM presence WHERE seen_ms < ?");
    forget.bind(1, write.now_ms - kForgetPresenceAfterMs).step();
  }
  void operator()(const writes::SaveAnalysis& write) const {
    Statement upsert(db,
                     "INSERT INTO analyses(table_id, body, at_ms) VALUES(?, ?, ?)"
                     " ON CONFLICT(table_id) DO UPDATE SET body = excluded.body, at_ms = excluded.at_ms");
    upsert.bind(1, write.table).bind(2, write.body).bind(3, write.at_ms).step();
  }
  void operator()(const writes::SaveLabReport& write) const {
    Statement insert(db, "INSERT INTO lab_reports(id, body, at_ms) VALUES(?, ?, ?)");
    insert.bind(1, write.id).bind(2, write.body).bind(3, write.at_ms).step();
  }
  // One server owns every table of its file.
  void operator()(const writes::JoinCluster&) const {
    throw StoreError("several nodes share one PostgreSQL database, not an SQLite file (docs/deploy.md)");
  }
  void operator()(const writes::Claim& write) const { write.granted->store(true); }
  void operator()(const writes::Release&) const {}
};

class SqliteStore final : public StoreBackend {
 public:
  SqliteStore(const std::string& path, StoreSync sync) {
    writer_db_ = open_db(path);
    try {
      // WAL: readers never block the writer. synchronous=FULL: a commit is on
      // disk when it returns, so an acknowledged action survives a power cut.
      use_wal(writer_db_);
      exec(writer_db_, sync == StoreSync::Full ? "PRAGMA synchronous=FULL;" : "PRAGMA synchronous=NORMAL;");
      // A deleted account's name and hashes are overwritten, not left in free pages.
      exec(writer_db_, "PRAGMA secure_delete=ON;");
      migrate(writer_db_, path);
      reader_db_ = open_db(path);
    } catch (...) {
      sqlite3_close(writer_db_);
      throw;
    }
  }
  ~SqliteStore() override {
    forget_statements(writer_db_);
    sqlite3_close(reader_db_);
    sqlite3_close(writer_db_);
  }
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  void begin() override { exec(writer_db_, "BEGIN IMMEDIATE"); }
  void apply(const StoreWrite& write) override { std::visit(ApplyWrite{writer_db_}, write); }
  void commit() override { exec(writer_db_, "COMMIT"); }
  void rollback() noexcept override { sqlite3_exec(writer_db_, "ROLLBACK", nullptr, nullptr, nullptr); }

  std::vector<StoredTable> load_unfinished() override {
    std::lock_guard lock(reader_mutex_);
    std::vector<StoredTable> tables;
    Statement select(reader_db_, (kSelectTable + " WHERE finished = 0 ORDER BY created, id").c_str());
    while (select.step()) tables.push_back(read_row(select));
    for (auto& table : tables) read_children(reader_db_, table);
    return tables;
  }

  std::optional<StoredTable> load_table(const std::string& id) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, (kSelectTable + " WHERE id = ?").c_str());
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    StoredTable table = read_row(select);
    read_children(reader_db_, table);
    return table;
  }

  std::optional<std::string> analysis_of(const std::string& table) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, "SELECT body FROM analyses WHERE table_id = ?");
    select.bind(1, table);
    if (!select.step()) return std::nullopt;
    return select.text(0);
  }

  std::optional<std::string> lab_report_of(const std::string& id) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, "SELECT body FROM lab_reports WHERE id = ?");
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    return select.text(0);
  }

  std::int64_t alive_ms() override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, "SELECT value FROM server_state WHERE key = 'alive_ms'");
    return select.step() ? select.integer(0) : 0;
  }

  std::optional<AccountRow> account_by_key(const std::string& name_key) override {
    return account_where("name_key = ?", name_key);
  }
  std::optional<AccountRow> account_by_id(const std::string& id) override { return account_where("id = ?", id); }

  std::optional<SessionRow> session_by_secret(const std::string& secret_hash) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_,
                     (std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE secret_hash = ?").c_str());
    select.bind(1, secret_hash);
    if (!select.step()) return std::nullopt;
    return session_row_from(select);
  }

  std::vector<SessionRow> sessions_of(const std::string& account) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, (std::string("SELECT ") + kSessionColumns +
                                  " FROM sessions WHERE account_id = ? ORDER BY created_ms, id")
                                     .c_str());
    select.bind(1, account);
    std::vector<SessionRow> sessions;
    while (select.step()) sessions.push_back(session_row_from(select));
    return sessions;
  }

  std::vector<AccountSeat> seats_of(const std::string& account, std::size_t limit) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, (std::string("SELECT ") + kTableColumns +
                                  ", s.seat, (SELECT count(*) FROM actions a WHERE a.table_id = t.id)"
                                  " FROM seat_accounts s JOIN tables t ON t.id = s.table_id"
                                  " WHERE s.account_id = ? ORDER BY t.created DESC, t.id LIMIT ?")
                                     .c_str());
    select.bind(1, account).bind(2, static_cast<std::int64_t>(limit));
    std::vector<AccountSeat> seats;
    while (select.step())
      seats.push_back({table_row_from(select), static_cast<int>(select.integer(kTableColumnCount)),
                       static_cast<std::uint64_t>(select.integer(kTableColumnCount + 1))});
    return seats;
  }

  std::vector<RatingRow> ratings_of(const std::string& account) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_,
                     "SELECT game, mu, sigma, games, updated_ms FROM ratings WHERE account_id = ? ORDER BY game");
    select.bind(1, account);
    std::vector<RatingRow> rows;
    while (select.step())
      rows.push_back({account, select.text(0), select.real(1), select.real(2), static_cast<int>(select.integer(3)),
                      select.integer(4), ""});
    return rows;
  }

  std::vector<RatingEvent> rating_history(const std::string& account, std::size_t limit) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_,
                     "SELECT table_id, game, at_ms, mu, sigma, rank, players FROM rating_history"
                     " WHERE account_id = ? ORDER BY at_ms DESC, table_id LIMIT ?");
    select.bind(1, account).bind(2, static_cast<std::int64_t>(limit));
    std::vector<RatingEvent> events;
    while (select.step())
      events.push_back({select.text(0), select.text(1), select.integer(2), select.real(3), select.real(4),
                        static_cast<int>(select.integer(5)), static_cast<int>(select.integer(6))});
    return events;
  }

  std::vector<RatingRow> leaderboard(const std::string& game, int min_games, double max_sigma,
                                     std::size_t limit) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_,
                     "SELECT r.account_id, r.mu, r.sigma, r.games, r.updated_ms, a.name FROM ratings r"
                     " JOIN accounts a ON a.id = r.account_id WHERE r.game = ? AND r.games >= ? AND r.sigma <= ?"
                     " ORDER BY r.mu - 3 * r.sigma DESC, a.name_key LIMIT ?");
    select.bind(1, game).bind(2, std::int64_t{min_games}).bind(3, max_sigma);
    select.bind(4, static_cast<std::int64_t>(limit));
    std::vector<RatingRow> rows;
    while (select.step())
      rows.push_back({select.text(0), game, select.real(1), select.real(2), static_cast<int>(select.integer(3)),
                      select.integer(4), select.text(5)});
    return rows;
  }

  std::vector<TicketRow> waiting_tickets() override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, (std::string("SELECT ") + kTicketColumns +
                                  " FROM queue q JOIN accounts a ON a.id = q.account_id"
                                  " WHERE q.table_id = '' ORDER BY q.since_ms, q.account_id")
                                     .c_str());
    std::vector<TicketRow> tickets;
    while (select.step()) tickets.push_back(ticket_row_from(select));
    return tickets;
  }

  std::optional<TicketRow> ticket_of(const std::string& account) override {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_, (std::string("SELECT ") + kTicketColumns +
                                  " FROM queue q JOIN accounts a ON a.id = q.account_id WHERE q.account_id = ?")
                                     .c_str());
    select.bind(1, account);
    if (!select.step()) return std::nullopt;
    return ticket_row_from(select);
  }

  OnlinePeople online(std::int64_t since_ms, std::size_t limit) override {
    std::lock_guard lock(reader_mutex_);
    OnlinePeople people;
    Statement count(reader_db_, "SELECT count(*) FROM presence WHERE seen_ms >= ?");
    count.bind(1, since_ms);
    if (count.step()) people.count = static_cast<std::size_t>(count.integer(0));
    Statement names(reader_db_,
                    "SELECT a.name FROM presence p JOIN accounts a ON a.id = p.account_id WHERE p.seen_ms >= ?"
                    " ORDER BY p.seen_ms DESC, a.name_key LIMIT ?");
    names.bind(1, since_ms).bind(2, static_cast<std::int64_t>(limit));
    while (names.step()) people.names.push_back(names.text(0));
    return people;
  }

 private:
  std::optional<AccountRow> account_where(const char* condition, const std::string& value) {
    std::lock_guard lock(reader_mutex_);
    Statement select(reader_db_,
                     (std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + condition).c_str());
    select.bind(1, value);
    if (!select.step()) return std::nullopt;
    return account_row_from(select);
  }

  sqlite3* writer_db_ = nullptr;
  sqlite3* reader_db_ = nullptr;
  std::mutex reader_mutex_;
};
}  // namespace

std::unique_ptr<StoreBackend> open_sqlite_store(const std::string& path, StoreSync sync) {
  return std::make_unique<SqliteStore>(path, sync);
}

}  // namespace bw::server
