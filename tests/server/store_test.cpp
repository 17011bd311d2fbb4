// The store's contract, one suite for every back end: SQLite (a file in a
// temporary directory) and PostgreSQL (a schema of its own per test in the
// database ctest's "postgres" fixture starts; skipped, saying why, when
// PostgreSQL is not installed).
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <random>
#include <thread>

#include "server/errors.hpp"
#include "server/store/store.hpp"

namespace bw::server {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  return text;
}

// Runs one statement on a connection of its own (for setting up and breaking things).
void postgres_exec(const std::string& url, const std::string& sql) {
  PGconn* conn = PQconnectdb(url.c_str());
  ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
  PQclear(PQexec(conn, "SET client_min_messages = warning"));
  PGresult* result = PQexec(conn, sql.c_str());
  EXPECT_TRUE(PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK)
      << PQresultErrorMessage(result);
  PQclear(result);
  PQfinish(conn);
}

std::string unique_name() {
  static std::atomic<int> counter{0};
  std::random_device seed;
  return "t" + std::to_string(seed() % 1000000) + "_" + std::to_string(counter++);
}

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "sqlite") {
      directory_ = std::filesystem::temp_directory_path() / ("bellwether-store-" + unique_name());
      std::filesystem::create_directories(directory_);
      location_ = (directory_ / "tables.db").string();
      return;
    }
    const char* file = std::getenv("BELLWETHER_TEST_POSTGRES");
    if (!file) GTEST_SKIP() << "BELLWETHER_TEST_POSTGRES is not set (ctest sets it)";
    std::string url = read_file(std::string(file) + "/url");
    if (url.empty()) GTEST_SKIP() << "no PostgreSQL: " << read_file(std::string(file) + "/skipped");
    // A schema per test: the tests of one run share the database and never see each other's tables.
    schema_ = unique_name();
    server_url_ = url;
    postgres_exec(url, "CREATE SCHEMA " + schema_);
    location_ = url + "?options=-csearch_path%3D" + schema_;
  }
  void TearDown() override {
    if (!directory_.empty()) std::filesystem::remove_all(directory_);
    if (!schema_.empty()) postgres_exec(server_url_, "DROP SCHEMA " + schema_ + " CASCADE");
  }

  bool postgres() const { return GetParam() == "postgres"; }

  std::string location_;
  std::filesystem::path directory_;
  std::string schema_, server_url_;
};

// Waits for a write's callback; returns its error ("" when it succeeded).
struct Outcome {
  std::promise<std::string> promise;
  std::future<std::string> future = promise.get_future();
  Store::Done done() {
    return [this](bool ok, const std::string& error) { promise.set_value(ok ? std::string() : error); };
  }
  std::string get() { return future.get(); }
};

TableRow sample_row(const std::string& id) {
  TableRow row;
  row.id = id;
  row.game = "bye-bye";
  row.params = {{"players", "3"}, {"advanced", "true"}};
  row.seed = 18446744073709551615ULL;  // the largest seed: stored exactly, not as a float or a signed number
  row.players = {"human", "human", "heuristic"};
  row.names = {"Ann", "Bo \"the\" Sheep <b>", "Bot 3"};
  row.is_public = true;
  row.hotseat = false;
  row.created = 1795000000;
  row.time.mode = TimeControl::Mode::Clock;
  row.time.base_ms = 300000;
  row.time.increment_ms = 5000;
  row.time.away_ms = 30000;
  row.time.stand_in = "hard";
  return row;
}

void create(Store& store, const TableRow& row, std::vector<TokenRow> tokens = {}) {
  Outcome created;
  store.create_table(row, tokens, created.done());
  ASSERT_EQ(created.get(), "");
}

void act(Store& store, const std::string& table, std::uint64_t index, const std::string& action, bool ends = false,
         ActionClock clock = {}) {
  Outcome stored;
  store.append_action(table, index, action, ends, std::move(clock), stored.done());
  ASSERT_EQ(stored.get(), "");
}

TEST_P(StoreTest, TableRowsComeBackAsStored) {
  Store store(location_);
  TableRow row = sample_row("abc");
  create(store, row, {{"hash-seat-0", "abc", 1}, {"hash-spectator", "abc", 0}, {"hash-seats", "abc", 6}});
  auto loaded = store.load_table("abc");
  ASSERT_TRUE(loaded);
  const TableRow& back = loaded->row;
  EXPECT_EQ(back.id, "abc");
  EXPECT_EQ(back.game, row.game);
  EXPECT_EQ(back.params, row.params);
  EXPECT_EQ(back.seed, row.seed);
  EXPECT_EQ(back.players, row.players);
  EXPECT_EQ(back.names, row.names);
  EXPECT_TRUE(back.is_public);
  EXPECT_FALSE(back.hotseat);
  EXPECT_EQ(back.created, row.created);
  EXPECT_FALSE(back.finished);
  EXPECT_EQ(back.time.mode, TimeControl::Mode::Clock);
  EXPECT_EQ(back.time.base_ms, 300000);
  EXPECT_EQ(back.time.increment_ms, 5000);
  EXPECT_EQ(back.time.away_ms, 30000);
  EXPECT_EQ(back.time.stand_in, "hard");
  ASSERT_EQ(loaded->tokens.size(), 3u);
  std::map<std::string, std::uint32_t> seats;
  for (const auto& token : loaded->tokens) seats[token.hash] = token.seats;
  EXPECT_EQ(seats["hash-seat-0"], 1u);
  EXPECT_EQ(seats["hash-spectator"], 0u);
  EXPECT_EQ(seats["hash-seats"], 6u);
  EXPECT_FALSE(store.load_table("nope"));
}

