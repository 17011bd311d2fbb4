// The balance lab over HTTP (docs/protocol.md, "Balance lab"): off unless
// the operator opens it; a job plays exactly the games `bellwether sim`
// plays for the same line-up and seed, shows its results while it runs, is
// stored for good under its id (a restart still answers the permalink), and
// is bounded by its caps; every bad request is refused with its reason.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server_fixture.hpp"
#include "sim/tournament.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

class LabApi : public QuietServerTest {
 protected:
  static ServeOptions lab_options() {
    ServeOptions o;
    o.lab = true;
    o.lab_max_games = 500;
    return o;
  }
  std::string db_ = fresh_db("lab");
  std::optional<RunningServer> server_;
  unsigned short port() const { return server_->port; }

  HttpResult post(const json& request) { return http_request(port(), "POST", "/api/lab", request.dump()); }
  HttpResult get(const std::string& id) { return http_request(port(), "GET", "/api/lab/" + id); }
  // Polls until the job leaves queued and running; every status seen on the way is checked.
  json wait_until_ended(const std::string& id) {
    for (int attempt = 0; attempt < 1200; ++attempt) {
      auto now = get(id);
      EXPECT_EQ(now.status, 200u) << now.text;
      const std::string status = now.body.value("status", "");
      if (status != "queued" && status != "running") return now.body;
      if (status == "running" && now.body.contains("results")) {
        EXPECT_EQ(now.body["results"]["games"], now.body["done"]) << "the results are those of the games played";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "lab job " << id << " did not end within a minute";
    return {};
  }
};

TEST_F(LabApi, IsOffUnlessTheOperatorOpensIt) {
  server_.emplace(db_);
  auto about = http_request(port(), "GET", "/api/lab");
  ASSERT_EQ(about.status, 200u);
  EXPECT_EQ(about.body["enabled"], false);
  auto refused = post({{"game", "hustle"}, {"seats", {"easy", "easy", "easy"}}, {"games", 3}});
  EXPECT_EQ(refused.status, 403u) << refused.text;
  EXPECT_EQ(refused.body["error"]["code"], "forbidden");
}

TEST_F(LabApi, AJobPlaysWhatSimPlaysAndItsReportOutlivesTheServer) {
  server_.emplace(db_, lab_options());
  auto about = http_request(port(), "GET", "/api/lab");
  EXPECT_EQ(about.body, (json{{"enabled", true},
                              {"levels", {"random", "heuristic", "easy", "medium", "hard"}},
                              {"max_games", 500},
                              {"max_seconds", 300}}));

  const json request = {{"game", "hustle"},
                        {"params", {{"lifesavers", "1"}}},
                        {"seats", {"heuristic", "easy", "random"}},
                        {"games", 200},
                        {"seed", 7}};
  auto started = post(request);
  ASSERT_EQ(started.status, 202u) << started.text;
  const std::string id = started.body["id"];
  EXPECT_EQ(started.body["spec"]["params"]["lifesavers"], "1");
  EXPECT_EQ(started.body["spec"]["params"]["start_player"], "0") << "every option, defaults filled in";
  json report = wait_until_ended(id);
  ASSERT_EQ(report["status"], "done") << report.dump();
  EXPECT_EQ(report["done"], 200);
  EXPECT_EQ(report["total"], 200);
  EXPECT_FALSE(report.contains("message"));

  // The same tournament in this process: the same games, so the same wins, scores and lengths.
  TournamentSpec spec;
  spec.game = "hustle";
  spec.params = {{"lifesavers", "1"}};
  spec.seats = {"heuristic", "easy", "random"};
  spec.games = 200;
  spec.seed = 7;
  spec.threads = 2;
  const SimSummary sim = Tournament(spec).run().summary;
  const json& results = report["results"];
  ASSERT_EQ(results["seats"].size(), 3u);
  for (std::size_t seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(results["seats"][seat]["wins"], sim.seat_stats[seat].wins) << "seat " << seat;
    EXPECT_EQ(results["seats"][seat]["mean_score"], sim.seat_stats[seat].mean_score) << "seat " << seat;
    EXPECT_EQ(results["agents"][seat]["agent"], sim.agent_stats[seat].label);
    EXPECT_EQ(results["agents"][seat]["wins"], sim.agent_stats[seat].wins) << "level " << seat;
  }
  EXPECT_EQ(results["mean_actions"], sim.mean_actions);
  EXPECT_EQ(results["shared_games"], sim.shared_games);
  // The spreads, ascending [value, games] pairs.
  auto pairs = [](const ValueCounts& counts) {
    json list = json::array();
    for (const auto& [value, games] : counts) list.push_back({value, games});
    return list;
  };
  EXPECT_EQ(results["lengths"], pairs(sim.length_counts));
  ASSERT_EQ(results["scores"].size(), 3u);
  for (std::size_t seat = 0; seat < 3; ++seat) EXPECT_EQ(results["scores"][seat], pairs(sim.score_counts[seat]));

  // The permalink: the stored report, as it was, from a new server on the same database.
  server_.reset();
  server_.emplace(db_);
  auto again = get(id);
  ASSERT_EQ(again.status, 200u) << again.text;
  EXPECT_EQ(again.body, report);
}

TEST_F(LabApi, AJobStopsAtItsCpuCapAndTheQueueIsBounded) {
  ServeOptions o = lab_options();
  o.lab_max_seconds = 1;
  o.lab_queue = 1;
  o.analysis_cpu_share = 1;  // no rests: the cap counts CPU, and the test need not wait four times as long
  o.analysis_cpu_share_busy = 1;
  server_.emplace(db_, o);
  // Medium bots at Black Sheep: about half a second of CPU a game (several under a sanitizer), so the cap ends
  // the job after a few games; it is checked between games.
  auto started = post({{"game", "black-sheep"}, {"seats", {"medium", "medium"}}, {"games", 500}});
  ASSERT_EQ(started.status, 202u) << started.text;
  auto busy = post({{"game", "hustle"}, {"seats", {"easy", "easy", "easy"}}, {"games", 3}});
  EXPECT_EQ(busy.status, 503u) << busy.text;
  EXPECT_EQ(busy.body["error"]["code"], "busy");
  EXPECT_EQ(busy.retry_after, "30");

  json report = wait_until_ended(started.body["id"]);
  ASSERT_EQ(report["status"], "done") << report.dump();
  EXPECT_LT(report["done"].get<int>(), 500);
  EXPECT_NE(report.value("message", "").find("cap of 1 CPU seconds"), std::string::npos) << report.dump();
  if (report["done"].get<int>() > 0) {
    EXPECT_EQ(report["results"]["games"], report["done"]);
  }
  EXPECT_EQ(post({{"game", "hustle"}, {"seats", {"easy", "easy", "easy"}}, {"games", 3}}).status, 202u)
      << "room again once the job ended";
}

TEST_F(LabApi, EveryBadRequestIsRefusedWithItsReason) {
  server_.emplace(db_, lab_options());
  const json good = {{"game", "hustle"}, {"seats", {"easy", "easy", "easy"}}, {"games", 3}};
  auto with = [&](const json& changes) {
    json request = good;
    for (const auto& [key, value] : changes.items()) request[key] = value;
    return request;
  };
  auto refused = [&](const json& request, const std::string& reason) {
    auto answer = post(request);
    EXPECT_EQ(answer.status, 400u) << request.dump() << " -> " << answer.text;
    EXPECT_EQ(answer.body["error"]["code"], "bad-request") << answer.text;
    const std::string message = answer.body["error"].value("message", "");
    EXPECT_NE(message.find(reason), std::string::npos) << request.dump() << " -> " << message;
  };
  refused(json::array(), "JSON object");
  refused(with({{"players", 3}}), "unknown field 'players'");
  refused(with({{"game", "chess"}}), "chess");
  refused(with({{"game", 7}}), "game id");
  refused(with({{"seats", {"easy", "human", "easy"}}}), "each seat must be one of");
  refused(with({{"seats", json::array()}}), "a level per seat");
  refused(with({{"seats", {"easy", "easy"}}}), "3 to 8 players, not 2");
  refused(with({{"games", 0}}), "from 1 to 500");
  refused(with({{"games", 501}}), "from 1 to 500");
  refused(with({{"games", -1}}), "from 1 to 500");
  refused(with({{"games", "3"}}), "from 1 to 500");
  refused(with({{"seed", -2}}), "\"seed\"");
  refused(with({{"params", {{"lifesavers", 1}}}}), "as a string");
  refused(with({{"params", {{"lifesavers", "many"}}}}), "lifesavers");
  refused(with({{"params", {{"no_such_option", "1"}}}}), "no_such_option");
  auto not_json = http_request(port(), "POST", "/api/lab", "{games:");
  EXPECT_EQ(not_json.status, 400u) << not_json.text;

  EXPECT_EQ(get("0123456789ab").status, 404u);
  EXPECT_EQ(get("..%2F..%2Fetc").status, 404u);
  EXPECT_EQ(get(std::string(300, 'a')).status, 404u);
}

}  // namespace
}  // namespace bw::server::testing
