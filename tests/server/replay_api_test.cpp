// The replay endpoints (GET /api/tables/{id}/replay/{view}, POST /api/replay):
// a finished game step by step, from one seat, the public view, or all hands.
#include <gtest/gtest.h>

#include "core/strict_json.hpp"
#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class ReplayApi : public QuietServerTest {};

// A bot game that is over: the record, once the server has stored its end.
json finished_record(unsigned short port, const std::string& table) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    auto record = http_request(port, "GET", "/api/tables/" + table + "/record");
    if (record.status == 200) return record.body;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("the bots did not finish table " + table);
}

TEST_F(ReplayApi, EveryStepFromEachViewEndsWithTheRecordedResult) {
  RunningServer server(fresh_db("replay"));
  auto table = create_table(server.port, "bye-bye", {"random", "random", "random"}, 11);
  const std::string id = table["table"];
  json record = finished_record(server.port, id);
  const std::size_t steps = record["actions"].size();

  auto all = http_request(server.port, "GET", "/api/tables/" + id + "/replay/all");
  ASSERT_EQ(all.status, 200u) << all.text;
  ASSERT_EQ(all.body["frames"].size(), steps + 1);
  EXPECT_EQ(all.body["actors"].size(), steps);
  EXPECT_EQ(all.body["frames"].back()["result"]["scores"], record["result"]["scores"]);
  EXPECT_TRUE(all.body["frames"][0]["result"].is_null());

  for (int seat = 0; seat < 3; ++seat) {
    auto mine = http_request(server.port, "GET", "/api/tables/" + id + "/replay/" + std::to_string(seat));
    ASSERT_EQ(mine.status, 200u) << mine.text;
    ASSERT_EQ(mine.body["frames"].size(), steps + 1);
    for (const auto& frame : mine.body["frames"]) {
      EXPECT_EQ(frame["seat"], seat);
      EXPECT_FALSE(frame.contains("hands")) << "a seat's view never holds the other hands";
    }
    // "all" shows each seat's hand exactly as that seat saw it, at every step.
    for (std::size_t step = 0; step <= steps; step += 7)
      EXPECT_EQ(all.body["frames"][step]["hands"][seat], mine.body["frames"][step]["observation"]["hand"]) << "step " << step;
  }

  json request = {{"record", record}, {"view", "spectator"}};
  auto uploaded = http_request(server.port, "POST", "/api/replay", request.dump());
  ASSERT_EQ(uploaded.status, 200u) << uploaded.text;
  EXPECT_EQ(uploaded.body["frames"].size(), steps + 1);
  EXPECT_TRUE(uploaded.body["frames"][3]["seat"].is_null());
  EXPECT_FALSE(uploaded.body["frames"][3].contains("hands"));
}

TEST_F(ReplayApi, RefusesUnfinishedTablesBadViewsAndBadRecords) {
  RunningServer server(fresh_db("replay-bad"));
  auto open = create_table(server.port, "bye-bye", {"human", "random"}, 5);
  EXPECT_EQ(http_request(server.port, "GET", "/api/tables/" + open["table"].get<std::string>() + "/replay/all").status, 409u);

  auto done = create_table(server.port, "hustle", {"random", "random", "random"}, 6);
  json record = finished_record(server.port, done["table"]);
  auto bad_view = http_request(server.port, "GET", "/api/tables/" + done["table"].get<std::string>() + "/replay/7");
  EXPECT_EQ(bad_view.status, 400u);
  EXPECT_NE(bad_view.text.find("a seat from 0 to 2"), std::string::npos) << bad_view.text;

  json wrong = record;
  wrong["actions"].push_back("no such action");
  auto refused = http_request(server.port, "POST", "/api/replay", json({{"record", wrong}}).dump());
  EXPECT_EQ(refused.status, 400u) << refused.text;
  EXPECT_EQ(http_request(server.port, "POST", "/api/replay", "{\"view\": \"all\"}").status, 400u);

  json long_record = record;
  long_record["actions"] = json::array();
  for (int i = 0; i < 5001; ++i) long_record["actions"].push_back("x");
  long_record.erase("result");
  auto too_long = http_request(server.port, "POST", "/api/replay", json({{"record", long_record}}).dump());
  EXPECT_EQ(too_long.status, 400u);
  EXPECT_NE(too_long.text.find("at most 5000"), std::string::npos) << too_long.text;
}

}  // namespace
}  // namespace bw::server::testing
