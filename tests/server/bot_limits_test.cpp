// Bots on a server that thinks for strangers (issue 33, finding 2): one
// request could ask for an hour-long 64-thread search, stall every other
// table's bots, come back on restart and hang SIGTERM.
#include "server/guard/bot_limits.hpp"

#include <gtest/gtest.h>

#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

class BotLimitsTest : public QuietServerTest {};

json create_request(const std::string& game, const std::vector<std::string>& seats) {
  json request{{"game", game}, {"seats", json::array()}, {"public", true}};
  for (const auto& seat : seats) request["seats"].push_back({{"agent", seat}});
  return request;
}

TEST_F(BotLimitsTest, SpecsOverTheCapsAreRefusedAndTheLevelsAccepted) {
  RunningServer server(fresh_db("botcaps"));
  for (const char* spec : {"ismcts:ms=3600000,threads=64", "ismcts:iters=100000000,threads=64", "ismcts:ms=2001",
                           "ismcts:iters=20001", "ismcts:threads=2"}) {
    auto answer = http_request(server.port, "POST", "/api/tables", create_request("bye-bye", {"human", spec}).dump());
    EXPECT_EQ(answer.status, 400u) << spec;
    EXPECT_NE(answer.text.find("limit"), std::string::npos) << spec << ": " << answer.text;
  }
  for (const char* spec :
       {"easy", "medium", "hard", "random", "heuristic", "ismcts", "ismcts:iters=20000", "ismcts:ms=2000,threads=1"}) {
    auto answer = http_request(server.port, "POST", "/api/tables", create_request("boom-bah", {"human", spec}).dump());
    EXPECT_EQ(answer.status, 201u) << spec << ": " << answer.text;
  }
}

TEST(BoundedBot, CutsAStoredSpecDownToTheCaps) {
  BotLimits limits{.max_iters = 500, .max_ms = 100, .max_threads = 2};
  std::atomic<bool> stop{false};
  AgentSpec spec = bounded_bot("ismcts:iters=100000000,ms=3600000,threads=64", limits, &stop);
  EXPECT_EQ(spec.ismcts.iterations, 500);
  EXPECT_EQ(spec.ismcts.ms, 100);
  EXPECT_EQ(spec.ismcts.threads, 2);
  EXPECT_EQ(spec.max_ms, 100);
  EXPECT_EQ(spec.stop, &stop);
  AgentSpec level = bounded_bot("hard", limits, &stop);  // a level keeps its own budget, under the time cap
  EXPECT_EQ(level.kind, AgentSpec::Kind::Level);
  EXPECT_EQ(level.max_ms, 100);
}

// Waits for a state frame of `table` at version >= `version`, as a spectator.
bool bot_moves_within(unsigned short port, const std::string& table, std::uint64_t version,
                      std::chrono::seconds limit) {
  WsClient watcher(port);
  watcher.send({{"type", "join"}, {"table", table}});
  auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    auto frame = watcher.receive(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!frame) return false;
    if ((*frame)["type"] == "state" && (*frame)["version"].get<std::uint64_t>() >= version) return true;
  }
  return false;
}

// Liveness bounds, not timings: the searches asked for run for minutes; the
// bounds are many times what the fixed server needs.
TEST_F(BotLimitsTest, ShutdownStopsASearchInProgress) {
  ServeOptions generous;
  generous.bot_max_ms = 600000;
  RunningServer server(fresh_db("botstop"), generous);
  create_table(server.port, "bye-bye", {"ismcts:ms=600000", "random"}, 7, {{"public", true}});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the search is under way
  auto asked = Clock::now();
  server.stop();
  EXPECT_LT(Clock::now() - asked, std::chrono::seconds(10)) << "stop waited for a 10-minute search";
}

TEST_F(BotLimitsTest, ARestoredTableIsCutDownToTodaysCaps) {
  std::string db = fresh_db("botrestore");
  json table;
  {
    ServeOptions generous;
    generous.bot_max_ms = 3600000;
    generous.bot_max_threads = 4;
    RunningServer server(db, generous);
    table = create_table(server.port, "bye-bye", {"ismcts:ms=3600000,threads=4", "random"}, 8, {{"public", true}});
  }
  ServeOptions options;
  options.bot_max_ms = 200;
  RunningServer server(db, options);
  EXPECT_EQ(server.restored(), 1u);
  EXPECT_TRUE(bot_moves_within(server.port, table["table"], 1, std::chrono::seconds(20)))
      << "the restored hour-long search was not cut to 200 ms";
}

TEST_F(BotLimitsTest, SearchesAtTheCapTakeTurnsWithOtherTablesBots) {
  ServeOptions options;
  options.bot_threads = 1;
  options.bot_max_ms = 300;
  RunningServer server(fresh_db("botfair"), options);
  for (int t = 0; t < 3; ++t)  // three tables that search at the cap, move after move
    create_table(server.port, "bye-bye", {"ismcts:ms=300", "ismcts:ms=300"}, 20 + t, {{"public", true}});
  auto table = create_table(server.port, "bye-bye", {"human", "random"}, 9);
  WsClient me(server.port);
  me.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  std::mt19937 rng(4);
  int bot_replies = 0;
  std::uint64_t after_mine = 0;  // the version my last action made
  while (bot_replies < 3) {
    auto state = me.receive_until("state", std::chrono::seconds(20));
    if (!state["result"].is_null()) break;
    if (state["legal"].empty()) continue;
    auto version = state["version"].get<std::uint64_t>();
    if (version > after_mine && after_mine > 0) ++bot_replies;  // the bot moved since
    me.send(act_message(state, rng));
    after_mine = me.receive_until("ack", std::chrono::seconds(20))["version"];
  }
  EXPECT_GE(bot_replies, 3) << "the random bot waited behind the searches";
}

}  // namespace
}  // namespace bw::server::testing
