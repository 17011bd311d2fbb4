// Undo at a table where every other seat is a bot: the seat's last move and
// the bots' moves after it are taken back, in the store too, unless they
// showed the person something hidden.
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

// The first legal action whose target is of this kind ("draw", "play", ...).
json act_of_kind(const json& state, const std::string& kind) {
  for (const auto& action : state["legal"])
    if (action["target"]["kind"] == kind)
      return {{"type", "act"}, {"seat", state["seat"]}, {"version", state["version"]}, {"action", action["id"]}};
  ADD_FAILURE() << "no legal action of kind " << kind << " in " << state["legal"].dump();
  return nullptr;
}

// Choosing a Black Sheep field shows nothing hidden: it can be taken back.
TEST_F(Undo, TakesBackTheLastOwnMoveWhenItShowedNothingHidden) {
  RunningServer server(fresh_db("undo"));
  auto table = create_table(server.port, "black-sheep", {"human", "random"}, 8);
  WsClient me(server.port);
  me.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  json first = next_decision(me);  // after the bot's opening turn, if it starts
  const std::uint64_t start = first["version"];
  me.send(act_of_kind(first, "play"));  // play to a field
  json state = next_decision(me);
  ASSERT_EQ(state["version"], start + 1) << "placing the cards is the same seat's next decision";

  me.send({{"type", "undo"}, {"version", state["version"]}, {"ref", 9}});
  json ack = me.receive_until("ack");
  EXPECT_EQ(ack["version"], start);
  EXPECT_EQ(ack["ref"], 9);
  json back = me.receive_until("state");
  EXPECT_EQ(back["version"], start);
  EXPECT_EQ(back["observation"], first["observation"]) << "the state before the move, exactly";
  EXPECT_EQ(back["legal"], first["legal"]);
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

// Undo replays from the seed: a blind draw taken back would come out the same
// card again. So a move that showed the person a hidden card stays played.
TEST_F(Undo, IsRefusedAcrossADrawThatShowedAHiddenCard) {
  RunningServer server(fresh_db("undo-draw"));
  auto table = create_table(server.port, "bye-bye", {"human", "random", "random"}, 8);
  WsClient me(server.port);
  me.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  json first = next_decision(me);
  me.send(act_of_kind(first, "draw"));
  json state = next_decision(me);
  ASSERT_TRUE(state["result"].is_null());
  me.send({{"type", "undo"}, {"version", state["version"]}, {"ref", 4}});
  json refused = me.receive_until("error");
  EXPECT_EQ(refused["code"], "undo-refused");
  EXPECT_NE(refused["message"].get<std::string>().find("hidden"), std::string::npos) << refused.dump();
  EXPECT_EQ(refused["ref"], 4);
  // Nothing was taken back: the game goes on from where it was.
  json end = play_to_end(me, 5, state);
  EXPECT_GE(end["version"].get<std::uint64_t>(), state["version"].get<std::uint64_t>());
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
