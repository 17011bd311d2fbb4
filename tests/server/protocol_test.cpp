// The protocol over loopback: whole games with bots, people at one table,
// spectators, reconnecting, restarting the server (docs/protocol.md).
#include <gtest/gtest.h>

#include "core/record.hpp"
#include "core/strict_json.hpp"
#include "games/catalog.hpp"
#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class Protocol : public QuietServerTest {};

// Downloads the record and replays it through the rules: the result must be the one the clients saw.
void expect_record_matches(unsigned short port, const std::string& table, const json& final_state) {
  auto download = http_request(port, "GET", "/api/tables/" + table + "/record");
  ASSERT_EQ(download.status, 200u) << download.text;
  GameRecord record = record_from_json(parse_strict_json(download.text, "the record"));
  auto state = replay(registry(), record);
  EXPECT_TRUE(state->is_terminal());
  EXPECT_EQ(record.actions.size(), final_state["version"].get<std::size_t>());
  EXPECT_EQ(json(state->scores()), final_state["result"]["scores"]);
  EXPECT_EQ(json(state->winners()), final_state["result"]["winners"]);
}

TEST_F(Protocol, EveryGameToTheEndWithBotsWatchedByASpectator) {
  RunningServer server(fresh_db("bots"));
  std::uint64_t seed = 1;
  int watched = 0;
  for (const auto& game : registry().games()) {
    int players = std::max(3, game.min_players);
    std::vector<std::string> seats(players, "random");
    seats[0] = "heuristic";
    auto table = create_table(server.port, game.id, seats, seed++, {{"public", true}});
    // Bots play at once, so the game may be over before the spectator arrives.
    WsClient watcher(server.port);
    watcher.send({{"type", "join"}, {"table", table["table"]}, {"token", table["spectator"]["token"]}});
    auto answer = watcher.receive();
    ASSERT_TRUE(answer);
    json last;
    if ((*answer)["type"] == "error") {
      EXPECT_EQ((*answer)["code"], "table-finished");
      auto end = http_request(server.port, "GET", "/api/tables/" + table["table"].get<std::string>() + "/record");
      ASSERT_EQ(end.status, 200u);
      last = {{"version", end.body["actions"].size()}, {"result", end.body["result"]}};
    } else {
      EXPECT_TRUE((*answer)["spectator"].get<bool>());
      ++watched;
    }
    while (last.is_null() || last["result"].is_null()) {
      last = watcher.receive_until("state", std::chrono::seconds(30));
      EXPECT_TRUE(last["seat"].is_null());
      EXPECT_TRUE(last["legal"].empty()) << "a spectator never gets legal actions";
    }
    SCOPED_TRACE(game.id);
    expect_record_matches(server.port, table["table"], last);
  }
  std::cout << "[bots] spectator watched " << watched << " of " << registry().games().size() << " games live\n";
}

TEST_F(Protocol, PublicTablesAreInTheLobbyAndSpectatorsNeedNoTokenThere) {
  RunningServer server(fresh_db("lobby"));
  auto open = create_table(server.port, "bye-bye", {"human", "human"}, 3, {{"public", true}});
  auto secret = create_table(server.port, "bye-bye", {"human", "human"}, 3);
  auto lobby = http_request(server.port, "GET", "/api/tables").body["tables"];
  ASSERT_EQ(lobby.size(), 1u);
  EXPECT_EQ(lobby[0]["table"], open["table"]);
  EXPECT_EQ(lobby[0]["seats"][0]["connected"], false);
  WsClient watcher(server.port);
  watcher.send({{"type", "join"}, {"table", open["table"]}});
  EXPECT_TRUE(watcher.receive_until("joined")["spectator"].get<bool>());
  WsClient snoop(server.port);
  snoop.send({{"type", "join"}, {"table", secret["table"]}});
  EXPECT_EQ(snoop.receive_until("error")["code"], "bad-token");
  auto games = http_request(server.port, "GET", "/api/games").body["games"];
  EXPECT_EQ(games.size(), registry().games().size());
}

TEST_F(Protocol, TwoPeopleAndABotPlayOneTable) {
  RunningServer server(fresh_db("two"));
  auto table = create_table(server.port, "hustle", {"human", "random", "human"}, 11);
  WsClient ann(server.port), cat(server.port);
  ann.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
  cat.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][1]["token"]}});
  EXPECT_EQ(ann.receive_until("joined")["you"], json({0}));
  EXPECT_EQ(cat.receive_until("joined")["you"], json({2}));
  json ann_end, cat_end;
  std::thread other([&] { cat_end = play_to_end(cat, 5); });
  ann_end = play_to_end(ann, 6);
  other.join();
  EXPECT_EQ(ann_end["version"], cat_end["version"]);
  EXPECT_EQ(ann_end["result"], cat_end["result"]);
  expect_record_matches(server.port, table["table"], ann_end);
}