TEST_P(StoreTest, ActionsKeepTheirOrderAndTheLastClock) {
  Store store(location_);
  create(store, sample_row("t1"));
  act(store, "t1", 0, "draw");
  act(store, "t1", 1, "play Sheep 3", false, {1795000001000, {299000, 300000, 300000}});
  act(store, "t1", 2, "pass", false, {1795000002500, {299000, 298500, 300000}});
  auto loaded = store.load_table("t1");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->actions, (std::vector<std::string>{"draw", "play Sheep 3", "pass"}));
  EXPECT_EQ(loaded->clock.at_ms, 1795000002500);
  EXPECT_EQ(loaded->clock.left_ms, (std::vector<std::int64_t>{299000, 298500, 300000}));

  // A table without clocks stores none.
  create(store, sample_row("t2"));
  act(store, "t2", 0, "draw");
  EXPECT_TRUE(store.load_table("t2")->clock.left_ms.empty());
}

TEST_P(StoreTest, TheLastActionFinishesTheTableInTheSameWrite) {
  Store store(location_);
  create(store, sample_row("running"));
  create(store, sample_row("ending"));
  act(store, "ending", 0, "draw");
  act(store, "ending", 1, "score", true);
  auto unfinished = store.load_unfinished();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].row.id, "running");
  EXPECT_TRUE(store.load_table("ending")->row.finished);
  EXPECT_FALSE(store.load_table("ending")->row.expired);
}

TEST_P(StoreTest, OnlyARunningTableExpires) {
  Store store(location_);
  create(store, sample_row("idle"));
  create(store, sample_row("done"));
  Outcome finished, expired, expired_done;
  store.finish_table("done", finished.done());
  ASSERT_EQ(finished.get(), "");
  store.expire_table("idle", expired.done());
  store.expire_table("done", expired_done.done());
  ASSERT_EQ(expired.get(), "");
  ASSERT_EQ(expired_done.get(), "");
  EXPECT_TRUE(store.load_table("idle")->row.expired);
  EXPECT_TRUE(store.load_table("idle")->row.finished);
  EXPECT_FALSE(store.load_table("done")->row.expired);
  EXPECT_TRUE(store.load_unfinished().empty());
}

TEST_P(StoreTest, UndoForgetsTheActionsFromAnIndexOn) {
  Store store(location_);
  create(store, sample_row("u"));
  for (std::uint64_t i = 0; i < 5; ++i) act(store, "u", i, "a" + std::to_string(i));
  Outcome truncated;
  store.truncate_actions("u", 2, truncated.done());
  ASSERT_EQ(truncated.get(), "");
  EXPECT_EQ(store.load_table("u")->actions, (std::vector<std::string>{"a0", "a1"}));
  act(store, "u", 2, "again");  // the freed index can be used again
  EXPECT_EQ(store.load_table("u")->actions.back(), "again");
}

TEST_P(StoreTest, NamesAndChatAreStored) {
  Store store(location_);
  create(store, sample_row("c"));
  Outcome renamed, first, second;
  store.rename_seats("c", {"Ann", "Bob", "Cy"}, renamed.done());
  store.append_chat("c", {0, 1, "hello <script>", 1795000000100, "Bob"}, first.done());
  store.append_chat("c", {1, 0, "é ✓ 🐑", 1795000000200, "Аnn ✓"}, second.done());
  ASSERT_EQ(renamed.get(), "");
  ASSERT_EQ(first.get(), "");
  ASSERT_EQ(second.get(), "");
  auto loaded = store.load_table("c");
  EXPECT_EQ(loaded->row.names, (std::vector<std::string>{"Ann", "Bob", "Cy"}));
  ASSERT_EQ(loaded->chat.size(), 2u);
  EXPECT_EQ(loaded->chat[0].seat, 1);
  EXPECT_EQ(loaded->chat[0].text, "hello <script>");
  EXPECT_EQ(loaded->chat[1].text, "é ✓ 🐑");
  EXPECT_EQ(loaded->chat[1].at_ms, 1795000000200);
  EXPECT_EQ(loaded->chat[0].name, "Bob") << "a line keeps the name it was sent under";
  EXPECT_EQ(loaded->chat[1].name, "Аnn ✓");
}

