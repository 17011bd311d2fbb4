// Who is who at a table, over loopback (issue 49's table defects): names at
// one table differ, also case-folded and by look; a seat keeps its name when
// its link is opened elsewhere, and a chat line the name it was sent under;
// move texts name the seats; every refusal carries its message's ref; a
// rematch counts toward its creator's table limits.
#include <gtest/gtest.h>

#include <thread>

#include "people_client.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class NamesAtTable : public QuietServerTest {};

// POST /api/tables of Bye-Bye with a seat per name: a person when the name is given, else the agent.
HttpResult create_named(unsigned short port, const std::vector<json>& seats, json extra = json::object()) {
  json request = std::move(extra);
  request["game"] = "bye-bye";
  request["seats"] = seats;
  return http_request(port, "POST", "/api/tables", request.dump());
}

json person(const std::string& name) { return {{"agent", "human"}, {"name", name}}; }

// "Ann" (Latin) and its look-alikes: other case, Cyrillic А (U+0410), full-width letters, a zero-width space.
const std::vector<std::string> kLikeAnn = {
    "Ann", "ann", "ANN", "\xd0\x90nn", "\xef\xbc\xa1\xef\xbd\x8e\xef\xbd\x8e", "A\xe2\x80\x8bnn"};

TEST_F(NamesAtTable, ATableIsNotMadeWithTwoSeatsOfOneName) {
  RunningServer server(fresh_db("names-create"));
  for (const std::string& other : kLikeAnn) {
    auto answer = create_named(server.port, {person("Ann"), person(other)}, {{"public", true}});
    EXPECT_EQ(answer.status, 409u) << other << ": " << answer.text;
    EXPECT_EQ(answer.body["error"]["code"], "name-taken") << other;
  }
  // A person is not called like a bot level, nor by another seat's label.
  for (const char* name : {"Medium", "hard", "P2"}) {
    auto answer = create_named(server.port, {person(name), {{"agent", "random"}}, {{"agent", "random"}}});
    EXPECT_EQ(answer.status, 400u) << name << ": " << answer.text;
    EXPECT_EQ(answer.body["error"]["code"], "bad-name") << name;
  }
  EXPECT_TRUE(http_request(server.port, "GET", "/api/tables").body["tables"].empty());
  EXPECT_EQ(create_named(server.port, {person("Ann"), person("Anne")}).status, 201u);
  EXPECT_EQ(create_named(server.port, {person("Ann"), person("P2")}).status, 201u) << "a seat's own label";
}

