// The people around a table, over loopback: a friend names their seat, who is
// here is pushed to everyone, chat (its limits, its history, a restart),
// the rematch, and a seat whose person is gone (a clock, away, coming back).
#include <gtest/gtest.h>

#include <thread>

#include "people_client.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class People : public QuietServerTest {};

TEST_F(People, AFriendNamesTheirSeatAndEveryoneSeesWhoIsHere) {
  RunningServer server(fresh_db("names"));
  json table = create_table(server.port, "bye-bye", {"human", "human", "random"}, 3);
  WsClient ann(server.port);
  auto bob = std::make_unique<WsClient>(server.port);
  json joined = join(ann, table, token_of(table, 0), "Ann");
  EXPECT_EQ(joined["seats"][0]["name"], "Ann");
  json presence = ann.receive_until("presence");
  EXPECT_TRUE(presence["seats"][0]["connected"]);
  EXPECT_FALSE(presence["seats"][1]["connected"]);

  join(*bob, table, token_of(table, 1), "Bob  the Builder");
  json seen = receive_where(ann, "presence", [](const json& p) { return p["seats"][1]["connected"] == true; });
  EXPECT_EQ(seen["seats"][1]["name"], "Bob  the Builder");
  EXPECT_EQ(seen["seats"][0]["name"], "Ann");
  EXPECT_EQ(seen["spectators"], 0);

  // The lobby's view of the table (its token opens it) has the names too.
  auto info = http_request(server.port, "GET", "/api/tables/" + table["table"].get<std::string>(), "",
                           {{"Authorization", "Bearer " + token_of(table, 0)}});
  ASSERT_EQ(info.status, 200u) << info.text;
  EXPECT_EQ(info.body["seats"][1]["name"], "Bob  the Builder");

  // Bob leaves: Ann is told.
  bob.reset();
  receive_where(ann, "presence", [](const json& p) { return p["seats"][1]["connected"] == false; });
}

TEST_F(People, ANameIsCheckedLikeASeatsName) {
  RunningServer server(fresh_db("bad-names"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  for (const std::string& name : {std::string(33, 'x'), std::string("Ann\x1b[2J"), std::string(""),
                                  std::string("\xe2\x80\x8b")}) {  // a zero-width space alone
    WsClient client(server.port);
    client.send({{"type", "join"}, {"table", table["table"]}, {"token", token_of(table, 0)}, {"name", name}});
    json error = client.receive_until("error");
    EXPECT_EQ(error["code"], "bad-name") << name;
  }
}

TEST_F(People, ChatIsForSeatedPeopleBoundedAndStoredBeforeItIsSaid) {
  const std::string db = fresh_db("chat");
  json table;
  {
    RunningServer server(db);
    table = create_table(server.port, "bye-bye", {"human", "human"}, 5, {{"public", true}});
    WsClient ann(server.port), bob(server.port), watcher(server.port);
    join(ann, table, token_of(table, 0), "Ann");
    join(bob, table, token_of(table, 1), "Bob");
    watcher.send({{"type", "join"}, {"table", table["table"]}});
    watcher.receive_until("joined");

    json ack = send_and_answer(ann, {{"type", "chat"}, {"text", "<b>hello</b> Bob"}}, 1);
    EXPECT_EQ(ack["type"], "ack");
    for (WsClient* client : {&ann, &bob, &watcher}) {
      json line = client->receive_until("chat");
      EXPECT_EQ(line["text"], "<b>hello</b> Bob") << "kept as text, never interpreted";
      EXPECT_EQ(line["name"], "Ann");
      EXPECT_EQ(line["seat"], 0);
    }
    json refused = send_and_answer(watcher, {{"type", "chat"}, {"text", "me too"}}, 2);
    EXPECT_EQ(refused["code"], "not-seated");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", std::string(281, 'a')}}, 3)["code"], "bad-chat");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", "two\nlines"}}, 4)["code"], "bad-chat");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", "   "}}, 5)["code"], "bad-chat");
    EXPECT_EQ(send_and_answer(bob, {{"type", "chat"}, {"text", std::string(280, 'a')}}, 6)["type"], "ack");

    // A flood: a burst of five, then one line every two seconds.
    int said = 1, refused_rate = 0;
    for (int i = 0; i < 8; ++i) {
      json answer = send_and_answer(bob, {{"type", "chat"}, {"text", "line " + std::to_string(i)}}, 10 + i);
      if (answer["type"] == "ack") ++said;
      else if (answer["code"] == "chat-rate") ++refused_rate;
      else ADD_FAILURE() << answer.dump();
    }
    EXPECT_EQ(said, 5) << "the 280-character line and four more make the burst of five";
    EXPECT_EQ(refused_rate, 4);
  }
  // After a restart the chat is there for whoever joins.
  RunningServer again(db);
  WsClient ann(again.port);
  join(ann, table, token_of(table, 0));
  json history = ann.receive_until("chat-history");
  ASSERT_EQ(history["lines"].size(), 6u);
  EXPECT_EQ(history["lines"][0]["text"], "<b>hello</b> Bob");
  EXPECT_EQ(history["lines"][0]["name"], "Ann");
  EXPECT_EQ(history["lines"][5]["text"], "line 3");
}