// A finished table's analysis: none until saved, then the last one saved, after a reopen too.
TEST_P(StoreTest, AnAnalysisIsKeptWithItsTable) {
  {
    Store store(location_);
    create(store, sample_row("judged"));
    EXPECT_EQ(store.analysis_of("judged"), std::nullopt);
    Outcome first, second;
    store.save_analysis("judged", R"({"decisions":[]})", 1795000000000, first.done());
    ASSERT_EQ(first.get(), "");
    store.save_analysis("judged", R"({"decisions":[1]})", 1795000000100, second.done());
    ASSERT_EQ(second.get(), "");
  }
  Store store(location_);
  EXPECT_EQ(store.analysis_of("judged"), R"({"decisions":[1]})");
  EXPECT_EQ(store.analysis_of("other"), std::nullopt);
}

// A balance-lab report: none until saved, then there for good (its permalink), after a reopen too.
TEST_P(StoreTest, ALabReportIsKeptUnderItsId) {
  {
    Store store(location_);
    EXPECT_EQ(store.lab_report_of("0123456789ab"), std::nullopt);
    Outcome saved;
    store.save_lab_report("0123456789ab", R"({"status":"done"})", 1795000000000, saved.done());
    ASSERT_EQ(saved.get(), "");
  }
  Store store(location_);
  EXPECT_EQ(store.lab_report_of("0123456789ab"), R"({"status":"done"})");
  EXPECT_EQ(store.lab_report_of("ba9876543210"), std::nullopt);
}

