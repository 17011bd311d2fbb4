// Every bad input of issue 13: a clear error, the table unchanged, nothing
// stored, and the server still up for everyone else.
#include <gtest/gtest.h>

#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class BadInput : public QuietServerTest {
 protected:
  void SetUp() override {
    server = std::make_unique<RunningServer>(fresh_db(::testing::UnitTest::GetInstance()->current_test_info()->name()),
                                             options);
    table = create_table(server->port, "bye-bye", {"human", "human"}, 77, {{"params", {{"start_player", 1}}}});
    id = table["table"];
  }
  std::uint64_t stored_version() {
    std::string token = table["invites"][0]["token"];
    return http_request(server->port, "GET", "/api/tables/" + id, "", {{"Authorization", "Bearer " + token}})
        .body["version"]
        .get<std::uint64_t>();
  }
  // A client seated at `seat`, with the first state it was sent.
  std::unique_ptr<WsClient> seated(int seat, json* state = nullptr) {
    auto client = std::make_unique<WsClient>(server->port);
    client->send({{"type", "join"}, {"table", id}, {"token", table["invites"][seat]["token"]}});
    client->receive_until("joined");
    json first = client->receive_until("state");
    if (state) *state = first;
    return client;
  }
  // The server still plays: seat 0 makes a legal move and gets its acknowledgement.
  void expect_still_serving() {
    json state;
    auto client = seated(0, &state);
    ASSERT_FALSE(state["legal"].empty());
    std::mt19937 rng(1);
    client->send(act_message(state, rng));
    EXPECT_EQ(client->receive_until("ack")["version"], state["version"].get<std::uint64_t>() + 1);
  }

  ServeOptions options;
  std::unique_ptr<RunningServer> server;
  json table;
  std::string id;
};

std::string error_code_for(WsClient& client, const std::string& text) {
  client.send_text(text);
  return client.receive_until("error")["code"];
}

TEST_F(BadInput, MalformedJsonUnknownTypesAndFieldsAreRefused) {
  WsClient client(server->port);
  EXPECT_EQ(error_code_for(client, "{\"type\": \"join\", "), "bad-json");
  EXPECT_EQ(error_code_for(client, "{\"type\":\"ping\",\"type\":\"ping\"}"), "bad-json");  // a key twice
  EXPECT_EQ(error_code_for(client, "[1, 2]"), "bad-message");
  EXPECT_EQ(error_code_for(client, "{\"type\": \"shout\"}"), "unknown-type");
  EXPECT_EQ(error_code_for(client, "{\"type\": \"ping\", \"extra\": 1}"), "bad-message");
  EXPECT_EQ(error_code_for(client, "{\"type\": \"act\", \"version\": 0, \"action\": 1}"), "not-joined");
  EXPECT_EQ(error_code_for(client, "{\"type\": \"act\", \"version\": -1, \"action\": 1}"), "bad-message");
  EXPECT_EQ(error_code_for(client, "{\"type\": \"join\", \"table\": \"x\", \"protocol\": 2}"), "bad-protocol");
  client.send({{"type", "ping"}, {"ref", 7}});
  EXPECT_EQ(client.receive_until("pong")["ref"], 7);
  EXPECT_EQ(stored_version(), 0u);
  expect_still_serving();
}

TEST_F(BadInput, UnknownTablesAndWrongOrMissingTokensAreRefused) {
  WsClient client(server->port);
  EXPECT_EQ(error_code_for(client, json{{"type", "join"}, {"table", "nosuchtable"}}.dump()), "unknown-table");
  EXPECT_EQ(error_code_for(client, json{{"type", "join"}, {"table", "NO SUCH"}}.dump()), "bad-message");
  EXPECT_EQ(error_code_for(client, json{{"type", "join"}, {"table", id}}.dump()), "bad-token");  // private table
  EXPECT_EQ(error_code_for(client, json{{"type", "join"}, {"table", id}, {"token", "abc"}}.dump()), "bad-token");
  EXPECT_EQ(error_code_for(client, json{{"type", "join"}, {"table", id}, {"token", std::string(32, 'a')}}.dump()),
            "bad-token");
  auto other = create_table(server->port, "bye-bye", {"human", "random"}, 1);
  EXPECT_EQ(
      error_code_for(client, json{{"type", "join"}, {"table", id}, {"token", other["invites"][0]["token"]}}.dump()),
      "bad-token");
  expect_still_serving();
}

