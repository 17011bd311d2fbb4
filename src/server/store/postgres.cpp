// PostgreSQL through libpq: a store several `bellwether serve` nodes share.
// The same tables as SQLite's, and the same rule: a write's callback runs
// after its transaction's COMMIT has returned (synchronous_commit on, by
// default, so it is on the database's disk).
#include <algorithm>
#include <libpq-fe.h>

#include <cassert>
#include <cstdlib>
#include <fmt/format.h>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "server/errors.hpp"
#include "server/store/backend.hpp"
#include "server/store/rating_update.hpp"
#include "server/tables/seat_names.hpp"

namespace bw::server {

bool is_postgres_url(const std::string& location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string redacted_url(const std::string& url) {
  // scheme://user:password@host… → scheme://user:***@host…
  auto scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return url;
  auto authority = scheme_end + 3;
  auto at = url.find('@', authority);
  auto slash = url.find('/', authority);
  if (at == std::string::npos || (slash != std::string::npos && slash < at)) return url;
  auto colon = url.find(':', authority);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon + 1) + "***" + url.substr(at);
}

namespace {

// A query's result: freed on scope exit; text(i) and integer(i) read row `at`.
class PgResult {
 public:
  explicit PgResult(PGresult* result) : result_(result, PQclear) {}
  int rows() const { return PQntuples(result_.get()); }
  PgResult& at(int row) {
    row_ = row;
    return *this;
  }
  bool null(int column) const { return PQgetisnull(result_.get(), row_, column) != 0; }
  std::string text(int column) const {
    return {PQgetvalue(result_.get(), row_, column),
            static_cast<std::size_t>(PQgetlength(result_.get(), row_, column))};
  }
  std::int64_t integer(int column) const {
    if (null(column)) return 0;
    return std::strtoll(PQgetvalue(result_.get(), row_, column), nullptr, 10);
  }
  // PostgreSQL 12 and later write a double precision in its shortest exact form: it reads back the same.
  double real(int column) const {
    if (null(column)) return 0;
    return std::strtod(PQgetvalue(result_.get(), row_, column), nullptr);
  }

