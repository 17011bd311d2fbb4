// Undo at a table where every other seat is a bot: the seat's last move and
// the bots' moves after it are taken back, in the store too.
#include <gtest/gtest.h>

#include <map>

#include "core/record.hpp"
#include "core/strict_json.hpp"
#include "games/catalog.hpp"
#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class Undo : public QuietServerTest {};

// The next state that asks this client to decide (or ends the game).
json next_decision(WsClient& client) {
  for (;;) {
    json state = client.receive_until("state");
    if (!state["legal"].empty() || !state["result"].is_null()) return state;
  }
}

TEST_F(Undo, TakesBackTheLastOwnMoveAndTheBotMovesAfterIt) {
  RunningServer server(fresh_db("undo"));
  auto table = create_table(server.port, "bye-bye", {"human", "random", "random"}, 8);
  WsClient me(server.port);
  me.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  std::mt19937 rng(3);
  std::map<std::uint64_t, json> decided;  // version -> the state this seat decided on
  std::uint64_t last_own = 0;
  json state;
  for (int moves = 0; moves < 4; ++moves) {
    state = next_decision(me);
    ASSERT_TRUE(state["result"].is_null());
    last_own = state["version"];
    decided[last_own] = state;
    me.send(act_message(state, rng));
  }
  state = next_decision(me);
  ASSERT_TRUE(state["result"].is_null());
  ASSERT_GT(state["version"].get<std::uint64_t>(), last_own);

  me.send({{"type", "undo"}, {"version", state["version"]}, {"ref", 9}});
  json ack = me.receive_until("ack");
  EXPECT_EQ(ack["version"], last_own);
  EXPECT_EQ(ack["ref"], 9);
  json back = me.receive_until("state");
  EXPECT_EQ(back["version"], last_own);
  EXPECT_EQ(back["observation"], decided[last_own]["observation"]) << "the state before the move, exactly";
  EXPECT_EQ(back["legal"], decided[last_own]["legal"]);
  EXPECT_TRUE(back["events"].empty()) << "an undo tells no events again";

  // Play on to the end: the stored record is the game as played after the undo.
  json end = play_to_end(me, 5, back);
  auto download = http_request(server.port, "GET", "/api/tables/" + table["table"].get<std::string>() + "/record");
  ASSERT_EQ(download.status, 200u) << download.text;
  GameRecord record = record_from_json(parse_strict_json(download.text, "the record"));
  EXPECT_EQ(record.actions.size(), end["version"].get<std::size_t>());
  auto final_state = replay(registry(), record);
  EXPECT_EQ(json(final_state->scores()), end["result"]["scores"]);
}

TEST_F(Undo, IsRefusedWithAnotherPersonForSpectatorsAndWithNothingToTakeBack) {
  RunningServer server(fresh_db("undo-refused"));
  auto shared = create_table(server.port, "bye-bye", {"human", "human", "random"}, 3);
  WsClient ann(server.port);
  ann.send({{"type", "join"}, {"table", shared["table"]}, {"token", shared["invites"][0]["token"]}});
  json state = ann.receive_until("state");
  ann.send({{"type", "undo"}, {"version", state["version"]}});
  json refused = ann.receive_until("error");
  EXPECT_EQ(refused["code"], "undo-refused");
  EXPECT_NE(refused["message"].get<std::string>().find("is a person"), std::string::npos);

  auto solo = create_table(server.port, "disguise", {"human", "random"}, 4);
  WsClient me(server.port);
  me.send({{"type", "join"}, {"table", solo["table"]}, {"token", solo["invites"][0]["token"]}});
  state = next_decision(me);
  me.send({{"type", "undo"}, {"version", state["version"]}});
  EXPECT_EQ(me.receive_until("error")["code"], "nothing-to-undo");
  me.send({{"type", "undo"}, {"version", state["version"].get<std::uint64_t>() + 5}});
  EXPECT_EQ(me.receive_until("error")["code"], "stale");
  me.send({{"type", "undo"}, {"version", 0}, {"seat", 0}});
  EXPECT_EQ(me.receive_until("error")["code"], "bad-message");

  WsClient watcher(server.port);
  watcher.send({{"type", "join"}, {"table", solo["table"]}, {"token", solo["spectator"]["token"]}});
  state = watcher.receive_until("state");
  watcher.send({{"type", "undo"}, {"version", state["version"]}});
  EXPECT_EQ(watcher.receive_until("error")["code"], "not-seated");
}

}  // namespace
}  // namespace bw::server::testing