// A database from before lines kept their name (SQLite's schema 4, PostgreSQL's
// 3) is migrated on open; its lines come back without one (the table shows the seat's).
TEST_P(StoreTest, ChatLinesFromBeforeNamesWereKeptComeBackNameless) {
  {
    Store store(location_);
    create(store, sample_row("old"));
    Outcome said;
    store.append_chat("old", {0, 1, "hi", 1795000000100, "Bob"}, said.done());
    ASSERT_EQ(said.get(), "");
  }
  if (postgres()) {
    // A database of schema 3 had neither chat names nor what schemas 5 to 9 added (accounts, seats, ratings,
    // open seats, Play now's queue, who is online, analyses, lab reports).
    for (const char* table : {"accounts", "sessions", "seat_accounts", "ratings", "rating_history", "queue", "presence",
                              "analyses", "lab_reports"})
      postgres_exec(server_url_, "DROP TABLE " + schema_ + "." + table);
    postgres_exec(server_url_, "ALTER TABLE " + schema_ + ".tables DROP COLUMN rated");
    postgres_exec(server_url_, "ALTER TABLE " + schema_ + ".tables DROP COLUMN open_seats");
    postgres_exec(server_url_, "ALTER TABLE " + schema_ + ".chat DROP COLUMN name");
    postgres_exec(server_url_, "UPDATE " + schema_ + ".bellwether_schema SET version = 3");
  } else {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(location_.c_str(), &db), SQLITE_OK);
    // A file of schema 4 had neither chat names nor what schemas 6 to 10 added (accounts, seats, ratings,
    // open seats, Play now's queue, who is online, analyses, lab reports).
    ASSERT_EQ(sqlite3_exec(db,
                           "DROP TABLE accounts; DROP TABLE sessions; DROP TABLE seat_accounts; DROP TABLE ratings;"
                           " DROP TABLE rating_history; ALTER TABLE tables DROP COLUMN rated;"
                           " DROP TABLE queue; DROP TABLE presence; DROP TABLE analyses; DROP TABLE lab_reports;"
                           " ALTER TABLE tables DROP COLUMN open_seats;"
                           " ALTER TABLE chat DROP COLUMN name;"
                           " PRAGMA user_version = 4",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  Store store(location_);
  auto loaded = store.load_table("old");
  ASSERT_EQ(loaded->chat.size(), 1u);
  EXPECT_EQ(loaded->chat[0].text, "hi");
  EXPECT_EQ(loaded->chat[0].name, "");
  Outcome said;
  store.append_chat("old", {1, 0, "and now", 1795000000200, "Ann"}, said.done());
  ASSERT_EQ(said.get(), "");
  EXPECT_EQ(store.load_table("old")->chat[1].name, "Ann");
}

TEST_P(StoreTest, TheLastHeartbeatIsKept) {
  Store store(location_);
  EXPECT_EQ(store.alive_ms(), 0);
  store.heartbeat(1000);
  store.heartbeat(3000);
  Outcome flushed;  // writes are applied in order: once this one is stored, so are the beats
  store.finish_table("none", flushed.done());
  ASSERT_EQ(flushed.get(), "");
  EXPECT_EQ(store.alive_ms(), 3000);
}

TEST_P(StoreTest, AFailedWriteLosesNoOtherTablesWrite) {
  Store store(location_);
  create(store, sample_row("a"));
  create(store, sample_row("b"));
  act(store, "a", 0, "first");
  // Queued together: the duplicate index fails alone, the others are stored.
  std::vector<std::unique_ptr<Outcome>> outcomes;
  for (int i = 0; i < 40; ++i) {
    outcomes.push_back(std::make_unique<Outcome>());
    bool duplicate = i == 20;
    store.append_action(duplicate ? "a" : "b", duplicate ? 0 : static_cast<std::uint64_t>(i - (i > 20)), "x", false, {},
                        outcomes.back()->done());
  }
  for (int i = 0; i < 40; ++i) {
    std::string error = outcomes[static_cast<std::size_t>(i)]->get();
    if (i == 20) EXPECT_NE(error, "") << "a second action 0 at table a";
    else EXPECT_EQ(error, "") << i;
  }
  EXPECT_EQ(store.load_table("a")->actions, (std::vector<std::string>{"first"}));
  EXPECT_EQ(store.load_table("b")->actions.size(), 39u);
}

TEST_P(StoreTest, EverythingAcknowledgedIsThereAfterReopening) {
  {
    Store store(location_);
    create(store, sample_row("r"));
    act(store, "r", 0, "draw");
    act(store, "r", 1, "pass");
  }
  Store reopened(location_);
  auto unfinished = reopened.load_unfinished();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions, (std::vector<std::string>{"draw", "pass"}));
  act(reopened, "r", 2, "draw");
}

TEST_P(StoreTest, WritesAfterCloseFailAndSaySo) {
  Store store(location_);
  store.close();
  Outcome late;
  store.create_table(sample_row("late"), {}, late.done());
  EXPECT_EQ(late.get(), "the server is shutting down");
}

TEST_P(StoreTest, ADatabaseFromANewerServerIsRefused) {
  { Store store(location_); }
  if (postgres()) {
    postgres_exec(server_url_, "UPDATE " + schema_ + ".bellwether_schema SET version = 99");
  } else {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(location_.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  try {
    Store store(location_);
    FAIL() << "opened a database of schema 99";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 99, newer than this server's"), std::string::npos) << e.what();
  }
}

TEST_P(StoreTest, TwoServersOpeningOneDatabaseAtOnceBothWork) {
  // Several nodes start together on one PostgreSQL (and a restart may overlap a
  // stopping SQLite server): the schema is made once, and both can write.
  auto open_and_write = [&](const std::string& id) {
    Store store(location_);
    create(store, sample_row(id));
  };
  auto first = std::async(std::launch::async, open_and_write, "one");
  auto second = std::async(std::launch::async, open_and_write, "two");
  first.get();
  second.get();
  Store store(location_);
  EXPECT_EQ(store.load_unfinished().size(), 2u);
}

// ---- several nodes on one PostgreSQL: leases ----

class LeaseTest : public StoreTest {
 protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (!IsSkipped() && !postgres()) GTEST_SKIP() << "leases are PostgreSQL's";
  }
  // A node of a cluster: joined before any write.
  std::unique_ptr<Store> node(const std::string& name) {
    auto store = std::make_unique<Store>(location_);
    Outcome joined;
    store->join_cluster(name + "_" + schema_, "http://" + name + ".example:8080", joined.done());
    EXPECT_EQ(joined.get(), "");
    return store;
  }
  // Lease keys are per database, not per schema: ids differ between tests.
  std::string id(const std::string& name) const { return schema_ + "_" + name; }
};

// Polls for up to 10 s: a session's end reaches PostgreSQL's lock table a moment after the client closes it.
bool wait_until(const std::function<bool()>& condition) {
  for (int i = 0; i < 1000; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

bool claim(Store& store, const std::string& table) {
  std::promise<bool> granted;
  store.claim(table, [&](bool yes) { granted.set_value(yes); });
  return granted.get_future().get();
}

std::string try_act(Store& store, const std::string& table, std::uint64_t index, const std::string& action) {
  Outcome stored;
  store.append_action(table, index, action, false, {}, stored.done());
  return stored.get();
}

TEST_P(LeaseTest, OnlyTheNodeHoldingATablesLeaseWritesIt) {
  auto ann = node("ann");
  auto bob = node("bob");
  const std::string t = id("t");
  create(*ann, sample_row(t));
  EXPECT_FALSE(claim(*bob, t));
  EXPECT_NE(try_act(*bob, t, 0, "bob's"), "");
  EXPECT_EQ(try_act(*ann, t, 0, "ann's"), "");
  EXPECT_EQ(bob->owner_url(t), "http://ann.example:8080");
  EXPECT_TRUE(bob->unowned_tables(100).empty());
  ann.reset();  // the node stops: its session ends and PostgreSQL frees its leases (a moment later)
  EXPECT_TRUE(wait_until([&] { return !bob->unowned_tables(100).empty(); }));
  EXPECT_EQ(bob->unowned_tables(100), (std::vector<std::string>{t}));
  EXPECT_EQ(bob->owner_url(t), std::nullopt);
  EXPECT_TRUE(claim(*bob, t));
  EXPECT_EQ(try_act(*bob, t, 1, "bob's"), "");
  EXPECT_EQ(bob->owner_url(t), "http://bob.example:8080");
  EXPECT_EQ(bob->load_table(t)->actions, (std::vector<std::string>{"ann's", "bob's"}));
}

// Two nodes race for each of 30 free tables and then both write to it, each
// at its own indexes: the table's record must come from one node only.
// Returns the number of tables both nodes wrote to.
int race_for_tables(Store& ann, Store& bob, const std::function<std::string(int)>& table_id) {
  int both = 0;
  for (int round = 0; round < 30; ++round) {
    const std::string t = table_id(round);
    auto writer = [&](Store& store, std::uint64_t first) {
      claim(store, t);  // the race: whoever gets it
      int stored = 0;
      for (std::uint64_t i = first; i < first + 6; i += 2) stored += try_act(store, t, i, "x").empty();
      return stored;
    };
    auto a = std::async(std::launch::async, writer, std::ref(ann), 0);
    auto b = std::async(std::launch::async, writer, std::ref(bob), 1);
    if (a.get() > 0 && b.get() > 0) ++both;
  }
  return both;
}

TEST_P(LeaseTest, TwoNodesRacingForATableNeverBothCommit) {
  auto maker = node("maker");
  for (int round = 0; round < 30; ++round) {
    create(*maker, sample_row(id("race" + std::to_string(round))));
    maker->release(id("race" + std::to_string(round)));
  }
  maker.reset();  // flushes the releases
  auto ann = node("ann");
  auto bob = node("bob");
  EXPECT_EQ(race_for_tables(*ann, *bob, [&](int round) { return id("race" + std::to_string(round)); }), 0);
}

TEST_P(LeaseTest, WithoutLeasesTheRaceTestSeesBothNodesCommit) {
  // The same race between two servers that did not join a cluster (no
  // leases): the check above must catch it, or it proves nothing.
  Store ann(location_), bob(location_);
  for (int round = 0; round < 30; ++round) create(ann, sample_row(id("free" + std::to_string(round))));
  EXPECT_GT(race_for_tables(ann, bob, [&](int round) { return id("free" + std::to_string(round)); }), 0);
}

TEST_P(LeaseTest, ANodeThatLosesItsSessionLosesItsLeases) {
  auto ann = node("ann");
  std::promise<std::vector<std::string>> lost;
  ann->on_leases_lost([&](std::vector<std::string> tables) { lost.set_value(std::move(tables)); });
  const std::string t = id("t");
  create(*ann, sample_row(t));
  act(*ann, t, 0, "first");
  // The database ends the node's writer session (a restart, a network cut).
  postgres_exec(server_url_, "SELECT pg_terminate_backend(pid) FROM " + schema_ +
                                 ".bellwether_nodes WHERE name = 'ann_" + schema_ + "'");
  // This write meets the dead session; the next one reconnects and finds no lease.
  try_act(*ann, t, 1, "during");
  EXPECT_NE(try_act(*ann, t, 1, "after"), "");
  EXPECT_EQ(lost.get_future().get(), (std::vector<std::string>{t}));
  auto bob = node("bob");
  EXPECT_TRUE(wait_until([&] { return claim(*bob, t); }));
  EXPECT_EQ(try_act(*bob, t, 1, "bob's"), "");
  EXPECT_FALSE(claim(*ann, t));
}

TEST_P(LeaseTest, TwoNodesOfOneNameAreRefused) {
  auto first = node("ann");
  Store second(location_);
  Outcome joined;
  second.join_cluster("ann_" + schema_, "http://elsewhere:8080", joined.done());
  EXPECT_NE(joined.get().find("a node named 'ann_" + schema_ + "' is already running"), std::string::npos);
}

// Accounts: the store keeps what the accounts room hands it (hashes only) and
// holds each name key once, whichever node asks.
AccountRow sample_account(const std::string& id, const std::string& name, const std::string& key) {
  return {id, name, key, "$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA", 1795000000000};
}

SessionRow sample_session(const std::string& id, const std::string& account, std::int64_t created_ms,
                          std::int64_t expires_ms) {
  return {id, "secret-hash-" + id, account, created_ms, created_ms, expires_ms, "curl/8.0"};
}

bool create_account(Store& store, const AccountRow& account, const SessionRow& session) {
  std::promise<bool> created;
  store.create_account(account, session, [&](bool ok, const std::string& error, bool made) {
    EXPECT_TRUE(ok) << error;
    created.set_value(made);
  });
  return created.get_future().get();
}

TEST_P(StoreTest, AccountsAndSessionsComeBackAsStored) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 5000)));
  auto by_key = store.account_by_key("ann");
  ASSERT_TRUE(by_key);
  EXPECT_EQ(by_key->id, "a1");
  EXPECT_EQ(by_key->name, "Ann");
  EXPECT_EQ(by_key->password_hash, "$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA");
  EXPECT_EQ(by_key->created_ms, 1795000000000);
  EXPECT_EQ(store.account_by_id("a1")->name, "Ann");
  EXPECT_FALSE(store.account_by_key("bob"));
  auto session = store.session_by_secret("secret-hash-s1");
  ASSERT_TRUE(session);
  EXPECT_EQ(session->id, "s1");
  EXPECT_EQ(session->account, "a1");
  EXPECT_EQ(session->expires_ms, 5000);
  EXPECT_EQ(session->agent, "curl/8.0");
  Outcome second;
  store.create_session(sample_session("s2", "a1", 2000, 6000), second.done());
  ASSERT_EQ(second.get(), "");
  store.renew_session("s2", 3000, 9000);
  auto sessions = store.sessions_of("a1");
  ASSERT_EQ(sessions.size(), 2u);
  EXPECT_EQ(sessions[0].id, "s1");
  Outcome flushed;  // the renewal has no callback: a later write's commit comes after it
  store.heartbeat(1, flushed.done());
  ASSERT_EQ(flushed.get(), "");
  EXPECT_EQ(store.session_by_secret("secret-hash-s2")->seen_ms, 3000);
  EXPECT_EQ(store.session_by_secret("secret-hash-s2")->expires_ms, 9000);
}