TEST_F(People, NoChatAtATableOfOnePersonAndBots) {
  RunningServer server(fresh_db("no-chat"));
  json table = create_table(server.port, "bye-bye", {"human", "random"}, 5);
  WsClient me(server.port);
  json joined = join(me, table, token_of(table, 0));
  EXPECT_FALSE(joined["chat"]);
  EXPECT_EQ(send_and_answer(me, {{"type", "chat"}, {"text", "hi"}}, 1)["code"], "no-chat");
}

TEST_F(People, ARematchTakesThoseWhoAcceptToANewTableWithTheirSeats) {
  RunningServer server(fresh_db("rematch"));
  json table = create_table(server.port, "bye-bye", {"human", "human", "random"}, 11);
  WsClient ann(server.port), bob(server.port);
  join(ann, table, token_of(table, 0), "Ann");
  join(bob, table, token_of(table, 1), "Bob");
  EXPECT_EQ(send_and_answer(ann, {{"type", "rematch"}}, 1)["code"], "not-finished");

  // Both play to the end, each from its own thread.
  json ann_end, bob_end;
  std::thread bob_plays([&] { bob_end = play_to_end(bob, 2); });
  json ann_state;  // the refusal above was read past Ann's first decision
  for (const json& frame : ann.frames)
    if (frame["type"] == "state") ann_state = frame;
  ann_end = play_to_end(ann, 1, ann_state);
  bob_plays.join();
  ASSERT_FALSE(ann_end["result"].is_null());

  json mine = send_and_answer(ann, {{"type", "rematch"}}, 2);
  ASSERT_EQ(mine["type"], "rematch") << mine.dump();
  const std::string fresh = mine["table"];
  EXPECT_NE(fresh, table["table"].get<std::string>());
  json offer = receive_where(bob, "rematch-offer", [](const json&) { return true; });
  EXPECT_EQ(offer["table"], fresh);
  EXPECT_EQ(offer["accepted"], json::array({0}));
  json his = send_and_answer(bob, {{"type", "rematch"}}, 3);
  ASSERT_EQ(his["type"], "rematch");
  EXPECT_EQ(his["table"], fresh) << "one rematch per table, however many ask";
  EXPECT_NE(his["token"], mine["token"]);

  WsClient ann2(server.port), bob2(server.port);
  json joined = join(ann2, {{"table", fresh}}, mine["token"]);
  EXPECT_EQ(joined["you"], json::array({0}));
  EXPECT_EQ(joined["game"], "bye-bye");
  EXPECT_EQ(joined["seats"][0]["name"], "Ann");
  EXPECT_EQ(joined["seats"][1]["name"], "Bob");
  EXPECT_EQ(joined["seats"][2]["agent"], "random");
  EXPECT_EQ(join(bob2, {{"table", fresh}}, his["token"])["you"], json::array({1}));
  // A new seed: the new deal differs from the old one (the same seed would deal the same hands).
  json first_old = ann.frames.front();
  for (const json& frame : ann.frames)
    if (frame["type"] == "state") {
      first_old = frame;
      break;
    }
  json first_new = ann2.receive_until("state");
  EXPECT_NE(first_new["observation"]["hand"], first_old["observation"]["hand"]);
}

TEST_F(People, AClockThatRunsOutHandsTheSeatToABotUntilThePersonIsBack) {
  RunningServer server(fresh_db("clock"));
  // Bye-Bye with seat 1 (the person) to start: 1 s a decision.
  json table = create_table(server.port, "bye-bye", {"random", "human"}, 4,
                            {{"params", {{"start_player", 2}}}, {"time", {{"per_move", 1}}}, {"stand_in", "random"}});
  WsClient me(server.port);
  json joined = join(me, table, token_of(table, 0));
  EXPECT_EQ(joined["time"]["mode"], "per-move");
  EXPECT_EQ(joined["time"]["per_move"], 1);
  json clock = me.receive_until("clock");
  EXPECT_EQ(clock["running"], 1);
  EXPECT_LE(clock["remaining"][1].get<std::int64_t>(), 1000);
  const auto asked = std::chrono::steady_clock::now();
  json stand_in = me.receive_until("stand-in", std::chrono::seconds(5));
  const auto waited = std::chrono::steady_clock::now() - asked;
  EXPECT_EQ(stand_in["seat"], 1);
  EXPECT_EQ(stand_in["because"], "clock");
  EXPECT_GE(waited, std::chrono::milliseconds(700)) << "not before the second is up";
  // The bot plays the seat: versions move on without the person.
  json moved = receive_where(me, "state", [](const json& s) { return s["version"].get<int>() >= 2; });
  EXPECT_TRUE(moved["legal"].empty()) << "a stood-in person is asked nothing";
  json refused = send_and_answer(me, {{"type", "act"}, {"version", moved["version"]}, {"action", 0}}, 7);
  EXPECT_EQ(refused["type"], "error");

  json back = send_and_answer(me, {{"type", "back"}}, 8);
  EXPECT_EQ(back["type"], "ack") << back.dump();
  json presence = receive_where(me, "presence", [](const json& p) { return p["seats"][1]["stand_in"].is_null(); });
  EXPECT_TRUE(presence["seats"][1]["connected"]);
  EXPECT_EQ(send_and_answer(me, {{"type", "back"}}, 9)["code"], "not-stood-in");
}