TEST_F(Protocol, AHotSeatTokenHoldsEveryHumanSeat) {
  RunningServer server(fresh_db("hotseat"));
  auto table = create_table(server.port, "black-sheep", {"human", "human", "random"}, 8, {{"hotseat", true}});
  ASSERT_TRUE(table.contains("hotseat"));
  EXPECT_EQ(table["hotseat"]["seats"], json({0, 1}));
  WsClient both(server.port);
  both.send({{"type", "join"}, {"table", table["table"]}, {"token", table["hotseat"]["token"]}});
  EXPECT_EQ(both.receive_until("joined")["you"], json({0, 1}));
  auto end = play_to_end(both, 9);
  expect_record_matches(server.port, table["table"], end);
}

TEST_F(Protocol, AReconnectingSeatGetsTheCurrentStateAndPlaysOn) {
  RunningServer server(fresh_db("reconnect"));
  auto table = create_table(server.port, "boom-bah", {"human", "random"}, 21);
  std::string token = table["invites"][0]["token"];
  std::uint64_t seen = 0;
  {
    WsClient first(server.port);
    first.send({{"type", "join"}, {"table", table["table"]}, {"token", token}});
    std::mt19937 rng(1);
    for (int moves = 0; moves < 3;) {
      auto state = first.receive_until("state");
      seen = state["version"];
      if (!state["legal"].empty() && state["result"].is_null()) {
        first.send(act_message(state, rng));
        ++moves;
      }
    }
    first.receive_until("ack");
  }
  WsClient again(server.port);
  again.send({{"type", "join"}, {"table", table["table"]}, {"token", token}});
  again.receive_until("joined");
  auto state = again.receive_until("state");
  EXPECT_GT(state["version"].get<std::uint64_t>(), seen) << "the acknowledged action is part of the state";
  EXPECT_TRUE(state["events"].empty()) << "a snapshot has no events";
  auto end = play_to_end(again, 4, state);
  expect_record_matches(server.port, table["table"], end);
}

TEST_F(Protocol, ARestartedServerRestoresUnfinishedTables) {
  std::string db = fresh_db("restart");
  json table;
  std::string token;
  std::uint64_t version = 0;
  {
    RunningServer server(db);
    table = create_table(server.port, "disguise", {"human", "heuristic", "random"}, 31);
    token = table["invites"][0]["token"];
    WsClient client(server.port);
    client.send({{"type", "join"}, {"table", table["table"]}, {"token", token}});
    std::mt19937 rng(2);
    for (int moves = 0; moves < 4;) {
      auto state = client.receive_until("state");
      if (!state["legal"].empty()) {
        client.send(act_message(state, rng));
        version = client.receive_until("ack")["version"];
        ++moves;
      }
    }
  }
  RunningServer server(db);
  EXPECT_EQ(server.restored(), 1u);
  WsClient client(server.port);
  client.send({{"type", "join"}, {"table", table["table"]}, {"token", token}});
  auto state = client.receive_until("state");
  EXPECT_GE(state["version"].get<std::uint64_t>(), version);
  auto end = play_to_end(client, 3, state);
  expect_record_matches(server.port, table["table"], end);
}

TEST_F(Protocol, ASlowBotNeverDelaysAnotherTable) {
  ServeOptions options;
  options.bot_threads = 1;
  RunningServer server(fresh_db("slowbot"), options);
  auto thinker = create_table(server.port, "bye-bye", {"ismcts:ms=300", "ismcts:ms=300"}, 41);
  auto table = create_table(server.port, "bye-bye", {"human", "human"}, 42, {{"hotseat", true}});
  WsClient both(server.port);
  both.send({{"type", "join"}, {"table", table["table"]}, {"token", table["hotseat"]["token"]}});
  std::mt19937 rng(3);
  double worst_ms = 0;
  for (int moves = 0; moves < 20;) {
    auto state = both.receive_until("state");
    if (!state["result"].is_null()) break;
    if (state["legal"].empty()) continue;
    auto sent = std::chrono::steady_clock::now();
    both.send(act_message(state, rng));
    both.receive_until("ack");
    worst_ms =
        std::max(worst_ms, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count());
    ++moves;
  }
  EXPECT_LT(worst_ms, 250.0) << "an acknowledgement waited for a bot's 300 ms search";
}

TEST_F(Protocol, RecordsOfUnfinishedTablesStaySecret) {
  RunningServer server(fresh_db("secret"));
  auto table = create_table(server.port, "bye-bye", {"human", "random"}, 5);
  auto download = http_request(server.port, "GET", "/api/tables/" + table["table"].get<std::string>() + "/record");
  EXPECT_EQ(download.status, 409u);
  EXPECT_EQ(download.body["error"]["code"], "not-finished");
  EXPECT_EQ(http_request(server.port, "GET", "/api/tables/nosuchtable/record").status, 404u);
}

TEST_F(Protocol, WithoutAFrontEndTheRootSaysSo) {
  RunningServer server(fresh_db("static"));
  auto page = http_request(server.port, "GET", "/");
  EXPECT_EQ(page.status, 200u);
  EXPECT_NE(page.text.find("front end is not built"), std::string::npos);
}

}  // namespace
}  // namespace bw::server::testing