TEST_P(StoreTest, ANameKeyBelongsToOneAccount) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 5000)));
  EXPECT_FALSE(create_account(store, sample_account("a2", "ANN", "ann"), sample_session("s2", "a2", 1000, 5000)));
  EXPECT_EQ(store.account_by_key("ann")->id, "a1");
  EXPECT_FALSE(store.account_by_id("a2"));
  EXPECT_FALSE(store.session_by_secret("secret-hash-s2")) << "a refused account's session was stored";
}

TEST_P(StoreTest, SessionsEndOneAtATimeOrAllButOneWithANewPassword) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  ASSERT_TRUE(create_account(store, sample_account("b1", "Bob", "bob"), sample_session("t1", "b1", 1000, 90000)));
  for (const char* id : {"s2", "s3"}) {
    Outcome made;
    store.create_session(sample_session(id, "a1", 2000, 90000), made.done());
    ASSERT_EQ(made.get(), "");
  }
  Outcome not_hers;  // another account's session id ends nothing
  store.end_session("a1", "t1", not_hers.done());
  ASSERT_EQ(not_hers.get(), "");
  EXPECT_TRUE(store.session_by_secret("secret-hash-t1"));
  Outcome ended;
  store.end_session("a1", "s3", ended.done());
  ASSERT_EQ(ended.get(), "");
  EXPECT_EQ(store.sessions_of("a1").size(), 2u);
  Outcome changed;
  store.set_password("a1", "$argon2id$new", "s2", changed.done());
  ASSERT_EQ(changed.get(), "");
  auto left = store.sessions_of("a1");
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].id, "s2");
  EXPECT_EQ(store.account_by_id("a1")->password_hash, "$argon2id$new");
  EXPECT_EQ(store.sessions_of("b1").size(), 1u);
}