TEST_F(People, APersonAwayOnTheirDecisionIsStoodInForAndTakesTheSeatBackByReturning) {
  RunningServer server(fresh_db("away"));
  json table = create_table(server.port, "bye-bye", {"human", "human"}, 6,
                            {{"params", {{"start_player", 1}}}, {"away_after", 1}, {"stand_in", "random"}});
  WsClient bob(server.port);
  join(bob, table, token_of(table, 1), "Bob");
  {
    WsClient ann(server.port);
    join(ann, table, token_of(table, 0), "Ann");
    ann.receive_until("state");
  }  // Ann's connection closes on her own decision
  json stand_in = bob.receive_until("stand-in", std::chrono::seconds(5));
  EXPECT_EQ(stand_in["seat"], 0);
  EXPECT_EQ(stand_in["because"], "away");
  EXPECT_EQ(stand_in["name"], "Ann");
  // Ann comes back with her link: the seat is hers again.
  WsClient ann(server.port);
  join(ann, table, token_of(table, 0));
  receive_where(bob, "presence", [](const json& p) {
    return p["seats"][0]["connected"] == true && p["seats"][0]["stand_in"].is_null();
  });
}

// The next state that asks this client to decide.
json next_decision(WsClient& client) {
  for (;;) {
    json state = client.receive_until("state");
    if (!state["legal"].empty()) return state;
  }
}

TEST_F(People, AClockSurvivesARestartWithoutChargingTheOutage) {
  const std::string db = fresh_db("clock-restart");
  json table;
  std::int64_t before = 0;
  {
    RunningServer server(db);
    table = create_table(server.port, "bye-bye", {"human", "random"}, 7,
                         {{"params", {{"start_player", 1}}}, {"time", {{"base", 60}, {"increment", 0}}}});
    WsClient ann(server.port);
    join(ann, table, token_of(table, 0));
    // One move of Ann's is stored, so the game has begun; then her next decision's clock runs.
    json first = next_decision(ann);
    ann.send({{"type", "act"}, {"version", first["version"]}, {"action", first["legal"][0]["id"]}});
    next_decision(ann);
    json clock = ann.receive_until("clock");
    ASSERT_EQ(clock["running"], 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    before = clock["remaining"][0].get<std::int64_t>() - 500;
  }
  std::this_thread::sleep_for(std::chrono::seconds(3));  // the outage
  {
    RunningServer again(db);
    WsClient ann(again.port);
    join(ann, table, token_of(table, 0));
    json clock = ann.receive_until("clock");
    EXPECT_EQ(clock["running"], 0);
    const std::int64_t left = clock["remaining"][0];
    EXPECT_LE(left, before + 100) << "the time used before the stop is still charged";
    EXPECT_GE(left, before - 1500) << "the 3 s outage is not charged (left " << left << " ms)";
    before = left;
  }
  // A second outage before Ann moves: neither outage is charged (the first
  // restart stored where it resumed her clock, not only her last move's time).
  std::this_thread::sleep_for(std::chrono::seconds(3));
  RunningServer third(db);
  WsClient ann(third.port);
  join(ann, table, token_of(table, 0));
  json clock = ann.receive_until("clock");
  const std::int64_t left = clock["remaining"][0];
  EXPECT_LE(left, before + 100);
  EXPECT_GE(left, before - 1500) << "the first outage is charged after the second restart (left " << left << " ms)";
}

TEST_F(People, ATimeControlIsCheckedAtCreation) {
  RunningServer server(fresh_db("time-requests"));
  for (const json& bad :
       {json{{"time", {{"per_move", 0}}}}, json{{"time", {{"per_move", 5}, {"base", 60}}}},
        json{{"time", {{"per_move", 5}, {"increment", 2}}}}, json{{"time", "blitz"}}, json{{"away_after", 0}},
        json{{"stand_in", "human"}}, json{{"stand_in", "ismcts:iters=999999"}},
        json{{"time", {{"base", 60}, {"increment", -1}}}}}) {
    json request{{"game", "bye-bye"}, {"seats", {{{"agent", "human"}}, {{"agent", "human"}}}}};
    request.update(bad);
    auto answer = http_request(server.port, "POST", "/api/tables", request.dump());
    EXPECT_EQ(answer.status, 400u) << bad.dump() << " " << answer.text;
  }
  json ok{{"game", "bye-bye"},
          {"seats", {{{"agent", "human"}}, {{"agent", "human"}}}},
          {"time", {{"per_move", 86400}}},
          {"away_after", 0}};
  EXPECT_EQ(http_request(server.port, "POST", "/api/tables", ok.dump()).status, 201u) << "turn-based, no away rule";
}

}  // namespace
}  // namespace bw::server::testing