TEST_F(BadInput, OutOfTurnIllegalAndStaleActionsChangeNothing) {
  json state0, state1;
  auto first = seated(0, &state0);
  auto second = seated(1, &state1);
  ASSERT_FALSE(state0["legal"].empty());
  ASSERT_TRUE(state1["legal"].empty());
  std::uint64_t version = state0["version"];
  // Seat 1 acts when it is seat 0's decision, with an action seat 0 could take.
  second->send({{"type", "act"}, {"version", version}, {"action", state0["legal"][0]["id"]}, {"ref", "x"}});
  auto refused = second->receive_until("error");
  EXPECT_EQ(refused["code"], "not-your-turn");
  EXPECT_EQ(refused["ref"], "x");
  // An action id that is not legal now, one past every action, and a seat that is not this client's.
  std::set<int> legal;
  for (const auto& action : state0["legal"]) legal.insert(action["id"].get<int>());
  int illegal = 0;
  while (legal.count(illegal)) ++illegal;
  EXPECT_EQ(error_code_for(*first, json{{"type", "act"}, {"version", version}, {"action", illegal}}.dump()),
            "illegal-action");
  EXPECT_EQ(error_code_for(*first, json{{"type", "act"}, {"version", version}, {"action", 65535}}.dump()),
            "illegal-action");
  EXPECT_EQ(error_code_for(*first, json{{"type", "act"}, {"seat", 1}, {"version", version}, {"action", 1}}.dump()),
            "not-your-seat");
  EXPECT_EQ(error_code_for(
                *first, json{{"type", "act"}, {"version", version + 1}, {"action", state0["legal"][0]["id"]}}.dump()),
            "stale");
  EXPECT_EQ(stored_version(), version);
  // A real move, then the same move again on the old version: stale.
  first->send({{"type", "act"}, {"version", version}, {"action", state0["legal"][0]["id"]}});
  first->receive_until("ack");
  EXPECT_EQ(
      error_code_for(*first, json{{"type", "act"}, {"version", version}, {"action", state0["legal"][0]["id"]}}.dump()),
      "stale");
  EXPECT_EQ(stored_version(), version + 1);
}

TEST_F(BadInput, AMessageOver64KiBClosesThatConnectionOnly) {
  WsClient client(server->port);
  client.send_text("{\"type\":\"ping\",\"ref\":\"" + std::string(70 * 1024, 'a') + "\"}");
  while (client.receive(std::chrono::seconds(5))) {}
  EXPECT_TRUE(client.closed());
  EXPECT_EQ(client.close_code(), 1009) << "WebSocket close code 'message too big'";
  EXPECT_EQ(stored_version(), 0u);
  expect_still_serving();
}

TEST_F(BadInput, AFloodIsRateLimitedThenClosed) {
  server.reset();
  options.messages_per_second = 40;
  server = std::make_unique<RunningServer>(fresh_db("flood"), options);
  table = create_table(server->port, "bye-bye", {"human", "human"}, 77, {{"params", {{"start_player", 1}}}});
  id = table["table"];
  WsClient client(server->port);
  // A burst of 80 is allowed; the rest is refused, and said so once.
  for (int i = 0; i < 300; ++i) client.send({{"type", "ping"}});
  int pongs = 0;
  bool limited = false;
  while (auto frame = client.receive(std::chrono::seconds(5))) {
    if ((*frame)["type"] == "pong") ++pongs;
    if ((*frame)["type"] == "error" && (*frame)["code"] == "rate-limited") {
      limited = true;
      break;
    }
  }
  EXPECT_TRUE(limited);
  EXPECT_GE(pongs, 80);  // the burst: twice the rate per second
  EXPECT_LT(pongs, 120);
  EXPECT_FALSE(client.closed());
  // Going on far past the limit ends the connection.
  for (int i = 0; i < 3000 && !client.closed(); ++i) client.send({{"type", "ping"}});
  while (client.receive(std::chrono::seconds(5))) {}
  EXPECT_TRUE(client.closed());
  expect_still_serving();
}

