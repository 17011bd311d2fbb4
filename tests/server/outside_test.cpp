// What one stranger may do to a public server (issue 33, findings 3, 5 and 6):
// fill it with tables, create them from another site's page, keep
// connections that never join, read a private table's seats, reach it under
// another host name (DNS rebinding), and lose a move to the rate limit.
#include <gtest/gtest.h>

#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class Outside : public QuietServerTest {
 protected:
  std::unique_ptr<RunningServer> start(ServeOptions options, const std::string& db_name) {
    return std::make_unique<RunningServer>(fresh_db(db_name), options);
  }
  static std::string body(bool is_public = false) {
    return json{{"game", "bye-bye"}, {"seats", {{{"agent", "human"}}, {{"agent", "random"}}}}, {"public", is_public}}
        .dump();
  }
};

TEST_F(Outside, OneClientCreatesAFewTablesAMinuteThenIsToldWhenToComeBack) {
  ServeOptions options;
  options.tables_per_minute = 3;
  auto server = start(options, "create-rate");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(http_request(server->port, "POST", "/api/tables", body()).status, 201u);
  auto refused = http_request(server->port, "POST", "/api/tables", body());
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(refused.body["error"]["code"], "rate-limited");
  ASSERT_FALSE(refused.retry_after.empty());
  EXPECT_GE(std::stoi(refused.retry_after), 1);
  EXPECT_LE(std::stoi(refused.retry_after), 20);  // a token comes back every 20 s at 3 a minute
}