TEST_P(StoreTest, ARehashReplacesOnlyTheHashItWasMadeFrom) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  const std::string stored = store.account_by_id("a1")->password_hash;
  store.rehash_password("a1", "$argon2id$not-the-stored-one", "$argon2id$lost");
  store.rehash_password("a1", stored, "$argon2id$today");
  Outcome flushed;
  store.heartbeat(1, flushed.done());
  ASSERT_EQ(flushed.get(), "");
  EXPECT_EQ(store.account_by_id("a1")->password_hash, "$argon2id$today");
  EXPECT_EQ(store.sessions_of("a1").size(), 1u) << "a rehash ends no session";
}

TEST_P(StoreTest, ExpiredSessionsAreForgottenWhenANewOneStarts) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("old", "a1", 1000, 5000)));
  Outcome made;
  store.create_session(sample_session("new", "a1", 6000, 90000), made.done());
  ASSERT_EQ(made.get(), "");
  auto left = store.sessions_of("a1");
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].id, "new");
}

TEST_P(StoreTest, ADeletedAccountLeavesNoRowAndItsNameIsFree) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  ASSERT_TRUE(create_account(store, sample_account("b1", "Bob", "bob"), sample_session("t1", "b1", 1000, 90000)));
  Outcome deleted;
  store.delete_account("a1", deleted.done());
  ASSERT_EQ(deleted.get(), "");
  EXPECT_FALSE(store.account_by_id("a1"));
  EXPECT_FALSE(store.account_by_key("ann"));
  EXPECT_TRUE(store.sessions_of("a1").empty());
  EXPECT_TRUE(store.account_by_id("b1"));
  EXPECT_EQ(store.sessions_of("b1").size(), 1u);
  EXPECT_TRUE(create_account(store, sample_account("a2", "ann", "ann"), sample_session("s2", "a2", 1000, 90000)));
}

TEST_P(StoreTest, ASeatIsBoundToTheFirstAccountAndADeletionLeavesItsLabel) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  TableRow row = sample_row("t");
  row.names = {"Ann", "Bob", "Bot 3"};
  create(store, row);
  Outcome hers, taken, his;
  store.bind_seat("t", 0, "a1", hers.done());
  store.bind_seat("t", 0, "b1", taken.done());  // a seat already bound stays its account's
  store.bind_seat("t", 1, "b1", his.done());
  ASSERT_EQ(hers.get(), "");
  ASSERT_EQ(taken.get(), "");
  ASSERT_EQ(his.get(), "");
  Outcome said;
  store.append_chat("t", {0, 0, "hello", 1795000000100, "Ann"}, said.done());
  ASSERT_EQ(said.get(), "");
  EXPECT_EQ(store.load_table("t")->seat_accounts, (std::vector<std::string>{"a1", "b1", ""}));
  Outcome deleted;
  store.delete_account("a1", deleted.done());
  ASSERT_EQ(deleted.get(), "");
  auto loaded = store.load_table("t");
  EXPECT_EQ(loaded->seat_accounts, (std::vector<std::string>{"", "b1", ""}));
  EXPECT_EQ(loaded->row.names, (std::vector<std::string>{"P1", "Bob", "Bot 3"}));
  ASSERT_EQ(loaded->chat.size(), 1u);
  EXPECT_EQ(loaded->chat[0].name, "P1") << "a deleted account's lines keep no name";
  EXPECT_EQ(loaded->chat[0].text, "hello");
}

