// Meeting people (docs/protocol.md, "Meeting people"): Play now seats
// people who asked for the same game together (bots after the wait they
// chose), its queue survives a restart; an open seat is taken from the
// lobby by a signed-in person; the lobby hears who is online.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "account_client.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;

json play_now(unsigned short port, const std::string& cookie, json request) {
  auto asked = http_request(port, "POST", "/api/play-now", request.dump(), {{"Cookie", cookie}});
  EXPECT_EQ(asked.status, 200u) << asked.text;
  return asked.body;
}

json ask_black_sheep(int players, json bots_after) {
  return {{"game", "black-sheep"},
          {"players", players},
          {"time", {{"base", 300}, {"increment", 5}}},
          {"bots_after", std::move(bots_after)}};
}

// Asks about the ticket as a waiting browser does, once every 100 ms, until it is seated (or 15 s).
json seated(unsigned short port, const std::string& cookie) {
  json ticket;
  for (int i = 0; i < 150; ++i) {
    ticket = http_request(port, "GET", "/api/play-now", "", {{"Cookie", cookie}}).body;
    if (ticket["state"] == "seated") return ticket;
    std::this_thread::sleep_for(100ms);
  }
  ADD_FAILURE() << "not seated: " << ticket.dump();
  return ticket;
}

json joined_without_link(unsigned short port, const std::string& cookie, const std::string& table) {
  WsClient client(port, "", 0, cookie);
  client.send({{"type", "join"}, {"table", table}});
  return client.receive_until("joined");
}

class PlayNow : public QuietServerTest {
 protected:
  std::string db_ = fresh_db("play-now");
  std::optional<RunningServer> server_{std::in_place, db_};
  unsigned short port() const { return server_->port; }
};

TEST_F(PlayNow, TwoPeopleAskingForTheSameGameSitTogetherAtARatedTable) {
  const std::string ann = create_account(port(), "Ann");
  const std::string bob = create_account(port(), "Bob");
  json waiting = play_now(port(), ann, ask_black_sheep(2, nullptr));
  EXPECT_EQ(waiting["state"], "waiting");
  EXPECT_EQ(waiting["game"], "black-sheep");
  EXPECT_EQ(waiting["rating"], 25.0);
  EXPECT_EQ(waiting["bots_after"], nullptr);
  play_now(port(), bob, ask_black_sheep(2, nullptr));
  json for_ann = seated(port(), ann), for_bob = seated(port(), bob);
  ASSERT_EQ(for_ann["state"], "seated");
  ASSERT_EQ(for_ann["table"], for_bob["table"]);
  EXPECT_EQ(for_ann["url"], "/play/" + for_ann["table"].get<std::string>());
  const std::string id = for_ann["table"];
  // Each is in their own seat with no link, under their name; the table is public, rated and timed.
  EXPECT_EQ(joined_without_link(port(), ann, id)["you"], json::array({for_ann["seat"]}));
  EXPECT_EQ(joined_without_link(port(), bob, id)["you"], json::array({for_bob["seat"]}));
  json info = http_request(port(), "GET", "/api/tables/" + id).body;
  EXPECT_TRUE(info["rated"].get<bool>());
  EXPECT_TRUE(info["public"].get<bool>());
  EXPECT_EQ(info["time"]["base"], 300);
  EXPECT_EQ(info["seats"][for_ann["seat"].get<int>()]["name"], "Ann");
  EXPECT_EQ(info["seats"][for_bob["seat"].get<int>()]["name"], "Bob");
  // Asking again starts a new wait, not the old table.
  EXPECT_EQ(play_now(port(), ann, ask_black_sheep(3, nullptr))["state"], "waiting");
  EXPECT_EQ(http_request(port(), "DELETE", "/api/play-now", "", {{"Cookie", ann}}).body["state"], "none");
  EXPECT_EQ(http_request(port(), "GET", "/api/play-now", "", {{"Cookie", ann}}).body["state"], "none");
}

TEST_F(PlayNow, BotsFillTheRestAfterTheWaitAndATableOfOnePersonIsNotRated) {
  const std::string ann = create_account(port(), "Ann");
  play_now(port(), ann, ask_black_sheep(3, 1));
  json ticket = seated(port(), ann);
  ASSERT_EQ(ticket["state"], "seated");
  json info = http_request(port(), "GET", "/api/tables/" + ticket["table"].get<std::string>()).body;
  EXPECT_FALSE(info["rated"].get<bool>());
  ASSERT_EQ(info["seats"].size(), 3u);
  EXPECT_EQ(info["seats"][0]["agent"], "human");
  EXPECT_EQ(info["seats"][1]["agent"], "medium");
  EXPECT_EQ(info["seats"][2]["agent"], "medium");
}

TEST_F(PlayNow, TheQueueSurvivesARestart) {
  const std::string ann = create_account(port(), "Ann");
  const std::string bob = create_account(port(), "Bob");
  const std::string cy = create_account(port(), "Cy");
  play_now(port(), ann, ask_black_sheep(3, nullptr));
  // Asks in the same millisecond are ordered by account id, which is random: make Ann's the older.
  std::this_thread::sleep_for(5ms);
  play_now(port(), bob, ask_black_sheep(3, nullptr));
  server_.reset();
  server_.emplace(db_);
  EXPECT_EQ(http_request(port(), "GET", "/api/play-now", "", {{"Cookie", ann}}).body["state"], "waiting");
  play_now(port(), cy, ask_black_sheep(3, nullptr));
  json for_ann = seated(port(), ann), for_cy = seated(port(), cy);
  EXPECT_EQ(for_ann["table"], for_cy["table"]);
  EXPECT_EQ(seated(port(), bob)["table"], for_ann["table"]);
  // Oldest first: Ann asked first, then Bob, then Cy.
  EXPECT_EQ(for_ann["seat"], 0);
  EXPECT_EQ(for_cy["seat"], 2);
}

