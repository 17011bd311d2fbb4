// The replay endpoints (GET /api/tables/{id}/replay/{view}, POST /api/replay):
// a finished game step by step, from one seat, the public view, or all hands.
#include <gtest/gtest.h>
#include <zlib.h>

#include <atomic>
#include <mutex>

#include "core/strict_json.hpp"
#include "server/log.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class ReplayApi : public QuietServerTest {};

std::string gunzip(const std::string& data) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return "";
  std::string out;
  char buffer[65536];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  int result = Z_OK;
  while (result == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    result = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
  }
  inflateEnd(&stream);
  return result == Z_STREAM_END ? out : "";
}

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
      EXPECT_EQ(all.body["frames"][step]["hands"][seat], mine.body["frames"][step]["observation"]["hand"])
          << "step " << step;
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
  EXPECT_EQ(http_request(server.port, "GET", "/api/tables/" + open["table"].get<std::string>() + "/replay/all").status,
            409u);

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

// Issue 33, finding 4: replays were built on the connections' threads.
TEST_F(ReplayApi, PagesAndGzipGiveTheSameFramesAsTheWhole) {
  RunningServer server(fresh_db("replay-pages"));
  auto table = create_table(server.port, "bye-bye", {"random", "random", "random"}, 12);
  const std::string id = table["table"];
  finished_record(server.port, id);
  auto whole = http_request(server.port, "GET", "/api/tables/" + id + "/replay/all");
  ASSERT_EQ(whole.status, 200u);
  const std::size_t total = whole.body["frames"].size();
  EXPECT_EQ(whole.body["total"], total);
  auto page = http_request(server.port, "GET", "/api/tables/" + id + "/replay/all?from=2&count=3");
  ASSERT_EQ(page.status, 200u) << page.text;
  EXPECT_EQ(page.body["total"], total);
  EXPECT_EQ(page.body["from"], 2);
  ASSERT_EQ(page.body["frames"].size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(page.body["frames"][i], whole.body["frames"][2 + i]);
  auto tail = http_request(server.port, "GET", "/api/tables/" + id + "/replay/all?from=" + std::to_string(total - 1));
  EXPECT_EQ(tail.body["frames"].size(), 1u);
  EXPECT_EQ(http_request(server.port, "GET", "/api/tables/" + id + "/replay/all?from=x").status, 400u);
  auto zipped =
      http_request(server.port, "GET", "/api/tables/" + id + "/replay/all", "", {{"Accept-Encoding", "gzip"}});
  ASSERT_EQ(zipped.status, 200u);
  EXPECT_EQ(zipped.content_encoding, "gzip");
  EXPECT_LT(zipped.text.size(), whole.text.size() / 4);
  EXPECT_EQ(gunzip(zipped.text), whole.text);
}

// A long game's replay takes most of a second to build. With one connection
// thread, a ping waited behind every replay another client asked for.
TEST_F(ReplayApi, BuildingReplaysNeverStallsOtherConnections) {
  ServeOptions options;
  options.io_threads = 1;
  RunningServer server(fresh_db("replay-stall"), options);
  auto table = create_table(server.port, "disguise", std::vector<std::string>(6, "random"), 3, {{"public", true}});
  const std::string id = table["table"];
  finished_record(server.port, id);
  std::atomic<bool> done{false};
  std::vector<std::thread> askers;
  for (int t = 0; t < 4; ++t)
    askers.emplace_back([&, t] {
      const char* views[] = {"0", "1", "2", "3", "4", "5", "spectator", "all"};
      for (int i = t; !done; ++i) http_request(server.port, "GET", "/api/tables/" + id + "/replay/" + views[i % 8]);
    });
  WsClient pinger(server.port);
  double worst_ms = 0;
  for (int i = 0; i < 30; ++i) {
    auto sent = std::chrono::steady_clock::now();
    pinger.send({{"type", "ping"}});
    pinger.receive_until("pong");
    worst_ms =
        std::max(worst_ms, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  done = true;
  for (auto& asker : askers) asker.join();
  // A liveness bound, not a timing: a replay of this game takes most of a second to build.
  EXPECT_LT(worst_ms, 400.0) << "a ping waited behind replays";
}

TEST_F(ReplayApi, TooManyWaitingReplaysAreRefusedWithRetryAfter) {
  RunningServer server(fresh_db("replay-busy"));
  std::vector<std::string> tables;
  for (std::uint64_t seed : {3, 4})
    tables.push_back(create_table(server.port, "disguise", std::vector<std::string>(6, "random"), seed)["table"]);
  for (const auto& id : tables) finished_record(server.port, id);
  std::vector<std::thread> askers;
  std::atomic<int> busy{0}, ok{0};
  std::mutex mutex;
  std::string retry_after;
  std::vector<std::string> failures;
  for (const auto& id : tables)
    for (const char* view : {"0", "1", "2", "3", "4", "5", "spectator", "all"})
      askers.emplace_back([&, id, view] {
        HttpResult answer;
        try {
          answer = http_request(server.port, "GET", "/api/tables/" + id + "/replay/" + view);
        } catch (const std::exception& error) {  // a cut connection fails the test, not the whole program
          std::lock_guard lock(mutex);
          failures.push_back(view + std::string(": ") + error.what());
          return;
        }
        if (answer.status == 503) {
          ++busy;
          std::lock_guard lock(mutex);
          retry_after = answer.retry_after;
        } else if (answer.status == 200) {
          ++ok;
        }
      });
  for (auto& asker : askers) asker.join();
  EXPECT_TRUE(failures.empty()) << failures.size() << " replays cut off, first: " << failures.front();
  EXPECT_GE(ok.load(), 8);
  EXPECT_GE(busy.load(), 1) << "16 replays asked at once were all queued";
  EXPECT_EQ(ok + busy, 16);
  EXPECT_EQ(retry_after, "1");
}

}  // namespace
}  // namespace bw::server::testing