TEST_F(NamesAtTable, ASeatIsNotRenamedToAnotherSeatsNameOrALookAlike) {
  RunningServer server(fresh_db("names-rename"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  WsClient ann(server.port), bob(server.port);
  join(ann, table, token_of(table, 0), "Ann");
  join(bob, table, token_of(table, 1), "Bob");
  int ref = 0;
  for (const std::string& name : kLikeAnn) {
    json answer = send_and_answer(bob, {{"type", "name"}, {"name", name}}, ++ref);
    EXPECT_EQ(answer["code"], "name-taken") << name << ": " << answer.dump();
  }
  for (const char* name : {"Easy", "random", "P1"}) {
    json answer = send_and_answer(bob, {{"type", "name"}, {"name", name}}, ++ref);
    EXPECT_EQ(answer["code"], "bad-name") << name << ": " << answer.dump();
  }
  EXPECT_EQ(send_and_answer(bob, {{"type", "name"}, {"name", "BOB"}}, ++ref)["type"], "ack") << "their own name";
  json presence = receive_where(ann, "presence", [](const json& p) { return p["seats"][1]["name"] == "BOB"; });
  EXPECT_EQ(presence["seats"][0]["name"], "Ann");
}

TEST_F(NamesAtTable, AJoinNamingTheSeatLikeAnotherKeepsItNamelessAndSaysWhy) {
  RunningServer server(fresh_db("names-join"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  WsClient ann(server.port), other(server.port);
  join(ann, table, token_of(table, 0), "Ann");
  other.send({{"type", "join"}, {"table", table["table"]}, {"token", token_of(table, 1)}, {"name", "ANN"}, {"ref", 7}});
  json joined = other.receive_until("joined");
  EXPECT_EQ(joined["seats"][1]["name"], "P2");
  json refusal = other.receive_until("error");
  EXPECT_EQ(refusal["code"], "name-taken");
  EXPECT_EQ(refusal["ref"], 7);
}

TEST_F(NamesAtTable, ALinkOpenedInAnotherBrowserKeepsTheSeatsNameAndItsChat) {
  RunningServer server(fresh_db("names-rejoin"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  WsClient alice(server.port);
  auto bob = std::make_unique<WsClient>(server.port);
  join(alice, table, token_of(table, 0), "Alice");
  join(*bob, table, token_of(table, 1), "Bob");
  EXPECT_EQ(send_and_answer(*bob, {{"type", "chat"}, {"text", "thanks Alice!"}}, 1)["type"], "ack");
  // The same invite in another browser, which remembers another name.
  WsClient elsewhere(server.port);
  json joined = join(elsewhere, table, token_of(table, 1), "Newbie");
  EXPECT_EQ(joined["seats"][1]["name"], "Bob");
  json history = elsewhere.receive_until("chat-history");
  EXPECT_EQ(history["lines"][0]["name"], "Bob");
  EXPECT_EQ(elsewhere.receive_until("presence")["seats"][1]["name"], "Bob") << "as everyone sees it";
}

TEST_F(NamesAtTable, AChatLineKeepsTheNameItWasSentUnderAlsoAfterARestart) {
  const std::string db = fresh_db("names-chat");
  json table;
  {
    RunningServer server(db);
    table = create_table(server.port, "bye-bye", {"human", "human"}, 3, {{"public", true}});
    WsClient alice(server.port), bob(server.port);
    join(alice, table, token_of(table, 0), "Alice");
    join(bob, table, token_of(table, 1), "Bob");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", "thanks Alice!"}}, 1)["type"], "ack");
    EXPECT_EQ(send_and_answer(bob, {{"type", "name"}, {"name", "Robert"}}, 2)["type"], "ack");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", "call me Robert"}}, 3)["type"], "ack");
    WsClient watcher(server.port);
    watcher.send({{"type", "join"}, {"table", table["table"]}});
    json history = watcher.receive_until("chat-history");
    ASSERT_EQ(history["lines"].size(), 2u);
    EXPECT_EQ(history["lines"][0]["name"], "Bob");
    EXPECT_EQ(history["lines"][1]["name"], "Robert");
  }
  RunningServer again(db);
  WsClient watcher(again.port);
  watcher.send({{"type", "join"}, {"table", table["table"]}});
  json history = watcher.receive_until("chat-history");
  ASSERT_EQ(history["lines"].size(), 2u);
  EXPECT_EQ(history["lines"][0]["name"], "Bob");
  EXPECT_EQ(history["lines"][1]["name"], "Robert");
}

TEST_F(NamesAtTable, MoveTextsShownToPeopleNameTheSeats) {
  RunningServer server(fresh_db("names-moves"));
  auto created = create_named(server.port, {person("Ann"), person("Bob"), {{"agent", "random"}}},
                              {{"params", {{"start_player", 1}}}});
  ASSERT_EQ(created.status, 201u) << created.text;
  WsClient ann(server.port);
  join(ann, created.body, token_of(created.body, 0));
  json state = receive_where(ann, "state", [](const json& s) { return !s["legal"].empty(); });
  bool drew_from_bob = false;
  for (const json& move : state["legal"]) {
    const std::string label = move.value("label", "");
    EXPECT_EQ(label.find("P2"), std::string::npos) << move.dump();
    EXPECT_EQ(move["hint"].get<std::string>().find("P2"), std::string::npos) << move.dump();
    if (move["text"] == "draw from P2") {
      EXPECT_EQ(label, "draw from Bob");
      drew_from_bob = true;
    }
    if (move["text"] == "draw from P3") {
      EXPECT_EQ(label, "draw from P3") << "the bot's seat has no other name";
    }
  }
  EXPECT_TRUE(drew_from_bob) << state["legal"].dump();
}

// The moves a seat was offered before another seat was named are offered again, naming it.
TEST_F(NamesAtTable, ANewNameReachesTheMovesAlreadyOffered) {
  RunningServer server(fresh_db("names-moves-renamed"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3, {{"params", {{"start_player", 1}}}});
  WsClient ann(server.port), bob(server.port);
  join(ann, table, token_of(table, 0), "Ann");
  auto offers = [](const std::string& label) {
    return [label](const json& s) {
      for (const json& move : s["legal"])
        if (move.value("label", "") == label) return true;
      return false;
    };
  };
  receive_where(ann, "state", offers("draw from P2"));
  join(bob, table, token_of(table, 1), "Bob");
  json again = receive_where(ann, "state", offers("draw from Bob"));
  EXPECT_TRUE(again["events"].empty()) << "nothing happened: the same version again";
  EXPECT_EQ(send_and_answer(bob, {{"type", "name"}, {"name", "Robert"}}, 1)["type"], "ack");
  receive_where(ann, "state", offers("draw from Robert"));
}

TEST_F(NamesAtTable, EveryRefusalCarriesItsMessagesRef) {
  RunningServer server(fresh_db("names-refs"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  WsClient client(server.port);
  json bad_join{{"type", "join"}, {"table", table["table"]}, {"token", token_of(table, 0)}, {"name", ""}};
  json answer = send_and_answer(client, bad_join, "j1");
  EXPECT_EQ(answer["code"], "bad-name");
  answer = send_and_answer(client, {{"type", "join"}, {"table", table["table"]}, {"colour", "red"}}, 2);
  EXPECT_EQ(answer["code"], "bad-message");
  join(client, table, token_of(table, 0), "Ann");
  answer = send_and_answer(client, {{"type", "name"}, {"name", std::string(33, 'x')}}, 3);
  EXPECT_EQ(answer["code"], "bad-name");
  answer = send_and_answer(client, {{"type", "act"}, {"action", 0}}, "no-version");
  EXPECT_EQ(answer["code"], "bad-message");
}

// A person plays a table of them and a bot to its end; returns their connection's last state.
json finish(WsClient& client, const json& table) {
  join(client, table, token_of(table, 0));
  return play_to_end(client, 1);
}

TEST_F(NamesAtTable, ARematchCountsTowardItsCreatorsTablesPerMinute) {
  ServeOptions options;
  options.tables_per_minute = 1;
  RunningServer server(fresh_db("names-rematch-rate"), options);
  json table = create_table(server.port, "bye-bye", {"human", "random"}, 3);
  WsClient me(server.port);
  ASSERT_FALSE(finish(me, table)["result"].is_null());
  json answer = send_and_answer(me, {{"type", "rematch"}}, 2);
  EXPECT_EQ(answer["type"], "error") << answer.dump();
  EXPECT_EQ(answer["code"], "rate-limited");
  EXPECT_GT(answer.value("retry_ms", 0), 0);
}

TEST_F(NamesAtTable, ARematchCountsTowardItsCreatorsOpenTables) {
  ServeOptions options;
  options.open_tables_per_client = 1;
  RunningServer server(fresh_db("names-rematch-open"), options);
  json table = create_table(server.port, "bye-bye", {"human", "random"}, 3);
  WsClient me(server.port);
  ASSERT_FALSE(finish(me, table)["result"].is_null());
  create_table(server.port, "bye-bye", {"human", "random"}, 4);  // the one open table this address may hold
  json answer = send_and_answer(me, {{"type", "rematch"}}, 2);
  EXPECT_EQ(answer["type"], "error") << answer.dump();
  EXPECT_EQ(answer["code"], "too-many-tables");
}

}  // namespace
}  // namespace bw::server::testing
