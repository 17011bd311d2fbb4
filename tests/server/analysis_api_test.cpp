// Post-game analysis on the server (docs/protocol.md, "Post-game analysis"):
// a player of a finished table asks, the analysis is made off the
// connections' threads and stored with the table, it is what
// `bellwether analyze-game` gives for the same budget, and it survives a
// restart; whoever held no seat cannot ask; the queue is bounded.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "analysis/analysis_json.hpp"
#include "analysis/game_analysis.hpp"
#include "core/errors.hpp"
#include "core/record.hpp"
#include "server/analysis/analysis_queue.hpp"
#include "server/store/store.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

constexpr int kWorlds = 4;  // a small budget: the test is about the plumbing, not the judgement

class AnalysisApi : public QuietServerTest {
 protected:
  static ServeOptions options() {
    ServeOptions o;
    o.analysis_worlds = kWorlds;
    return o;
  }
  std::string db_ = fresh_db("analysis");
  std::optional<RunningServer> server_{std::in_place, db_, options()};
  unsigned short port() const { return server_->port; }

  // A finished Bye-Bye game whose seat 0 a person played; the create answer (tokens).
  json finished_table() {
    json table = create_table(port(), "bye-bye", {"human", "random", "random"}, 5);
    WsClient player(port());
    player.send({{"type", "join"}, {"table", table["table"]}, {"token", table["invites"][0]["token"]}});
    player.receive_until("joined");
    json end = play_to_end(player, 9);
    EXPECT_FALSE(end["result"].is_null());
    return table;
  }
  HttpResult analysis(const std::string& id, const std::string& method, const std::string& token = "") {
    Headers headers;
    if (!token.empty()) headers.push_back({"Authorization", "Bearer " + token});
    return http_request(port(), method, "/api/tables/" + id + "/analysis", "", headers);
  }
  json wait_until_done(const std::string& id) {
    for (int attempt = 0; attempt < 600; ++attempt) {
      auto now = analysis(id, "GET");
      EXPECT_EQ(now.status, 200u) << now.text;
      const std::string status = now.body.value("status", "");
      if (status == "done") return now.body;
      EXPECT_TRUE(status == "queued" || status == "running") << now.text;
      if (status != "queued" && status != "running") return now.body;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "table " << id << " was not analysed within a minute";
    return {};
  }
};

TEST_F(AnalysisApi, APlayerAsksAndGetsWhatAnalyzeGameGivesStoredWithTheTable) {
  json table = finished_table();
  const std::string id = table["table"], seat = table["invites"][0]["token"], spectator = table["spectator"]["token"];

  // Not analysed yet; only the seat's token may ask.
  auto none = analysis(id, "GET");
  ASSERT_EQ(none.status, 200u) << none.text;
  EXPECT_EQ(none.body, (json{{"status", "none"}, {"can_ask", false}}));
  EXPECT_EQ(analysis(id, "GET", seat).body["can_ask"], true);
  EXPECT_EQ(analysis(id, "GET", spectator).body["can_ask"], false);
  EXPECT_EQ(analysis(id, "POST").status, 403u);
  auto refused = analysis(id, "POST", spectator);
  EXPECT_EQ(refused.status, 403u);
  EXPECT_EQ(refused.body["error"]["code"], "forbidden") << refused.text;

  auto asked = analysis(id, "POST", seat);
  ASSERT_TRUE(asked.status == 202u || asked.status == 200u) << asked.text;
  json done = wait_until_done(id);
  ASSERT_EQ(done["status"], "done");
  const json& result = done["analysis"];
  ASSERT_FALSE(result["decisions"].empty());
  for (const json& decision : result["decisions"]) {
    double sum = 0;
    for (double chance : decision["chances"]) {
      EXPECT_GE(chance, 0.0);
      EXPECT_LE(chance, 1.0);
      sum += chance;
    }
    EXPECT_NEAR(sum, 1.0, 1e-9);
  }

  // The same as the command line's for the same record and budget.
  json record = http_request(port(), "GET", "/api/tables/" + id + "/record").body;
  analysis::Budget budget;
  budget.worlds = kWorlds;
  EXPECT_EQ(result, analysis::analysis_json(analysis::analyze_game(record_from_json(record), budget)));

  // Asking again changes nothing; a restart answers it from the database.
  EXPECT_EQ(analysis(id, "POST", seat).status, 200u);
  server_.reset();
  server_.emplace(db_, options());
  auto after = analysis(id, "GET");
  EXPECT_EQ(after.body, done);
}

TEST_F(AnalysisApi, OnlyAFinishedTableIsAnalysed) {
  json playing = create_table(port(), "bye-bye", {"human", "random", "random"}, 6);
  const std::string id = playing["table"];
  auto unfinished = analysis(id, "GET");
  EXPECT_EQ(unfinished.status, 409u) << unfinished.text;
  EXPECT_EQ(unfinished.body["error"]["code"], "not-finished");
  EXPECT_EQ(analysis(id, "POST", playing["invites"][0]["token"]).status, 409u);
  EXPECT_EQ(analysis("abcdefghjkmn", "GET").status, 404u);
  EXPECT_EQ(analysis("x", "POST").status, 404u);
}

TEST_F(AnalysisApi, AServerWithoutAnalysisThreadsSaysSo) {
  ServeOptions none = options();
  none.analysis_threads = 0;
  server_.reset();
  server_.emplace(fresh_db("analysis-off"), none);
  json table = finished_table();
  const std::string id = table["table"], seat = table["invites"][0]["token"];
  auto status = analysis(id, "GET", seat);
  EXPECT_EQ(status.body["can_ask"], false) << status.text;
  EXPECT_EQ(status.body["message"], "this server does not analyse games");
  EXPECT_EQ(analysis(id, "POST", seat).status, 403u);
}

// The queue without HTTP: its order, its bound, and a failure told as such.
TEST(AnalysisQueueTest, IsBoundedTellsPositionsAndReportsAFailure) {
  std::mutex mutex;
  std::condition_variable opened;
  bool open = false;
  // Every "record" waits for the gate, then is not a record at all.
  auto record_of = [&](const std::string&) -> GameRecord {
    std::unique_lock lock(mutex);
    opened.wait(lock, [&] { return open; });
    throw BadRecord("no such record");
  };
  Store store(fresh_db("analysis-queue"), Store::Sync::Normal);
  AnalysisQueue queue({.threads = 1, .max_waiting = 3, .worlds = 1}, store, record_of);
  ASSERT_TRUE(queue.ask("first"));
  ASSERT_TRUE(queue.ask("second"));
  ASSERT_TRUE(queue.ask("third"));
  EXPECT_FALSE(queue.ask("fourth")) << "the queue holds three";
  EXPECT_TRUE(queue.ask("second")) << "one already queued is answered, not refused";
  for (int attempt = 0; attempt < 100 && queue.status("first").state != AnalysisStatus::State::Running; ++attempt)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(queue.status("first").state, AnalysisStatus::State::Running);
  EXPECT_EQ(queue.status("second").position, 1u);
  EXPECT_EQ(queue.status("third").position, 2u);
  {
    std::lock_guard lock(mutex);
    open = true;
  }
  opened.notify_all();
  for (int attempt = 0; attempt < 200 && queue.status("third").state != AnalysisStatus::State::Failed; ++attempt)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  AnalysisStatus failed = queue.status("third");
  EXPECT_EQ(failed.state, AnalysisStatus::State::Failed);
  EXPECT_NE(failed.message.find("no such record"), std::string::npos) << failed.message;
  EXPECT_EQ(queue.status("never asked").state, AnalysisStatus::State::None);
}

}  // namespace
}  // namespace bw::server::testing
