// Rated games over the wire (docs/ratings.md, "Rated games"): what a rated
// table must be, a rated game between two accounts moving both ratings at
// its end, the profile and the leaderboard that show them, and a rated
// table a guest sat at counting for nobody.
#include <gtest/gtest.h>

#include <thread>

#include "account_client.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

json rated_request(const std::vector<std::string>& seats) {
  json request{{"game", "black-sheep"}, {"rated", true}, {"time", {{"per_move", 600}}}, {"seats", json::array()}};
  for (const auto& seat : seats) request["seats"].push_back({{"agent", seat}});
  return request;
}

// Both people play to the end, each from its own connection and thread.
void play_both(WsClient& first, WsClient& second) {
  json first_end, second_end;
  std::string first_failed, second_failed;
  std::thread other([&] {
    try {
      second_end = play_to_end(second, 2);
    } catch (const std::exception& e) {
      second_failed = e.what();
    }
  });
  try {
    first_end = play_to_end(first, 1);
  } catch (const std::exception& e) {
    first_failed = e.what();
  }
  other.join();
  ASSERT_EQ(first_failed, "");
  ASSERT_EQ(second_failed, "");
  ASSERT_FALSE(first_end["result"].is_null());
}

class RatedGame : public QuietServerTest {
 protected:
  std::string db_ = fresh_db("rated");
  static ServeOptions few_worlds() {  // the analysis each rated game gets at its end, kept small
    ServeOptions options;
    options.analysis_worlds = 4;
    return options;
  }
  RunningServer server_{db_, few_worlds()};
};

TEST_F(RatedGame, ARatedTableIsForPeopleAtTheirOwnScreensAgainstTheClock) {
  auto post = [&](const json& request) { return http_request(server_.port, "POST", "/api/tables", request.dump()); };
  json untimed = rated_request({"human", "human"});
  untimed.erase("time");
  auto refused = post(untimed);
  EXPECT_EQ(refused.status, 400u);
  EXPECT_NE(refused.text.find("clock"), std::string::npos) << refused.text;
  refused = post(rated_request({"human", "medium"}));
  EXPECT_EQ(refused.status, 400u);
  EXPECT_NE(refused.text.find("two people"), std::string::npos) << refused.text;
  json hotseat = rated_request({"human", "human"});
  hotseat["hotseat"] = true;
  EXPECT_EQ(post(hotseat).status, 400u);
  auto made = post(rated_request({"human", "human", "medium"}));
  ASSERT_EQ(made.status, 201u) << made.text;
  auto listed = http_request(server_.port, "GET", "/api/tables/" + made.body["table"].get<std::string>(), "",
                             {{"Authorization", "Bearer " + made.body["spectator"]["token"].get<std::string>()}});
  EXPECT_EQ(listed.body["rated"], true) << listed.text;
}

TEST_F(RatedGame, TheEndOfARatedGameMovesBothRatingsAndTheProfilesShowThem) {
  const std::string ann = create_account(server_.port, "Ann"), bob = create_account(server_.port, "Bob");
  auto made = http_request(server_.port, "POST", "/api/tables", rated_request({"human", "human"}).dump());
  ASSERT_EQ(made.status, 201u) << made.text;
  const std::string id = made.body["table"];
  WsClient ann_plays(server_.port, "", 0, ann), bob_plays(server_.port, "", 0, bob);
  ann_plays.send({{"type", "join"}, {"table", id}, {"token", made.body["invites"][0]["token"]}});
  EXPECT_EQ(ann_plays.receive_until("joined")["rated"], true);
  bob_plays.send({{"type", "join"}, {"table", id}, {"token", made.body["invites"][1]["token"]}});
  bob_plays.receive_until("joined");
  play_both(ann_plays, bob_plays);

  auto profile = [&](const std::string& name) { return http_request(server_.port, "GET", "/api/players/" + name); };
  json ann_profile = profile("Ann").body, bob_profile = profile("bob").body;
  ASSERT_EQ(ann_profile["ratings"].size(), 1u) << ann_profile.dump();
  ASSERT_EQ(bob_profile["ratings"].size(), 1u) << bob_profile.dump();
  const json& a = ann_profile["ratings"][0];
  const json& b = bob_profile["ratings"][0];
  EXPECT_EQ(a["game"], "black-sheep");
  EXPECT_EQ(a["games"], 1);
  EXPECT_EQ(a["provisional"], true);
  // One won or they tied: the two means moved apart by the same amount, or not at all.
  EXPECT_NEAR(a["mu"].get<double>() - 25.0, 25.0 - b["mu"].get<double>(), 1e-9);
  ASSERT_EQ(ann_profile["history"].size(), 1u);
  EXPECT_EQ(ann_profile["history"][0]["table"], id);
  EXPECT_EQ(ann_profile["history"][0]["players"], 2);
  // One game is not enough for the leaderboard; an unknown game is 404.
  auto board = http_request(server_.port, "GET", "/api/leaderboard/black-sheep");
  ASSERT_EQ(board.status, 200u);
  EXPECT_EQ(board.body["players"], json::array());
  EXPECT_EQ(http_request(server_.port, "GET", "/api/leaderboard/chess").status, 404u);

  // A rated game is analysed at its end without anyone asking (docs/analysis.md).
  std::string status;
  for (int attempt = 0; attempt < 1200 && status != "done"; ++attempt) {
    auto now = http_request(server_.port, "GET", "/api/tables/" + id + "/analysis");
    ASSERT_EQ(now.status, 200u) << now.text;
    status = now.body["status"];
    ASSERT_NE(status, "none") << "nobody had to ask";
    ASSERT_NE(status, "failed") << now.text;
    if (status != "done") std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(status, "done");
}

TEST_F(RatedGame, ARatedTableAGuestSatAtCountsForNobody) {
  const std::string ann = create_account(server_.port, "Ann");
  auto made = http_request(server_.port, "POST", "/api/tables", rated_request({"human", "human"}).dump());
  ASSERT_EQ(made.status, 201u) << made.text;
  const std::string id = made.body["table"];
  WsClient ann_plays(server_.port, "", 0, ann), guest(server_.port);
  ann_plays.send({{"type", "join"}, {"table", id}, {"token", made.body["invites"][0]["token"]}});
  ann_plays.receive_until("joined");
  guest.send({{"type", "join"}, {"table", id}, {"token", made.body["invites"][1]["token"]}});
  guest.receive_until("joined");
  play_both(ann_plays, guest);
  EXPECT_EQ(http_request(server_.port, "GET", "/api/players/Ann").body["ratings"], json::array());
}

}  // namespace
}  // namespace bw::server::testing