TEST_F(BadInput, AClientThatNeverReadsIsDroppedAndTheTablePlaysOn) {
  // A bot table sends a spectator a frame per move; this spectator never reads.
  server.reset();
  options.send_queue_bytes = 64 * 1024;
  options.socket_send_buffer = 8 * 1024;  // so that the kernel's buffers fill long before the game ends
  server = std::make_unique<RunningServer>(fresh_db("never-reads"), options);
  table = create_table(server->port, "bye-bye", {"human", "human"}, 78, {{"params", {{"start_player", 1}}}});
  id = table["table"];
  auto bots = create_table(server->port, "disguise", {"random", "random", "random", "random", "random", "random"}, 79,
                           {{"public", true}, {"params", {{"turn_limit", 60000}}}});
  WsClient sleeper(server->port, "", 4096);
  sleeper.send({{"type", "join"}, {"table", bots["table"]}});
  // The game goes on to its end all the same (polled over HTTP: a reading
  // spectator might be too slow for random bots and be dropped too).
  std::string record_path = "/api/tables/" + bots["table"].get<std::string>() + "/record";
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (http_request(server->port, "GET", record_path).status != 200) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the bots' game did not end";
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  // The sleeper was cut off: reading what its buffers hold ends in a closed connection, not the end of the game.
  bool saw_end = false;
  while (auto frame = sleeper.receive(std::chrono::seconds(5)))
    if ((*frame)["type"] == "state" && !(*frame)["result"].is_null()) saw_end = true;
  EXPECT_FALSE(saw_end);
  EXPECT_TRUE(sleeper.closed());
  expect_still_serving();
}

TEST_F(BadInput, ASecondConnectionForASeatReplacesTheFirst) {
  json state;
  auto old_one = seated(0, &state);
  auto new_one = seated(0, &state);
  auto told = old_one->receive_until("error");
  EXPECT_EQ(told["code"], "replaced");
  while (old_one->receive(std::chrono::seconds(2))) {}
  EXPECT_TRUE(old_one->closed());
  std::mt19937 rng(1);
  new_one->send(act_message(state, rng));
  EXPECT_EQ(new_one->receive_until("ack")["version"], 1);
}

TEST_F(BadInput, UpgradesFromAnotherOriginAreRefusedUnlessAllowed) {
  EXPECT_EQ(upgrade_status(server->port, "https://evil.example"), 403u);
  EXPECT_EQ(upgrade_status(server->port, "http://127.0.0.1:" + std::to_string(server->port)), 101u);
  server.reset();
  options.allow_origins = {"https://sheep.example"};
  server = std::make_unique<RunningServer>(fresh_db("origins"), options);
  EXPECT_EQ(upgrade_status(server->port, "https://sheep.example"), 101u);
  EXPECT_EQ(upgrade_status(server->port, "https://evil.example"), 403u);
}

TEST_F(BadInput, BadCreateRequestsAreRefusedWithTheReason) {
  auto post = [&](const json& body) { return http_request(server->port, "POST", "/api/tables", body.dump()); };
  auto seats = json::array({{{"agent", "human"}}, {{"agent", "random"}}});
  auto refused = post({{"game", "chess"}, {"seats", seats}});
  EXPECT_EQ(refused.status, 400u);
  EXPECT_NE(refused.body["error"]["message"].get<std::string>().find("bye-bye"), std::string::npos)
      << "an unknown game lists the known ones";
  EXPECT_EQ(post({{"game", "bye-bye"}, {"seats", json::array({{{"agent", "human"}}})}}).status, 400u);  // one seat
  EXPECT_EQ(post({{"game", "bye-bye"}, {"seats", json::array({{{"agent", "ismcts:iters=-1"}}, {{"agent", "random"}}})}})
                .status,
            400u);
  EXPECT_EQ(post({{"game", "bye-bye"}, {"seats", seats}, {"params", {{"hand_limit", 999}}}}).status, 400u);
  EXPECT_EQ(
      post({{"game", "bye-bye"}, {"seats", json::array({{{"name", "\u001b[31m"}}, {{"agent", "random"}}})}}).status,
      400u);
  EXPECT_EQ(http_request(server->port, "POST", "/api/tables", "{nope").status, 400u);
  EXPECT_EQ(http_request(server->port, "POST", "/api/tables", std::string(70 * 1024, ' ')).status, 413u);
  EXPECT_EQ(http_request(server->port, "GET", "/api/nothing").status, 404u);
}

}  // namespace
}  // namespace bw::server::testing