 private:
  std::unique_ptr<PGresult, void (*)(PGresult*)> result_;
  int row_ = 0;
};

// A parameter: text, or SQL NULL.
using Param = std::optional<std::string>;

std::string first_line(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// One libpq connection. Statements named on first use are prepared once
// per session (and again after a reconnect): the writer runs the same few
// thousands of times a second.
class PgConnection {
 public:
  PgConnection(const std::string& url, StoreSync sync) : url_(url), sync_(sync) { connect(); }
  ~PgConnection() { PQfinish(conn_); }
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Reconnects a connection the server closed (a restart, a network cut).
  // True when it did: the session, and every lock it held, is a new one.
  bool open() const { return PQstatus(conn_) == CONNECTION_OK; }

  bool ensure_open() {
    if (open()) return false;
    PQreset(conn_);
    prepared_.clear();
    if (PQstatus(conn_) != CONNECTION_OK)
      throw StoreError("the database at " + redacted_url(url_) +
                       " is unreachable: " + first_line(PQerrorMessage(conn_)));
    session_settings();
    return true;
  }

  void exec(const char* sql) { check(PQexec(conn_, sql), sql); }
  // Ends a transaction that already failed: the first error says what went
  // wrong, and a connection that is gone took its transaction with it.
  void rollback_quietly() noexcept {
    try {
      exec("ROLLBACK");
    } catch (const StoreError& e) {
      (void)e;
    }
  }

  // `name`: prepare once and reuse; null: a one-off statement.
  PgResult run(const char* name, const char* sql, std::initializer_list<Param> params) {
    constexpr std::size_t kMaxParams = 16;
    assert(params.size() <= kMaxParams);
    const char* values[kMaxParams] = {};
    int count = 0;
    for (const auto& param : params) values[count++] = param ? param->c_str() : nullptr;
    if (!name) return check(PQexecParams(conn_, sql, count, nullptr, values, nullptr, nullptr, 0), sql);
    if (!prepared_.contains(name)) {
      check(PQprepare(conn_, name, sql, count, nullptr), sql);
      prepared_.insert(name);
    }
    return check(PQexecPrepared(conn_, name, count, values, nullptr, nullptr, 0), sql);
  }

 private:
  void connect() {
    // The URI may set any of these itself: it comes after them and wins.
    const char* keywords[] = {"application_name", "connect_timeout", "dbname", nullptr};
    const char* values[] = {"bellwether", "5", url_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, 1);
    if (PQstatus(conn_) != CONNECTION_OK) {
      std::string message = first_line(PQerrorMessage(conn_));
      PQfinish(conn_);
      conn_ = nullptr;
      throw StoreError("cannot connect to the database at " + redacted_url(url_) + ": " + message);
    }
    session_settings();
  }

  void session_settings() {
    // Normal: the commit is in PostgreSQL's memory, so it survives this
    // server's crash but perhaps not the database's.
    exec(sync_ == StoreSync::Full ? "SET synchronous_commit = on" : "SET synchronous_commit = off");
    exec("SET client_min_messages = warning");
  }

  PgResult check(PGresult* raw, std::string_view sql) {
    PgResult result(raw);
    auto status = PQresultStatus(raw);
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
    std::string message = raw ? first_line(PQresultErrorMessage(raw)) : first_line(PQerrorMessage(conn_));
    throw StoreError("database: " + message + " (in: " + std::string(sql.substr(0, 60)) + ")");
  }

  std::string url_;
  StoreSync sync_;
  PGconn* conn_ = nullptr;
  std::set<std::string, std::less<>> prepared_;
};

std::string number(std::int64_t value) { return std::to_string(value); }

// Each step takes the schema from version i to i + 1 (the same tables as
// SQLite's version 3; PostgreSQL starts there).
const char* const kMigrations[] = {
    ("CREATE TABLE tables(id text PRIMARY KEY, game text NOT NULL, params text NOT NULL, seed text NOT NULL,"
     " players text NOT NULL, names text NOT NULL, public smallint NOT NULL, hotseat smallint NOT NULL,"
     " created bigint NOT NULL, finished smallint NOT NULL DEFAULT 0, time_control text NOT NULL DEFAULT '{}');"
     "CREATE INDEX tables_unfinished ON tables(finished, created);"
     "CREATE TABLE actions(table_id text NOT NULL, idx bigint NOT NULL, action text NOT NULL, at_ms bigint,"
     " clocks text, PRIMARY KEY(table_id, idx));"
     "CREATE TABLE tokens(hash text PRIMARY KEY, table_id text NOT NULL, seats bigint NOT NULL);"
     "CREATE INDEX tokens_by_table ON tokens(table_id);"
     "CREATE TABLE chat(table_id text NOT NULL, idx bigint NOT NULL, seat integer NOT NULL, text text NOT NULL,"
     " at_ms bigint NOT NULL, PRIMARY KEY(table_id, idx));"
     "CREATE TABLE server_state(key text PRIMARY KEY, value bigint NOT NULL);"),
    // Several nodes: each one's address and the database session that holds its leases.
    ("CREATE TABLE bellwether_nodes(name text PRIMARY KEY, url text NOT NULL, pid integer NOT NULL,"
     " joined_ms bigint NOT NULL);"),
    "ALTER TABLE tables ADD COLUMN clock_resumed_ms bigint NOT NULL DEFAULT 0;",
    // The name a chat line was sent under (older lines have none).
    "ALTER TABLE chat ADD COLUMN name text;",
    // Accounts and their sessions (SQLite's schema 6).
    ("CREATE TABLE accounts(id text PRIMARY KEY, name text NOT NULL, name_key text NOT NULL UNIQUE,"
     " password_hash text NOT NULL, created_ms bigint NOT NULL);"
     "CREATE TABLE sessions(id text PRIMARY KEY, secret_hash text NOT NULL UNIQUE, account_id text NOT NULL,"
     " created_ms bigint NOT NULL, seen_ms bigint NOT NULL, expires_ms bigint NOT NULL, agent text NOT NULL);"
     "CREATE INDEX sessions_by_account ON sessions(account_id);"
     "CREATE INDEX sessions_by_expiry ON sessions(expires_ms);"),
    // Seats bound to accounts, rated tables, ratings and their history (SQLite's schema 7).
    ("CREATE TABLE seat_accounts(table_id text NOT NULL, seat integer NOT NULL, account_id text NOT NULL,"
     " PRIMARY KEY(table_id, seat));"
     "CREATE INDEX seat_accounts_by_account ON seat_accounts(account_id, table_id);"
     "ALTER TABLE tables ADD COLUMN rated smallint NOT NULL DEFAULT 0;"
     "CREATE TABLE ratings(account_id text NOT NULL, game text NOT NULL, mu double precision NOT NULL,"
     " sigma double precision NOT NULL, games integer NOT NULL, updated_ms bigint NOT NULL,"
     " PRIMARY KEY(account_id, game));"
     "CREATE INDEX ratings_by_game ON ratings(game);"
     "CREATE TABLE rating_history(account_id text NOT NULL, table_id text NOT NULL, game text NOT NULL,"
     " at_ms bigint NOT NULL, mu double precision NOT NULL, sigma double precision NOT NULL, rank integer NOT NULL,"
     " players integer NOT NULL, PRIMARY KEY(account_id, table_id));"),
    // Open seats, Play now's queue, who is online (SQLite's schema 8).
    ("ALTER TABLE tables ADD COLUMN open_seats bigint NOT NULL DEFAULT 0;"
     "CREATE TABLE queue(account_id text PRIMARY KEY, game text NOT NULL, players integer NOT NULL,"
     " time_control text NOT NULL, bots_after_ms bigint NOT NULL, bot text NOT NULL, mu double precision NOT NULL,"
     " since_ms bigint NOT NULL, seen_ms bigint NOT NULL, table_id text NOT NULL DEFAULT '',"
     " seat integer NOT NULL DEFAULT -1);"
     "CREATE TABLE presence(account_id text PRIMARY KEY, seen_ms bigint NOT NULL);"
     "CREATE INDEX presence_by_time ON presence(seen_ms);"),
    // Post-game analyses (SQLite's schema 9).
    "CREATE TABLE analyses(table_id text PRIMARY KEY, body text NOT NULL, at_ms bigint NOT NULL);",
    // Balance-lab reports (SQLite's schema 10).
    "CREATE TABLE lab_reports(id text PRIMARY KEY, body text NOT NULL, at_ms bigint NOT NULL);",
};
constexpr int kPostgresSchemaVersion = static_cast<int>(std::size(kMigrations));

// Several nodes may start at once: the first to take this lock migrates,
// the others wait and then find nothing to do.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7291053418)";

void migrate(PgConnection& db, const std::string& url) {
  db.exec("BEGIN");
  try {
    db.exec(kMigrationLock);
    db.exec("CREATE TABLE IF NOT EXISTS bellwether_schema(version integer NOT NULL)");
    auto found = db.run(nullptr, "SELECT version FROM bellwether_schema", {});
    int version = 0;
    if (found.rows() == 0) db.exec("INSERT INTO bellwether_schema(version) VALUES(0)");
    else version = static_cast<int>(found.integer(0));
    if (version > kPostgresSchemaVersion)
      throw StoreError("the database at " + redacted_url(url) + " has schema version " + std::to_string(version) +
                       ", newer than this server's " + std::to_string(kPostgresSchemaVersion));
    for (; version < kPostgresSchemaVersion; ++version) db.exec(kMigrations[version]);
    db.run(nullptr, "UPDATE bellwether_schema SET version = $1", {number(version)});
    db.exec("COMMIT");
  } catch (...) {
    db.rollback_quietly();
    throw;
  }
}

const std::string kSelectTable = std::string("SELECT ") + kTableColumns + " FROM tables";

void read_children(PgConnection& db, StoredTable& table) {
  const std::string& id = table.row.id;
  auto actions =
      db.run("load_actions", "SELECT action, at_ms, clocks FROM actions WHERE table_id = $1 ORDER BY idx", {id});
  for (int i = 0; i < actions.rows(); ++i) table.actions.push_back(actions.at(i).text(0));
  if (actions.rows() > 0) {
    actions.at(actions.rows() - 1);
    table.clock.at_ms = actions.integer(1);
    if (!actions.null(2)) table.clock.left_ms = clocks_from_column(actions.text(2));
  }
  auto chat =
      db.run("load_chat", "SELECT idx, seat, text, at_ms, name FROM chat WHERE table_id = $1 ORDER BY idx", {id});
  for (int i = 0; i < chat.rows(); ++i) {
    chat.at(i);
    table.chat.push_back({static_cast<std::uint64_t>(chat.integer(0)), static_cast<int>(chat.integer(1)), chat.text(2),
                          chat.integer(3), chat.null(4) ? std::string() : chat.text(4)});
  }
  auto tokens = db.run("load_tokens", "SELECT hash, seats FROM tokens WHERE table_id = $1", {id});
  for (int i = 0; i < tokens.rows(); ++i) {
    tokens.at(i);
    table.tokens.push_back({tokens.text(0), id, static_cast<std::uint32_t>(tokens.integer(1))});
  }
  table.seat_accounts.assign(table.row.players.size(), "");
  auto bound = db.run("load_seat_accounts", "SELECT seat, account_id FROM seat_accounts WHERE table_id = $1", {id});
  for (int i = 0; i < bound.rows(); ++i) {
    bound.at(i);
    if (auto seat = static_cast<std::size_t>(bound.integer(0)); seat < table.seat_accounts.size())
      table.seat_accounts[seat] = bound.text(1);
  }
}

// A table's lease is a session-level advisory lock, keyed by a hash of its
// id, held by the node's writer session: PostgreSQL releases it when that
// session ends (the node stopped, crashed or lost its connection), and no
// other session can take it meanwhile. pg_locks shows a bigint key as two
// halves (classid, objid) with objsubid 1.
// The pg_locks row (`l`) of the lease of the table whose id is the SQL `id`.
std::string lease_lock(const std::string& id) {
  const std::string key = "hashtextextended(" + id + ", 0)";
  return "l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted"
         " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
         " AND l.classid = ((" +
         key + " >> 32) & 4294967295)::oid AND l.objid = (" + key + " & 4294967295)::oid";
}

// What the writer knows of the leases it holds (writer thread only).
struct Leases {
  std::optional<std::string> node, url;  // set once the server joined a cluster
  std::set<std::string, std::less<>> held;
  std::vector<std::string> lost;  // since the last lost_leases()

  bool clustered() const { return node.has_value(); }
};

// Takes a lease for this session; false when another session holds it.
bool take_lease(PgConnection& db, const std::string& table) {
  auto taken = db.run("take_lease", "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", {table});
  return taken.text(0) == "t";
}

void register_node(PgConnection& db, const Leases& leases) {
  const std::string& node = leases.node.value();
  const std::string& url = leases.url.value();
  // A node of the same name whose session is still open is a second server
  // started with the same --node: refused, or the two would hand out one address.
  auto running = db.run(nullptr,
                        "SELECT 1 FROM bellwether_nodes n JOIN pg_stat_activity a ON a.pid = n.pid"
                        " WHERE n.name = $1 AND a.pid <> pg_backend_pid()",
                        {node});
  if (running.rows() > 0) throw StoreError("a node named '" + node + "' is already running on this database");
  db.run(nullptr, "DELETE FROM bellwether_nodes WHERE name = $1 OR pid = pg_backend_pid()", {node});
  db.run(nullptr,
         "INSERT INTO bellwether_nodes(name, url, pid, joined_ms)"
         " VALUES($1, $2, pg_backend_pid(), (extract(epoch FROM clock_timestamp()) * 1000)::bigint)",
         {node, url});
}

// Applies one queued write on the writer's connection.
struct ApplyWrite {
  PgConnection& db;
  Leases& leases;

  // At a cluster, a table's writes commit only while this node holds its lease.
  void fence(const std::string& table) const {
    if (leases.clustered() && !leases.held.contains(table))
      throw StoreError("this node does not hold table " + table + "'s lease");
  }

  void operator()(const writes::CreateTable& write) const {
    const TableRow& row = write.row;
    // A new table's lease is free, unless its id's hash meets another table's.
    if (leases.clustered()) {
      if (!take_lease(db, row.id)) throw StoreError("table " + row.id + "'s lease is taken");
      leases.held.insert(row.id);
    }
    db.run("create_table",
           "INSERT INTO tables(id, game, params, seed, players, names, public, hotseat, created, time_control, rated,"
           " open_seats) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
           {row.id, row.game, params_column(row.params), std::to_string(row.seed), strings_column(row.players),
            strings_column(row.names), number(row.is_public), number(row.hotseat), number(row.created),
            time_control_column(row.time), number(row.rated), number(row.open_seats)});
    for (const auto& token : write.tokens)
      db.run("create_token", "INSERT INTO tokens(hash, table_id, seats) VALUES($1, $2, $3)",
             {token.hash, token.table, number(token.seats)});
    for (std::size_t seat = 0; seat < write.seat_accounts.size(); ++seat)
      if (!write.seat_accounts[seat].empty())
        (*this)(writes::BindSeat{row.id, static_cast<int>(seat), write.seat_accounts[seat]});
    // Another node's matchmaker (a lease changing hands) may have seated a
    // ticket meanwhile: its row lock makes this UPDATE wait, then find nothing.
    for (const auto& account : write.tickets) {
      auto at = std::find(write.seat_accounts.begin(), write.seat_accounts.end(), account);
      auto seated = db.run("seat_ticket",
                           "UPDATE queue SET table_id = $1, seat = $2, seen_ms = $3"
                           " WHERE account_id = $4 AND table_id = '' RETURNING account_id",
                           {row.id, number(at - write.seat_accounts.begin()), number(row.created * 1000), account});
      if (seated.rows() != 1) throw StoreError("a person seated at table " + row.id + " left the queue");
    }
  }
  void operator()(const writes::AppendAction& write) const {
    fence(write.table);
    Param at_ms, clocks;
    if (!write.clock.left_ms.empty()) {
      at_ms = number(write.clock.at_ms);
      clocks = clocks_column(write.clock.left_ms);
    }
    db.run("append_action", "INSERT INTO actions(table_id, idx, action, at_ms, clocks) VALUES($1, $2, $3, $4, $5)",
           {write.table, number(static_cast<std::int64_t>(write.index)), write.action, at_ms, clocks});
    if (write.ends_game) (*this)(writes::FinishTable{write.table});
    if (!write.rating.places.empty()) rate(write.table, write.rating);
  }
  // A rated game's end: its players' ratings and a line of their history, in the game's own transaction.
  void rate(const std::string& table, const GameRating& result) const {
    std::vector<RatingRow> before;
    for (const auto& place : result.places) {
      // FOR UPDATE: two nodes ending games of one player at once rate one after the other.
      auto found = db.run("rating_of",
                          "SELECT mu, sigma, games FROM ratings WHERE account_id = $1 AND game = $2"
                          " FOR UPDATE",
                          {place.account, result.game});
      RatingRow row{place.account, result.game, 0, 0, 0, 0, ""};
      if (found.rows() == 1) {
        row.mu = found.at(0).real(0);
        row.sigma = found.real(1);
        row.games = static_cast<int>(found.integer(2));
      }
      before.push_back(row);
    }
    const auto after = rated_or_none(result, before);
    for (std::size_t i = 0; i < after.size(); ++i) {
      const RatingRow& row = after[i];
      db.run("store_rating",
             "INSERT INTO ratings(account_id, game, mu, sigma, games, updated_ms) VALUES($1, $2, $3, $4, $5, $6)"
             " ON CONFLICT(account_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
             " games = excluded.games, updated_ms = excluded.updated_ms",
             {row.account, row.game, fmt::format("{}", row.mu), fmt::format("{}", row.sigma), number(row.games),
              number(row.updated_ms)});
      db.run("rating_history",
             "INSERT INTO rating_history(account_id, table_id, game, at_ms, mu, sigma, rank, players)"
             " VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
             {row.account, table, row.game, number(row.updated_ms), fmt::format("{}", row.mu),
              fmt::format("{}", row.sigma), number(result.places[i].rank),
              number(static_cast<std::int64_t>(after.size()))});
    }
  }
  void operator()(const writes::RenameSeats& write) const {
    fence(write.table);
    db.run("rename_seats", "UPDATE tables SET names = $1 WHERE id = $2", {strings_column(write.names), write.table});
  }
  void operator()(const writes::AppendChat& write) const {
    fence(write.table);
    db.run("append_chat", "INSERT INTO chat(table_id, idx, seat, text, at_ms, name) VALUES($1, $2, $3, $4, $5, $6)",
           {write.table, number(static_cast<std::int64_t>(write.line.index)), number(write.line.seat), write.line.text,
            number(write.line.at_ms), write.line.name});
  }
  void operator()(const writes::Heartbeat& write) const {
    db.run("heartbeat",
           "INSERT INTO server_state(key, value) VALUES('alive_ms', $1)"
           " ON CONFLICT(key) DO UPDATE SET value = GREATEST(server_state.value, excluded.value)",
           {number(write.now_ms)});
  }
  void operator()(const writes::FinishTable& write) const {
    fence(write.table);
    db.run("finish_table", "UPDATE tables SET finished = 1 WHERE id = $1", {write.table});
  }
  void operator()(const writes::ExpireTable& write) const {
    fence(write.table);
    db.run("expire_table", "UPDATE tables SET finished = 2 WHERE id = $1 AND finished = 0", {write.table});
  }
  void operator()(const writes::ResumeClock& write) const {
    fence(write.table);
    db.run("resume_clock", "UPDATE tables SET clock_resumed_ms = $1 WHERE id = $2",
           {number(write.resumed_ms), write.table});
  }
  void operator()(const writes::TruncateActions& write) const {
    fence(write.table);
    db.run("truncate_actions", "DELETE FROM actions WHERE table_id = $1 AND idx >= $2",
           {write.table, number(static_cast<std::int64_t>(write.keep))});
  }
  void operator()(const writes::CreateAccount& write) const {
    const AccountRow& account = write.account;
    auto inserted =
        db.run("create_account",
               "INSERT INTO accounts(id, name, name_key, password_hash, created_ms)"
               " VALUES($1, $2, $3, $4, $5) ON CONFLICT(name_key) DO NOTHING RETURNING id",
               {account.id, account.name, account.name_key, account.password_hash, number(account.created_ms)});
    const bool created = inserted.rows() == 1;
    write.created->store(created);
    if (created) (*this)(writes::CreateSession{write.session});
  }
  void operator()(const writes::CreateSession& write) const {
    const SessionRow& session = write.session;
    db.run("forget_sessions", "DELETE FROM sessions WHERE expires_ms <= $1", {number(session.created_ms)});
    static const std::string insert =
        std::string("INSERT INTO sessions(") + kSessionColumns + ") VALUES($1, $2, $3, $4, $5, $6, $7)";
    db.run("create_session", insert.c_str(),
           {session.id, session.secret_hash, session.account, number(session.created_ms), number(session.seen_ms),
            number(session.expires_ms), session.agent});
  }
  void operator()(const writes::RenewSession& write) const {
    db.run("renew_session", "UPDATE sessions SET seen_ms = $1, expires_ms = $2 WHERE id = $3",
           {number(write.seen_ms), number(write.expires_ms), write.id});
  }
  void operator()(const writes::EndSession& write) const {
    db.run("end_session", "DELETE FROM sessions WHERE account_id = $1 AND id = $2", {write.account, write.id});
  }
  void operator()(const writes::SetPassword& write) const {
    db.run("set_password", "UPDATE accounts SET password_hash = $1 WHERE id = $2",
           {write.password_hash, write.account});
    db.run("end_other_sessions", "DELETE FROM sessions WHERE account_id = $1 AND id <> $2",
           {write.account, write.keep});
  }
  void operator()(const writes::RehashPassword& write) const {
    db.run("rehash_password", "UPDATE accounts SET password_hash = $1 WHERE id = $2 AND password_hash = $3",
           {write.new_hash, write.account, write.old_hash});
  }
  void operator()(const writes::DeleteAccount& write) const {
    // Its seats keep their moves, not its name: each is called by its label, in the table and in the chat.
    auto bound = db.run("account_seats",
                        "SELECT s.table_id, s.seat, t.names FROM seat_accounts s JOIN tables t ON t.id = s.table_id"
                        " WHERE s.account_id = $1 ORDER BY s.table_id, s.seat",
                        {write.account});
    std::string table, names;
    auto flush = [&] {
      if (!table.empty()) db.run("anonymous_names", "UPDATE tables SET names = $1 WHERE id = $2", {names, table});
    };
    for (int i = 0; i < bound.rows(); ++i) {
      bound.at(i);
      if (bound.text(0) != table) {
        flush();
        table = bound.text(0);
        names = bound.text(2);
      }
      const std::int64_t seat = bound.integer(1);
      names = names_without(names, static_cast<int>(seat));
      db.run("anonymous_chat", "UPDATE chat SET name = $1 WHERE table_id = $2 AND seat = $3",
             {default_seat_name(static_cast<std::size_t>(seat)), table, number(seat)});
    }
    flush();
    db.run("unbind_seats", "DELETE FROM seat_accounts WHERE account_id = $1", {write.account});
    db.run("delete_ratings", "DELETE FROM ratings WHERE account_id = $1", {write.account});
    db.run("delete_rating_history", "DELETE FROM rating_history WHERE account_id = $1", {write.account});
    db.run("delete_sessions", "DELETE FROM sessions WHERE account_id = $1", {write.account});
    db.run("delete_ticket", "DELETE FROM queue WHERE account_id = $1", {write.account});
    db.run("delete_presence", "DELETE FROM presence WHERE account_id = $1", {write.account});
    db.run("delete_account", "DELETE FROM accounts WHERE id = $1", {write.account});
  }
  void operator()(const writes::BindSeat& write) const {
    fence(write.table);
    db.run("bind_seat",
           "INSERT INTO seat_accounts(table_id, seat, account_id) VALUES($1, $2, $3)"
           " ON CONFLICT(table_id, seat) DO NOTHING",
           {write.table, number(write.seat), write.account});
    if (write.was_open)
      db.run("seat_taken", "UPDATE tables SET open_seats = open_seats & ~$1::bigint WHERE id = $2",
             {number(std::int64_t{1} << write.seat), write.table});
  }
  void operator()(const writes::Enqueue& write) const {
    const TicketRow& t = write.ticket;
    db.run("enqueue",
           "INSERT INTO queue(account_id, game, players, time_control, bots_after_ms, bot, mu, since_ms, seen_ms,"
           " table_id, seat) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, '', -1) ON CONFLICT(account_id) DO UPDATE SET"
           " game = excluded.game, players = excluded.players, time_control = excluded.time_control,"
           " bots_after_ms = excluded.bots_after_ms, bot = excluded.bot, mu = excluded.mu,"
           " since_ms = excluded.since_ms, seen_ms = excluded.seen_ms, table_id = '', seat = -1",
           {t.account, t.game, number(t.players), t.time, number(t.bots_after_ms), t.bot, fmt::format("{}", t.mu),
            number(t.since_ms), number(t.seen_ms)});
  }
  void operator()(const writes::SeeTicket& write) const {
    db.run("see_ticket", "UPDATE queue SET seen_ms = greatest(seen_ms, $1) WHERE account_id = $2 AND table_id = ''",
           {number(write.seen_ms), write.account});
  }
  void operator()(const writes::LeaveQueue& write) const {
    db.run("leave_queue", "DELETE FROM queue WHERE account_id = $1 AND table_id = ''", {write.account});
  }
  void operator()(const writes::ForgetTickets& write) const {
    db.run("forget_tickets",
           "DELETE FROM queue WHERE (table_id = '' AND seen_ms < $1) OR (table_id <> '' AND seen_ms < $2)",
           {number(write.unseen_since_ms), number(write.seated_before_ms)});
  }
  void operator()(const writes::SeePeople& write) const {
    for (const auto& account : write.accounts)
      db.run("see_person",
             "INSERT INTO presence(account_id, seen_ms) VALUES($1, $2)"
             " ON CONFLICT(account_id) DO UPDATE SET seen_ms = greatest(presence.seen_ms, excluded.seen_ms)",
             {account, number(write.now_ms)});
    db.run("forget_people", "DELETE FROM presence WHERE seen_ms < $1", {number(write.now_ms - kForgetPresenceAfterMs)});
  }
  // Any node may store a finished table's analysis: it holds no lease on a finished table.
  void operator()(const writes::SaveAnalysis& write) const {
    db.run("save_analysis",
           "INSERT INTO analyses(table_id, body, at_ms) VALUES($1, $2, $3)"
           " ON CONFLICT(table_id) DO UPDATE SET body = excluded.body, at_ms = excluded.at_ms",
           {write.table, write.body, number(write.at_ms)});
  }
  void operator()(const writes::SaveLabReport& write) const {
    db.run("save_lab_report", "INSERT INTO lab_reports(id, body, at_ms) VALUES($1, $2, $3)",
           {write.id, write.body, number(write.at_ms)});
  }
  void operator()(const writes::JoinCluster& write) const {
    leases.node = write.node;
    leases.url = write.url;
    register_node(db, leases);
  }
  void operator()(const writes::Claim& write) const {
    bool granted = leases.held.contains(write.table) || take_lease(db, write.table);
    if (granted) leases.held.insert(write.table);
    write.granted->store(granted);
  }
  void operator()(const writes::Release& write) const {
    if (leases.held.erase(write.table) == 0) return;
    db.run("release_lease", "SELECT pg_advisory_unlock(hashtextextended($1, 0))", {write.table});
  }
};

class PostgresStore final : public StoreBackend {
 public:
  PostgresStore(const std::string& url, StoreSync sync) : writer_(url, sync), reader_(url, sync) {
    migrate(writer_, url);
  }

  void begin() override {
    if (!writer_.open() && leases_.clustered()) {
      // The session that held the leases ended with its connection, and
      // PostgreSQL released its locks: another node may run those tables
      // already. They are told lost now, not once a reconnect succeeds (the
      // database may be down for seconds, and this node would serve stale
      // tables meanwhile).
      leases_.lost.insert(leases_.lost.end(), leases_.held.begin(), leases_.held.end());
      leases_.held.clear();
    }
    if (writer_.ensure_open() && leases_.clustered()) register_node(writer_, leases_);  // a new session
    writer_.exec("BEGIN");
  }
  void apply(const StoreWrite& write) override { std::visit(ApplyWrite{writer_, leases_}, write); }
  std::vector<std::string> lost_leases() override { return std::exchange(leases_.lost, {}); }
  void commit() override { writer_.exec("COMMIT"); }
  void rollback() noexcept override { writer_.rollback_quietly(); }

  // Reads share one connection; a read on a connection the server closed reconnects first.
  template <class Read>
  auto read(Read&& body) {
    std::lock_guard lock(reader_mutex_);
    reader_.ensure_open();
    return body();
  }

  std::vector<StoredTable> load_unfinished() override {
    return read([&] {
      std::vector<StoredTable> tables;
      auto rows = reader_.run(nullptr, (kSelectTable + " WHERE finished = 0 ORDER BY created, id").c_str(), {});
      tables.resize(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i) tables[static_cast<std::size_t>(i)].row = table_row_from(rows.at(i));
      for (auto& table : tables) read_children(reader_, table);
      return tables;
    });
  }

  std::optional<StoredTable> load_table(const std::string& id) override {
    return read([&]() -> std::optional<StoredTable> {
      auto rows = reader_.run("load_table", (kSelectTable + " WHERE id = $1").c_str(), {id});
      if (rows.rows() == 0) return std::nullopt;
      StoredTable table;
      table.row = table_row_from(rows.at(0));
      read_children(reader_, table);
      return table;
    });
  }

  std::vector<std::string> unowned_tables(std::size_t limit) override {
    static const std::string sql =
        "SELECT id FROM tables t WHERE finished = 0 AND NOT EXISTS (SELECT 1 FROM pg_locks l"
        " WHERE " +
        lease_lock("t.id") + ") ORDER BY created, id LIMIT $1";
    return read([&] {
      auto rows = reader_.run("unowned_tables", sql.c_str(), {number(static_cast<std::int64_t>(limit))});
      std::vector<std::string> ids(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i) ids[static_cast<std::size_t>(i)] = rows.at(i).text(0);
      return ids;
    });
  }

  std::optional<std::string> owner_url(const std::string& table) override {
    static const std::string sql =
        "SELECT n.url FROM pg_locks l JOIN bellwether_nodes n ON n.pid = l.pid WHERE " + lease_lock("$1") + " LIMIT 1";
    return read([&]() -> std::optional<std::string> {
      auto rows = reader_.run("owner_url", sql.c_str(), {table});
      if (rows.rows() == 0) return std::nullopt;
      return rows.text(0);
    });
  }

  std::vector<ListedTable> public_tables(std::size_t limit) override {
    static const std::string counted = std::string("SELECT ") + kTableColumns +
                                       ", (SELECT count(*) FROM actions a WHERE a.table_id = t.id) FROM tables t"
                                       " WHERE finished = 0 AND public = 1 ORDER BY created DESC, id LIMIT $1";
    return read([&] {
      auto rows = reader_.run("public_tables", counted.c_str(), {number(static_cast<std::int64_t>(limit))});
      std::vector<ListedTable> tables(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i) {
        auto& listed = tables[static_cast<std::size_t>(i)];
        listed.row = table_row_from(rows.at(i));
        listed.actions = static_cast<std::uint64_t>(rows.integer(kTableColumnCount));
      }
      return tables;
    });
  }

  std::optional<std::string> analysis_of(const std::string& table) override {
    return read([&]() -> std::optional<std::string> {
      auto rows = reader_.run("analysis_of", "SELECT body FROM analyses WHERE table_id = $1", {table});
      if (!rows.rows()) return std::nullopt;
      return rows.text(0);
    });
  }

  std::optional<std::string> lab_report_of(const std::string& id) override {
    return read([&]() -> std::optional<std::string> {
      auto rows = reader_.run("lab_report_of", "SELECT body FROM lab_reports WHERE id = $1", {id});
      if (!rows.rows()) return std::nullopt;
      return rows.text(0);
    });
  }

  std::int64_t alive_ms() override {
    return read([&] {
      auto rows = reader_.run(nullptr, "SELECT value FROM server_state WHERE key = 'alive_ms'", {});
      return rows.rows() ? rows.integer(0) : std::int64_t{0};
    });
  }

  std::optional<AccountRow> account_by_key(const std::string& name_key) override {
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE name_key = $1";
    return account_where("account_by_key", sql, name_key);
  }
  std::optional<AccountRow> account_by_id(const std::string& id) override {
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = $1";
    return account_where("account_by_id", sql, id);
  }

  std::optional<SessionRow> session_by_secret(const std::string& secret_hash) override {
    static const std::string sql = std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE secret_hash = $1";
    return read([&]() -> std::optional<SessionRow> {
      auto rows = reader_.run("session_by_secret", sql.c_str(), {secret_hash});
      if (rows.rows() == 0) return std::nullopt;
      return session_row_from(rows.at(0));
    });
  }

  std::vector<SessionRow> sessions_of(const std::string& account) override {
    static const std::string sql =
        std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE account_id = $1 ORDER BY created_ms, id";
    return read([&] {
      auto rows = reader_.run("sessions_of", sql.c_str(), {account});
      std::vector<SessionRow> sessions;
      sessions.reserve(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i) sessions.push_back(session_row_from(rows.at(i)));
      return sessions;
    });
  }

  std::vector<AccountSeat> seats_of(const std::string& account, std::size_t limit) override {
    static const std::string sql = std::string("SELECT ") + kTableColumns +
                                   ", s.seat, (SELECT count(*) FROM actions a WHERE a.table_id = t.id)"
                                   " FROM seat_accounts s JOIN tables t ON t.id = s.table_id"
                                   " WHERE s.account_id = $1 ORDER BY t.created DESC, t.id LIMIT $2";
    return read([&] {
      auto rows = reader_.run("seats_of", sql.c_str(), {account, number(static_cast<std::int64_t>(limit))});
      std::vector<AccountSeat> seats;
      seats.reserve(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i)
        seats.push_back({table_row_from(rows.at(i)), static_cast<int>(rows.integer(kTableColumnCount)),
                         static_cast<std::uint64_t>(rows.integer(kTableColumnCount + 1))});
      return seats;
    });
  }

  std::vector<RatingRow> ratings_of(const std::string& account) override {
    return read([&] {
      auto rows = reader_.run("ratings_of",
                              "SELECT game, mu, sigma, games, updated_ms FROM ratings WHERE account_id = $1"
                              " ORDER BY game",
                              {account});
      std::vector<RatingRow> ratings;
      for (int i = 0; i < rows.rows(); ++i) {
        rows.at(i);
        ratings.push_back({account, rows.text(0), rows.real(1), rows.real(2), static_cast<int>(rows.integer(3)),
                           rows.integer(4), ""});
      }
      return ratings;
    });
  }

  std::vector<RatingEvent> rating_history(const std::string& account, std::size_t limit) override {
    return read([&] {
      auto rows = reader_.run("rating_history_of",
                              "SELECT table_id, game, at_ms, mu, sigma, rank, players FROM rating_history"
                              " WHERE account_id = $1 ORDER BY at_ms DESC, table_id LIMIT $2",
                              {account, number(static_cast<std::int64_t>(limit))});
      std::vector<RatingEvent> events;
      for (int i = 0; i < rows.rows(); ++i) {
        rows.at(i);
        events.push_back({rows.text(0), rows.text(1), rows.integer(2), rows.real(3), rows.real(4),
                          static_cast<int>(rows.integer(5)), static_cast<int>(rows.integer(6))});
      }
      return events;
    });
  }

  std::vector<RatingRow> leaderboard(const std::string& game, int min_games, double max_sigma,
                                     std::size_t limit) override {
    return read([&] {
      auto rows = reader_.run(
          "leaderboard",
          "SELECT r.account_id, r.mu, r.sigma, r.games, r.updated_ms, a.name FROM ratings r"
          " JOIN accounts a ON a.id = r.account_id"
          " WHERE r.game = $1 AND r.games >= $2 AND r.sigma <= $3"
          " ORDER BY r.mu - 3 * r.sigma DESC, a.name_key LIMIT $4",
          {game, number(min_games), fmt::format("{}", max_sigma), number(static_cast<std::int64_t>(limit))});
      std::vector<RatingRow> board;
      for (int i = 0; i < rows.rows(); ++i) {
        rows.at(i);
        board.push_back({rows.text(0), game, rows.real(1), rows.real(2), static_cast<int>(rows.integer(3)),
                         rows.integer(4), rows.text(5)});
      }
      return board;
    });
  }

  std::vector<TicketRow> waiting_tickets() override {
    static const std::string sql = std::string("SELECT ") + kTicketColumns +
                                   " FROM queue q JOIN accounts a ON a.id = q.account_id"
                                   " WHERE q.table_id = '' ORDER BY q.since_ms, q.account_id";
    return read([&] {
      auto rows = reader_.run("waiting_tickets", sql.c_str(), {});
      std::vector<TicketRow> tickets;
      tickets.reserve(static_cast<std::size_t>(rows.rows()));
      for (int i = 0; i < rows.rows(); ++i) tickets.push_back(ticket_row_from(rows.at(i)));
      return tickets;
    });
  }

  std::optional<TicketRow> ticket_of(const std::string& account) override {
    static const std::string sql = std::string("SELECT ") + kTicketColumns +
                                   " FROM queue q JOIN accounts a ON a.id = q.account_id WHERE q.account_id = $1";
    return read([&]() -> std::optional<TicketRow> {
      auto rows = reader_.run("ticket_of", sql.c_str(), {account});
      if (rows.rows() == 0) return std::nullopt;
      return ticket_row_from(rows.at(0));
    });
  }

  OnlinePeople online(std::int64_t since_ms, std::size_t limit) override {
    return read([&] {
      OnlinePeople people;
      auto count = reader_.run("online_count", "SELECT count(*) FROM presence WHERE seen_ms >= $1", {number(since_ms)});
      if (count.rows() == 1) people.count = static_cast<std::size_t>(count.at(0).integer(0));
      auto names = reader_.run("online_names",
                               "SELECT a.name FROM presence p JOIN accounts a ON a.id = p.account_id"
                               " WHERE p.seen_ms >= $1 ORDER BY p.seen_ms DESC, a.name_key LIMIT $2",
                               {number(since_ms), number(static_cast<std::int64_t>(limit))});
      for (int i = 0; i < names.rows(); ++i) people.names.push_back(names.at(i).text(0));
      return people;
    });
  }

 private:
  std::optional<AccountRow> account_where(const char* name, const std::string& sql, const std::string& value) {
    return read([&]() -> std::optional<AccountRow> {
      auto rows = reader_.run(name, sql.c_str(), {value});
      if (rows.rows() == 0) return std::nullopt;
      return account_row_from(rows.at(0));
    });
  }

  PgConnection writer_;
  Leases leases_;  // the writer's
  PgConnection reader_;
  std::mutex reader_mutex_;
};

}  // namespace

std::unique_ptr<StoreBackend> open_postgres_store(const std::string& url, StoreSync sync) {
  return std::make_unique<PostgresStore>(url, sync);
}

}  // namespace bw::server