TEST_F(Outside, OneClientHoldsAFewUnfinishedTablesAtMost) {
  ServeOptions options;
  options.open_tables_per_client = 2;
  auto server = start(options, "open-cap");
  EXPECT_EQ(http_request(server->port, "POST", "/api/tables", body()).status, 201u);
  EXPECT_EQ(http_request(server->port, "POST", "/api/tables", body()).status, 201u);
  auto refused = http_request(server->port, "POST", "/api/tables", body());
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(refused.body["error"]["code"], "too-many-tables");
  // A finished table no longer counts: a bots-only table plays to its end at once.
  ServeOptions again;
  again.open_tables_per_client = 1;
  server = start(again, "open-cap-finished");
  auto bots = json{{"game", "bye-bye"}, {"seats", {{{"agent", "random"}}, {{"agent", "random"}}}}}.dump();
  EXPECT_EQ(http_request(server->port, "POST", "/api/tables", bots).status, 201u);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  unsigned status = 0;
  while ((status = http_request(server->port, "POST", "/api/tables", body()).status) != 201u &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(status, 201u);
}

TEST_F(Outside, AnotherSitesPageCannotCreateTables) {
  auto server = start({}, "cross-origin");
  auto port = std::to_string(server->port);
  // What a form or a no-cors fetch on any web page can send without asking first.
  auto plain = http_request(server->port, "POST", "/api/tables", body(), {{"Content-Type", "text/plain"}});
  EXPECT_EQ(plain.status, 415u);
  auto form = http_request(server->port, "POST", "/api/tables", body(),
                           {{"Content-Type", "application/x-www-form-urlencoded"}, {"Origin", "https://evil.example"}});
  EXPECT_EQ(form.status, 415u);
  auto evil = http_request(server->port, "POST", "/api/tables", body(), {{"Origin", "https://evil.example"}});
  EXPECT_EQ(evil.status, 403u);
  EXPECT_EQ(evil.body["error"]["code"], "bad-origin");
  auto own = http_request(server->port, "POST", "/api/tables", body(), {{"Origin", "http://127.0.0.1:" + port}});
  EXPECT_EQ(own.status, 201u);
  EXPECT_EQ(http_request(server->port, "POST", "/api/replay", "{}", {{"Origin", "null"}}).status, 403u);
}

TEST_F(Outside, APrivateTableIsUnknownWithoutItsToken) {
  auto server = start({}, "private-info");
  auto secret = create_table(server->port, "bye-bye", {"human", "random"}, 1);
  auto open = create_table(server->port, "bye-bye", {"human", "random"}, 2, {{"public", true}});
  std::string path = "/api/tables/" + secret["table"].get<std::string>();
  auto without = http_request(server->port, "GET", path);
  EXPECT_EQ(without.status, 404u);
  EXPECT_EQ(without.text.find("\"seats\""), std::string::npos);
  EXPECT_EQ(http_request(server->port, "GET", path, "", {{"Authorization", "Bearer " + std::string(32, '0')}}).status,
            404u);
  std::string other_token = open["invites"][0]["token"];
  EXPECT_EQ(http_request(server->port, "GET", path, "", {{"Authorization", "Bearer " + other_token}}).status, 404u);
  std::string token = secret["spectator"]["token"];
  EXPECT_EQ(http_request(server->port, "GET", path, "", {{"Authorization", "Bearer " + token}}).status, 200u);
  EXPECT_EQ(http_request(server->port, "GET", "/api/tables/" + open["table"].get<std::string>()).status, 200u);
}

TEST_F(Outside, OnlyTheServersOwnHostNamesAreAnswered) {
  ServeOptions options;
  auto server = start(options, "hosts");
  auto port = std::to_string(server->port);
  // A DNS-rebinding page: its own name resolves to 127.0.0.1, and Origin matches Host.
  auto rebound = http_request(server->port, "POST", "/api/tables", body(),
                              {{"Host", "evil.example:" + port}, {"Origin", "http://evil.example:" + port}});
  EXPECT_EQ(rebound.status, 421u);
  EXPECT_EQ(http_request(server->port, "GET", "/api/tables", "", {{"Host", "evil.example:" + port}}).status, 421u);
  EXPECT_EQ(upgrade_status(server->port, "http://evil.example:" + port, "evil.example:" + port), 421u);
  for (const std::string& host : {"127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "192.168.1.5:" + port})
    EXPECT_EQ(http_request(server->port, "GET", "/api/tables", "", {{"Host", host}}).status, 200u) << host;
  options.public_urls = {"https://sheep.example.org"};
  server = start(options, "hosts-public");
  EXPECT_EQ(http_request(server->port, "GET", "/api/tables", "", {{"Host", "sheep.example.org"}}).status, 200u);
  EXPECT_EQ(upgrade_status(server->port, "https://sheep.example.org", "sheep.example.org"), 101u);
  // A proxy that passes $http_host keeps a port: the name is what is checked, the origin must match the page.
  EXPECT_EQ(upgrade_status(server->port, "https://sheep.example.org:8443", "sheep.example.org:8443"), 101u);
  EXPECT_EQ(upgrade_status(server->port, "https://evil.example", "sheep.example.org"), 403u);
}

TEST_F(Outside, HeadersOver16KiBAreAnsweredWith431) {
  auto server = start({}, "headers");
  auto answer = http_request(server->port, "GET", "/api", "", {{"X-Padding", std::string(20 * 1024, 'a')}});
  EXPECT_EQ(answer.status, 431u);
}

TEST_F(Outside, AConnectionThatNeverJoinsIsClosed) {
  ServeOptions options;
  options.join_within_seconds = 1;
  auto server = start(options, "join-deadline");
  WsClient idle(server->port);
  auto told = idle.receive_until("error", std::chrono::seconds(10));
  EXPECT_EQ(told["code"], "join-timeout");
  while (idle.receive(std::chrono::seconds(3))) {}
  EXPECT_TRUE(idle.closed());
  // One that joins in time stays.
  auto table = create_table(server->port, "bye-bye", {"human", "random"}, 3);
  WsClient seated(server->port);
  seated.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  seated.receive_until("joined");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  seated.send({{"type", "ping"}});
  EXPECT_EQ(seated.receive_until("pong")["type"], "pong");
}

TEST_F(Outside, OneAddressHoldsAFewConnectionsAtMost) {
  ServeOptions options;
  options.connections_per_client = 3;
  auto server = start(options, "connection-cap");
  std::vector<std::unique_ptr<WsClient>> held;
  for (int i = 0; i < 3; ++i) held.push_back(std::make_unique<WsClient>(server->port));
  EXPECT_EQ(upgrade_status(server->port, ""), 429u);
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the server sees the close
  EXPECT_EQ(upgrade_status(server->port, ""), 101u);
}

// The documented client answered every state at once and hung on a dropped action.
TEST_F(Outside, OverTheRateAMessageWaitsOrIsRefusedByItsRefNeverDropped) {
  ServeOptions options;
  options.messages_per_second = 10;  // bursts of 20, then a backlog of 32
  auto server = start(options, "rate-ref");
  WsClient client(server->port);
  const int sent = 80;
  for (int i = 0; i < sent; ++i) client.send({{"type", "ping"}, {"ref", i}});
  std::vector<int> answers(sent, 0);
  int pongs = 0, refused = 0;
  for (int answered = 0; answered < sent;) {
    auto frame = client.receive(std::chrono::seconds(10));
    ASSERT_TRUE(frame) << "only " << answered << " of " << sent << " messages were answered";
    if (!frame->contains("ref")) continue;
    int ref = (*frame)["ref"];
    ++answers.at(static_cast<std::size_t>(ref));
    ++answered;
    if ((*frame)["type"] == "pong") ++pongs;
    if ((*frame)["type"] == "error") {
      EXPECT_EQ((*frame)["code"], "rate-limited");
      EXPECT_GT((*frame)["retry_ms"].get<int>(), 0);
      ++refused;
    }
  }
  for (int i = 0; i < sent; ++i) EXPECT_EQ(answers[static_cast<std::size_t>(i)], 1) << "ref " << i;
  EXPECT_GE(pongs, 20 + 32);  // the burst, then the backlog as the bucket refills
  EXPECT_EQ(pongs + refused, sent);
}

TEST_F(Outside, AFastPersonLosesNoMove) {
  ServeOptions options;
  options.messages_per_second = 2;  // far below a fast player's pace: every move must still land
  auto server = start(options, "rate-moves");
  auto table = create_table(server->port, "bye-bye", {"human", "random"}, 4);
  WsClient client(server->port);
  client.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  std::mt19937 rng(5);
  int acked = 0;
  json state = client.receive_until("state");
  while (acked < 12 && state["result"].is_null()) {
    if (!state["legal"].empty()) {
      client.send(act_message(state, rng));
      client.receive_until("ack", std::chrono::seconds(20));
      ++acked;
    }
    state = client.receive_until("state", std::chrono::seconds(20));
  }
  EXPECT_GE(acked, 12);
}

TEST_F(Outside, BlankNamesAreRefused) {
  auto server = start({}, "names");
  for (const char* name : {"   ", "\u200d", "\u00a0\u200b"}) {
    json request{{"game", "bye-bye"}, {"seats", {{{"agent", "human"}, {"name", name}}, {{"agent", "random"}}}}};
    auto answer = http_request(server->port, "POST", "/api/tables", request.dump());
    EXPECT_EQ(answer.status, 400u) << answer.text;
  }
}

TEST_F(Outside, IdleTablesExpireTheirRecordStaysAndARestartLeavesThemGone) {
  std::string db = fresh_db("expiry");
  json table;
  {
    ServeOptions options;
    options.expire_after_seconds = 1;
    RunningServer server(db, options);
    table = create_table(server.port, "bye-bye", {"human", "random"}, 6, {{"public", true}});
    std::string id = table["table"];
    WsClient seat(server.port);
    seat.send({{"type", "join"}, {"table", id}, {"token", table["invites"][0]["token"]}});
    auto told = seat.receive_until("error", std::chrono::seconds(15));  // nobody moves
    EXPECT_EQ(told["code"], "table-expired");
    EXPECT_TRUE(http_request(server.port, "GET", "/api/tables").body["tables"].empty()) << "still in the lobby";
    EXPECT_EQ(http_request(server.port, "GET", "/api/tables/" + id + "/record").status, 200u);
    WsClient late(server.port);
    late.send({{"type", "join"}, {"table", id}, {"token", table["invites"][0]["token"]}});
    EXPECT_EQ(late.receive_until("error")["code"], "table-expired");
  }
  RunningServer restarted(db);
  EXPECT_EQ(restarted.restored(), 0u);
}

}  // namespace
}  // namespace bw::server::testing
