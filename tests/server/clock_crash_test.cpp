// What a kill leaves of a running clock (docs/protocol.md, "Clocks and
// leaving"): after a restart no seat has more time than the last clock
// message told it, and the outage is charged to nobody.
//
// Nothing here depends on timing. The servers read an injected clock
// (ServeOptions::wall_clock) that moves only when the test moves it, or a
// millisecond at each reading, as time passes while a server works. A kill is
// the database's files copied while the server runs with no write in flight:
// what `kill -9` would leave on disk (SQLite's WAL holds every commit).
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class ClockCrash : public QuietServerTest {};

struct TestClock {
  std::atomic<std::int64_t> now{1'800'000'000'000};  // unix ms, in 2027
  std::atomic<bool> stepping{false};                 // each reading one millisecond later than the last

  ServeOptions options() {
    ServeOptions options;
    options.wall_clock = [this] { return stepping ? now.fetch_add(1) + 1 : now.load(); };
    options.heartbeat_every = std::chrono::hours(1);  // beats at the start and at a clean stop only
    return options;
  }
};

std::string token_of(const json& table, int seat) { return table["invites"][seat]["token"]; }

void join(WsClient& client, const json& table, int seat) {
  client.send({{"type", "join"}, {"table", table["table"]}, {"token", token_of(table, seat)}});
  client.receive_until("joined");
}

json next_decision(WsClient& client) {
  for (;;) {
    json state = client.receive_until("state");
    if (!state["legal"].empty()) return state;
  }
}

// The files a kill would leave now, under another name (the running server keeps the original).
std::string killed_copy(const std::string& db, const std::string& name) {
  const std::string copy = fresh_db(name);
  for (const char* suffix : {"", "-wal"})
    if (std::filesystem::exists(db + suffix))
      std::filesystem::copy_file(db + suffix, copy + suffix, std::filesystem::copy_options::overwrite_existing);
  return copy;
}

// Ann (seat 0) against a random bot that moves first, a 60 s game clock:
// after one move of hers her clock runs from the bot's next move.
json start_timed_table(unsigned short port, WsClient& ann) {
  json table = create_table(port, "bye-bye", {"human", "random"}, 7,
                            {{"params", {{"start_player", 1}}}, {"time", {{"base", 60}, {"increment", 0}}}});
  join(ann, table, 0);
  json first = next_decision(ann);
  ann.send({{"type", "act"}, {"version", first["version"]}, {"action", first["legal"][0]["id"]}});
  next_decision(ann);
  return table;
}

// Ann's time left in the first clock message after she rejoins the restarted server.
std::int64_t ann_after_restart(const std::string& db, TestClock& clock, const json& table) {
  RunningServer restarted(db, clock.options());
  WsClient ann(restarted.port);
  join(ann, table, 0);
  json after = ann.receive_until("clock");
  EXPECT_EQ(after["running"], 0);
  return after["remaining"][0];
}

// The clock message that follows a move: the move is stored with its moment,
// and the message must not state a later one the store never saw (the commit
// takes time: the failure of issue 54 was 159 ms of it handed back).
TEST_F(ClockCrash, TheClockToldAfterAMoveIsWhatARestartRestores) {
  TestClock clock;
  const std::string db = fresh_db("clock-after-move");
  json table;
  json told;
  std::string killed;
  {
    RunningServer server(db, clock.options());
    WsClient ann(server.port);
    clock.stepping = true;
    table = start_timed_table(server.port, ann);
    told = ann.receive_until("clock");
    ASSERT_EQ(told["running"], 0);
    clock.stepping = false;
    killed = killed_copy(db, "clock-after-move-killed");
  }
  const std::int64_t killed_at = clock.now;
  clock.now += 10'000;  // the outage
  const std::int64_t left = ann_after_restart(killed, clock, table);
  const std::int64_t before = told["remaining"][0];
  EXPECT_LE(left, before) << "the restart gave back " << left - before << " ms the last clock message had counted";
  EXPECT_GE(left, before - (killed_at - told["at"].get<std::int64_t>())) << "charged for the outage";
}

// The clock message a joining connection gets between two heartbeats: a kill
// before the next beat must not give back the time it stated as used.
TEST_F(ClockCrash, TheClockToldOnJoiningIsWhatARestartRestores) {
  TestClock clock;
  const std::string db = fresh_db("clock-on-join");
  json table;
  json told;
  std::string killed;
  {
    RunningServer server(db, clock.options());
    WsClient ann(server.port);
    table = start_timed_table(server.port, ann);
    ann.receive_until("clock");
    clock.now += 1500;  // Ann thinks, then opens her link again (another tab)
    WsClient again(server.port);
    join(again, table, 0);
    told = again.receive_until("clock");
    ASSERT_EQ(told["running"], 0);
    killed = killed_copy(db, "clock-on-join-killed");
  }
  clock.now += 10'000;
  const std::int64_t left = ann_after_restart(killed, clock, table);
  const std::int64_t before = told["remaining"][0];
  EXPECT_EQ(before, 60'000 - 1500);  // the clock stood still but for Ann's 1.5 s
  EXPECT_LE(left, before) << "the restart gave back " << left - before << " ms the last clock message had counted";
  EXPECT_GE(left, before) << "charged for the outage";
}

}  // namespace
}  // namespace bw::server::testing