TEST_P(StoreTest, ARatedGamesEndMovesItsPlayersRatingsInTheSameWrite) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  ASSERT_TRUE(create_account(store, sample_account("b1", "Bob", "bob"), sample_session("t1", "b1", 1000, 90000)));
  TableRow row = sample_row("r");
  row.rated = true;
  create(store, row);
  EXPECT_TRUE(store.load_table("r")->row.rated);
  act(store, "r", 0, "first");
  EXPECT_TRUE(store.ratings_of("a1").empty()) << "a move that does not end the game rates nobody";
  Outcome ended;
  store.append_action("r", 1, "last", true, {}, ended.done(), {"bye-bye", {{"a1", 1}, {"b1", 2}}, 1795000000500});
  ASSERT_EQ(ended.get(), "");
  EXPECT_TRUE(store.load_table("r")->row.finished);
  auto ann = store.ratings_of("a1"), bob = store.ratings_of("b1");
  ASSERT_EQ(ann.size(), 1u);
  ASSERT_EQ(bob.size(), 1u);
  EXPECT_EQ(ann[0].game, "bye-bye");
  EXPECT_EQ(ann[0].games, 1);
  EXPECT_GT(ann[0].mu, 25.0) << "the winner gains";
  EXPECT_LT(bob[0].mu, 25.0) << "the loser loses";
  EXPECT_LT(ann[0].sigma, 25.0 / 3) << "a game removes doubt";
  EXPECT_EQ(ann[0].updated_ms, 1795000000500);
  auto history = store.rating_history("b1", 10);
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].table, "r");
  EXPECT_EQ(history[0].rank, 2);
  EXPECT_EQ(history[0].players, 2);
  EXPECT_EQ(history[0].mu, bob[0].mu) << "the history holds the rating after the game, exactly";
  // The leaderboard: only ratings past the provisional bounds, best ordinal first, with names.
  EXPECT_TRUE(store.leaderboard("bye-bye", 10, 6.5, 10).empty());
  auto board = store.leaderboard("bye-bye", 1, 100, 10);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].name, "Ann");
  EXPECT_EQ(board[1].name, "Bob");
  EXPECT_TRUE(store.leaderboard("hustle", 1, 100, 10).empty());
  // A deleted account's ratings go with it.
  Outcome deleted;
  store.delete_account("a1", deleted.done());
  ASSERT_EQ(deleted.get(), "");
  EXPECT_TRUE(store.ratings_of("a1").empty());
  EXPECT_TRUE(store.rating_history("a1", 10).empty());
  EXPECT_EQ(store.leaderboard("bye-bye", 1, 100, 10).size(), 1u);
}

TEST_P(StoreTest, AccountsOutliveARestart) {
  {
    Store store(location_);
    ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 90000)));
  }
  Store reopened(location_);
  EXPECT_EQ(reopened.account_by_key("ann")->id, "a1");
  EXPECT_EQ(reopened.session_by_secret("secret-hash-s1")->account, "a1");
}

TicketRow sample_ticket(const std::string& account, std::int64_t since_ms) {
  TicketRow ticket;
  ticket.account = account;
  ticket.game = "black-sheep";
  ticket.players = 2;
  ticket.time = R"({"base":300,"increment":5})";
  ticket.bots_after_ms = 30000;
  ticket.bot = "medium";
  ticket.mu = 26.5;
  ticket.since_ms = ticket.seen_ms = since_ms;
  return ticket;
}