TEST_F(PlayNow, ABadRequestIsRefusedInWordsAndNothingIsQueued) {
  const std::string ann = create_account(port(), "Ann");
  auto refused = [&](json request, const std::string& cookie, unsigned status, const std::string& code) {
    auto answer = http_request(port(), "POST", "/api/play-now", request.dump(), {{"Cookie", cookie}});
    EXPECT_EQ(answer.status, status) << answer.text;
    EXPECT_EQ(answer.body["error"]["code"], code) << answer.text;
  };
  refused(ask_black_sheep(2, nullptr), "", 401, "not-signed-in");
  json untimed = ask_black_sheep(2, nullptr);
  untimed.erase("time");
  refused(untimed, ann, 400, "bad-request");
  refused(ask_black_sheep(9, nullptr), ann, 400, "bad-request");
  json unknown_game = ask_black_sheep(2, nullptr);
  unknown_game["game"] = "chess";
  refused(unknown_game, ann, 400, "bad-request");
  json slow = ask_black_sheep(2, 7200);
  refused(slow, ann, 400, "bad-request");
  json strong = ask_black_sheep(2, 5);
  strong["bot"] = "ismcts:iters=999999";
  refused(strong, ann, 400, "bad-request");
  json extra = ask_black_sheep(2, 5);
  extra["rated"] = false;
  refused(extra, ann, 400, "bad-request");
  EXPECT_EQ(http_request(port(), "GET", "/api/play-now", "", {{"Cookie", ann}}).body["state"], "none");
  EXPECT_EQ(http_request(port(), "GET", "/api/play-now").status, 401u);
}

TEST_F(PlayNow, AnOpenSeatIsTakenFromTheLobbyByOneSignedInPerson) {
  const std::string bob = create_account(port(), "Bob");
  const std::string cy = create_account(port(), "Cy");
  json request{{"game", "bye-bye"},
               {"public", true},
               {"seats", {{{"agent", "human"}, {"name", "Ann"}}, {{"agent", "human"}, {"open", true}}}}};
  auto made = http_request(port(), "POST", "/api/tables", request.dump());
  ASSERT_EQ(made.status, 201u) << made.text;
  const std::string id = made.body["table"];
  ASSERT_EQ(made.body["invites"].size(), 1u);  // the open seat has no link
  EXPECT_EQ(made.body["invites"][0]["seat"], 0);
  auto lobby_seat = [&] {
    const json lobby = http_request(port(), "GET", "/api/tables").body;
    for (const auto& table : lobby["tables"])
      if (table["table"] == id) return table["seats"][1];
    return json();
  };
  EXPECT_EQ(lobby_seat()["open"], true);
  const std::string take = "/api/tables/" + id + "/seats/1";
  EXPECT_EQ(http_request(port(), "POST", take, "{}").status, 401u);  // a guest signs in first
  auto taken = http_request(port(), "POST", take, "{}", {{"Cookie", bob}});
  ASSERT_EQ(taken.status, 200u) << taken.text;
  EXPECT_EQ(taken.body["url"], "/play/" + id);
  auto second = http_request(port(), "POST", take, "{}", {{"Cookie", cy}});
  EXPECT_EQ(second.status, 409u);
  EXPECT_EQ(second.body["error"]["code"], "seat-taken");
  EXPECT_EQ(http_request(port(), "POST", "/api/tables/" + id + "/seats/0", "{}", {{"Cookie", cy}}).status, 409u);
  EXPECT_EQ(lobby_seat()["open"], nullptr);
  EXPECT_EQ(lobby_seat()["name"], "Bob");
  EXPECT_EQ(joined_without_link(port(), bob, id)["you"], json::array({1}));
  server_.reset();  // stored: still Bob's, not open
  server_.emplace(db_);
  EXPECT_EQ(lobby_seat()["open"], nullptr);
  EXPECT_EQ(http_request(port(), "POST", take, "{}", {{"Cookie", cy}}).status, 409u);
  EXPECT_EQ(joined_without_link(port(), bob, id)["you"], json::array({1}));
  // Open seats are a public table's, and a person's.
  request["public"] = false;
  EXPECT_EQ(http_request(port(), "POST", "/api/tables", request.dump()).status, 400u);
  request["public"] = true;
  request["seats"][1]["agent"] = "random";
  EXPECT_EQ(http_request(port(), "POST", "/api/tables", request.dump()).status, 400u);
}

TEST_F(PlayNow, TheLobbyHearsWhoIsOnlineAndWhoIsWaiting) {
  const std::string ann = create_account(port(), "Ann");
  create_account(port(), "Bob");
  play_now(port(), ann, ask_black_sheep(4, nullptr));
  json online = http_request(port(), "GET", "/api/online").body;
  EXPECT_EQ(online["count"], 1) << online.dump();  // Ann's session was used; Bob's never was
  ASSERT_EQ(online["players"].size(), 1u) << online.dump();
  EXPECT_EQ(online["players"][0]["name"], "Ann");
  ASSERT_EQ(online["queues"].size(), 1u) << online.dump();
  EXPECT_EQ(online["queues"][0]["game"], "black-sheep");
  EXPECT_EQ(online["queues"][0]["players"], 4);
  EXPECT_EQ(online["queues"][0]["waiting"], 1);
}

}  // namespace
}  // namespace bw::server::testing