TEST_P(StoreTest, PlayNowsQueueSeatsOnlyWaitingTicketsAndForgetsTheAbandoned) {
  Store store(location_);
  ASSERT_TRUE(create_account(store, sample_account("a1", "Ann", "ann"), sample_session("s1", "a1", 1000, 5000)));
  ASSERT_TRUE(create_account(store, sample_account("b1", "Bob", "bob"), sample_session("t1", "b1", 1000, 5000)));
  ASSERT_TRUE(create_account(store, sample_account("c1", "Cy", "cy"), sample_session("u1", "c1", 1000, 5000)));
  for (const auto& ticket : {sample_ticket("b1", 2000), sample_ticket("a1", 1000), sample_ticket("c1", 3000)}) {
    Outcome queued;
    store.enqueue(ticket, queued.done());
    ASSERT_EQ(queued.get(), "");
  }
  auto waiting = store.waiting_tickets();
  ASSERT_EQ(waiting.size(), 3u);
  EXPECT_EQ(waiting[0].account, "a1");  // oldest first, with its account's name
  EXPECT_EQ(waiting[0].name, "Ann");
  EXPECT_EQ(waiting[0].mu, 26.5);
  EXPECT_EQ(waiting[0].time, R"({"base":300,"increment":5})");
  EXPECT_EQ(waiting[0].bots_after_ms, 30000);
  EXPECT_TRUE(waiting[0].waiting());
  // Ann and Bob are seated at one table, bound to their seats, in one transaction.
  TableRow row = sample_row("met");
  row.created = 1795000000;
  Outcome made;
  store.create_table(row, {}, made.done(), {"a1", "b1", ""}, {"a1", "b1"});
  ASSERT_EQ(made.get(), "");
  auto ann = store.ticket_of("a1");
  ASSERT_TRUE(ann);
  EXPECT_EQ(ann->table, "met");
  EXPECT_EQ(ann->seat, 0);
  EXPECT_EQ(store.ticket_of("b1")->seat, 1);
  EXPECT_EQ(store.load_table("met")->seat_accounts, (std::vector<std::string>{"a1", "b1", ""}));
  ASSERT_EQ(store.waiting_tickets().size(), 1u);
  // A table for a ticket that is not waiting any more (Cy left; Ann is seated) is not made at all.
  Outcome left;
  store.leave_queue("c1", left.done());
  ASSERT_EQ(left.get(), "");
  EXPECT_FALSE(store.ticket_of("c1"));
  Outcome stale;
  store.create_table(sample_row("late"), {}, stale.done(), {"a1", "c1", ""}, {"a1", "c1"});
  EXPECT_NE(stale.get(), "");
  EXPECT_FALSE(store.load_table("late"));
  EXPECT_EQ(store.ticket_of("a1")->table, "met");
  // Leaving does not take a seated ticket back; forgetting takes the abandoned and the long seated.
  Outcome not_seated;
  store.leave_queue("a1", not_seated.done());
  ASSERT_EQ(not_seated.get(), "");
  EXPECT_TRUE(store.ticket_of("a1"));
  Outcome again;
  store.enqueue(sample_ticket("c1", 4000), again.done());
  ASSERT_EQ(again.get(), "");
  store.see_ticket("c1", 9000);
  store.forget_tickets(5000, 1795000000000);  // unseen since 5 s: none (Cy was seen at 9 s); seated before: none
  Outcome flushed;
  store.see_people({"a1", "c1"}, 10000, flushed.done());
  ASSERT_EQ(flushed.get(), "");
  EXPECT_TRUE(store.ticket_of("c1"));
  EXPECT_TRUE(store.ticket_of("a1"));
  store.forget_tickets(9500, 1795000000001);
  Outcome flushed_again;
  store.see_people({"b1"}, 20000, flushed_again.done());
  ASSERT_EQ(flushed_again.get(), "");
  EXPECT_FALSE(store.ticket_of("c1"));
  EXPECT_FALSE(store.ticket_of("a1"));
  // Who is online: seen since a time, most recent first.
  auto online = store.online(10000, 10);
  EXPECT_EQ(online.count, 3u);
  EXPECT_EQ(online.names, (std::vector<std::string>{"Bob", "Ann", "Cy"}));
  EXPECT_EQ(store.online(15000, 10).names, (std::vector<std::string>{"Bob"}));
}

TEST_P(StoreTest, AnOpenSeatIsOpenUntilItsTaken) {
  Store store(location_);
  TableRow row = sample_row("open");
  row.is_public = true;
  row.open_seats = 0b10;
  create(store, row);
  EXPECT_EQ(store.load_table("open")->row.open_seats, 0b10u);
  Outcome bound;
  store.bind_seat("open", 1, "b1", bound.done(), true);
  ASSERT_EQ(bound.get(), "");
  auto loaded = store.load_table("open");
  EXPECT_EQ(loaded->row.open_seats, 0u);
  EXPECT_EQ(loaded->seat_accounts[1], "b1");
}

INSTANTIATE_TEST_SUITE_P(Backends, LeaseTest, ::testing::Values("postgres"),
                         [](const auto& info) { return info.param; });

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

TEST(PostgresStore, AnUnreachableDatabaseIsAClearErrorWithoutItsPassword) {
  try {
    Store store("postgresql://ann:s3cret@127.0.0.1:1/bellwether?connect_timeout=2");
    FAIL() << "connected to port 1";
  } catch (const StoreError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("cannot connect to the database at postgresql://ann:***@127.0.0.1:1/bellwether"),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
  }
}

TEST(PostgresStore, UrlsAreRedactedAndRecognised) {
  EXPECT_EQ(redacted_url("postgresql://ann:pw@db:5432/bw"), "postgresql://ann:***@db:5432/bw");
  EXPECT_EQ(redacted_url("postgres://ann@db/bw"), "postgres://ann@db/bw");
  EXPECT_EQ(redacted_url("postgresql://db/bw?user=a@b"), "postgresql://db/bw?user=a@b");
  EXPECT_EQ(redacted_url("postgresql://ann:p:w@db/bw"), "postgresql://ann:***@db/bw");
  EXPECT_TRUE(is_postgres_url("postgresql://db/bw"));
  EXPECT_TRUE(is_postgres_url("postgres://db/bw"));
  EXPECT_FALSE(is_postgres_url("tables.db"));
  EXPECT_FALSE(is_postgres_url("./postgresql://x"));
}

}  // namespace
}  // namespace bw::server
