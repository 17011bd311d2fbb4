// sim/summary.hpp and sim/simulate.hpp: statistics and reproducible parallel runs.
#include "sim/summary.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <sstream>

#include "games/catalog.hpp"
#include "sim/simulate.hpp"

namespace bw {
namespace {

TEST(Wilson, HalfOfAHundred) {
  auto [low, high] = wilson_interval(50, 100);
  EXPECT_NEAR(low, 0.4038, 1e-3);
  EXPECT_NEAR(high, 0.5962, 1e-3);
  EXPECT_NEAR(low + high, 1.0, 1e-12);  // symmetric around one half
}

TEST(Wilson, NoneOfTen) {
  auto [low, high] = wilson_interval(0, 10);
  EXPECT_NEAR(low, 0.0, 1e-12);
  EXPECT_GE(low, 0.0);
  EXPECT_NEAR(high, 0.2775, 1e-3);
  EXPECT_NEAR(high, 0.27753, 1e-4);
}

TEST(Wilson, AllOfTenMirrorsNone) {
  auto [low, high] = wilson_interval(10, 10);
  EXPECT_NEAR(low, 1 - 0.2775, 1e-3);
  EXPECT_NEAR(high, 1.0, 1e-12);
  EXPECT_LE(high, 1.0);
}

TEST(Wilson, KnownAsymmetricValue) {
  // 8 of 40 (p = 0.2): Wilson 95% interval [0.10500, 0.34757].
  auto [low, high] = wilson_interval(8, 40);
  EXPECT_NEAR(low, 0.10500, 1e-4);
  EXPECT_NEAR(high, 0.34757, 1e-4);
}

TEST(Wilson, NarrowsWithMoreTrials) {
  auto [l1, h1] = wilson_interval(30, 100);
  auto [l2, h2] = wilson_interval(3000, 10000);
  EXPECT_LT(h2 - l2, h1 - l1);
  EXPECT_LT(l1, 0.3);
  EXPECT_GT(h1, 0.3);
  EXPECT_LT(l2, 0.3);
  EXPECT_GT(h2, 0.3);
}

TEST(Wilson, NoTrialsMeansNoInformation) {
  auto [low, high] = wilson_interval(0, 0);
  EXPECT_EQ(low, 0.0);
  EXPECT_EQ(high, 1.0);
}

SimRun hand_made_run() {
  SimRun run;
  run.seconds = 2.0;
  auto add = [&](std::initializer_list<double> share, std::initializer_list<double> scores, std::uint32_t actions) {
    GameOutcome o;
    std::copy(share.begin(), share.end(), o.win_share.begin());
    std::copy(scores.begin(), scores.end(), o.scores.begin());
    o.actions = actions;
    run.outcomes.push_back(o);
  };
  add({1, 0}, {4, 1}, 10);
  add({0, 1}, {2, 5}, 20);
  add({0.5, 0.5}, {3, 3}, 30);  // a shared win
  add({1, 0}, {5, 0}, 40);
  return run;
}

TEST(Summary, OfAHandMadeRun) {
  SimSummary s = summarise(hand_made_run(), "bye-bye", {"random", "random"}, 99);
  EXPECT_EQ(s.game, "bye-bye");
  EXPECT_EQ(s.players, 2);
  EXPECT_EQ(s.games, 4u);
  EXPECT_EQ(s.seed, 99u);
  EXPECT_DOUBLE_EQ(s.seconds, 2.0);
  ASSERT_EQ(s.seat_stats.size(), 2u);
  EXPECT_DOUBLE_EQ(s.seat_stats[0].wins, 2.5);
  EXPECT_DOUBLE_EQ(s.seat_stats[1].wins, 1.5);
  EXPECT_DOUBLE_EQ(s.seat_stats[0].win_rate, 0.625);
  EXPECT_DOUBLE_EQ(s.seat_stats[1].win_rate, 0.375);
  EXPECT_DOUBLE_EQ(s.seat_stats[0].mean_score, 3.5);
  EXPECT_DOUBLE_EQ(s.seat_stats[1].mean_score, 2.25);
  EXPECT_DOUBLE_EQ(s.mean_actions, 25.0);
  auto [low, high] = wilson_interval(2.5, 4);
  EXPECT_DOUBLE_EQ(s.seat_stats[0].ci_low, low);
  EXPECT_DOUBLE_EQ(s.seat_stats[0].ci_high, high);
  for (const auto& seat : s.seat_stats) {
    EXPECT_LE(seat.ci_low, seat.win_rate);
    EXPECT_GE(seat.ci_high, seat.win_rate);
  }
}

TEST(Summary, OfAnEmptyRun) {
  SimSummary s = summarise(SimRun{}, "bye-bye", {"random", "random", "random"}, 1);
  EXPECT_EQ(s.games, 0u);
  ASSERT_EQ(s.seat_stats.size(), 3u);
  for (const auto& seat : s.seat_stats) {
    EXPECT_EQ(seat.win_rate, 0.0);
    EXPECT_EQ(seat.mean_score, 0.0);
    EXPECT_EQ(seat.ci_low, 0.0);
    EXPECT_EQ(seat.ci_high, 1.0);
  }
  EXPECT_EQ(s.mean_actions, 0.0);
  std::ostringstream text;
  print_summary(text, s);  // no division by zero, no crash
  EXPECT_NE(text.str().find("0 games"), std::string::npos) << text.str();
}

TEST(Summary, TextAndJson) {
  SimSummary s = summarise(hand_made_run(), "bye-bye", {"random", "random"}, 99);
  std::ostringstream text;
  print_summary(text, s);
  EXPECT_NE(text.str().find("bye-bye: 4 games, 2 players, seed 99"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("62.5%"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("mean game length: 25.0 actions"), std::string::npos) << text.str();

  nlohmann::json json = nlohmann::json::parse(summary_json(s).dump());
  EXPECT_EQ(json.at("game"), "bye-bye");
  EXPECT_EQ(json.at("games"), 4);
  EXPECT_EQ(json.at("players"), 2);
  EXPECT_EQ(json.at("seed"), 99);
  EXPECT_DOUBLE_EQ(json.at("mean_actions").get<double>(), 25.0);
  ASSERT_EQ(json.at("seats").size(), 2u);
  EXPECT_EQ(json.at("seats")[0].at("seat"), 1);
  EXPECT_EQ(json.at("lineup")[0], "random");
  ASSERT_EQ(json.at("agents").size(), 1u);  // one distinct agent, over both seats
  EXPECT_EQ(json.at("agents")[0].at("agent"), "random");
  EXPECT_DOUBLE_EQ(json.at("agents")[0].at("games").get<double>(), 8.0);
  EXPECT_DOUBLE_EQ(json.at("seats")[0].at("win_rate").get<double>(), 0.625);
  EXPECT_DOUBLE_EQ(json.at("seats")[1].at("wins").get<double>(), 1.5);
  EXPECT_EQ(json.at("seats")[1].at("ci95").size(), 2u);
}

bye_bye::Params default_params() { return bye_bye::Params::from(validate_params(bye_bye::State::param_specs(), {})); }

void expect_same_outcomes(const SimRun& a, const SimRun& b) {
  ASSERT_EQ(a.outcomes.size(), b.outcomes.size());
  for (std::size_t i = 0; i < a.outcomes.size(); ++i) {
    EXPECT_EQ(a.outcomes[i].win_share, b.outcomes[i].win_share) << "game " << i;
    EXPECT_EQ(a.outcomes[i].scores, b.outcomes[i].scores) << "game " << i;
    EXPECT_EQ(a.outcomes[i].actions, b.outcomes[i].actions) << "game " << i;
  }
}

TEST(Simulate, SameSeedSameOutcomesWhateverTheThreadCount) {
  auto params = default_params();
  SimRun one = simulate_random<bye_bye::State>(params, 3, 300, 2024, 1, {});
  SimRun two = simulate_random<bye_bye::State>(params, 3, 300, 2024, 2, {});
  ASSERT_EQ(one.outcomes.size(), 300u);
  expect_same_outcomes(one, two);
  SimRun again = simulate_random<bye_bye::State>(params, 3, 300, 2024, 1, {});
  expect_same_outcomes(one, again);

  // Summaries built from them agree too.
  SimSummary s1 = summarise(one, "bye-bye", {"random", "random", "random"}, 2024);
  SimSummary s2 = summarise(two, "bye-bye", {"random", "random", "random"}, 2024);
  double total = 0;
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(s1.seat_stats[p].wins, s2.seat_stats[p].wins);
    EXPECT_EQ(s1.seat_stats[p].mean_score, s2.seat_stats[p].mean_score);
    total += s1.seat_stats[p].win_rate;
  }
  EXPECT_NEAR(total, 1.0, 1e-9);  // every game has at least one winner
  EXPECT_EQ(s1.mean_actions, s2.mean_actions);
}

TEST(Simulate, EveryGameHasAWinnerAndRealActions) {
  SimRun run = simulate_random<bye_bye::State>(default_params(), 4, 100, 5, 1, {});
  for (const auto& o : run.outcomes) {
    double share = 0;
    for (double s : o.win_share) share += s;
    EXPECT_NEAR(share, 1.0, 1e-9);
    EXPECT_GT(o.actions, 0u);
    for (int p = 4; p < kMaxPlayers; ++p) EXPECT_EQ(o.win_share[p], 0.0);
  }
}

TEST(Simulate, GameIOfTheRunIsStreamIOfTheSeed) {
  auto params = default_params();
  SimRun run = simulate_random<bye_bye::State>(params, 3, 20, 77, 2, {});
  ASSERT_EQ(run.outcomes.size(), 20u);
  for (std::uint64_t i : {0u, 7u, 19u}) {
    GameOutcome alone = play_random_game<bye_bye::State>(params, 3, game_seed(77, i));
    EXPECT_EQ(alone.win_share, run.outcomes[i].win_share) << i;
    EXPECT_EQ(alone.scores, run.outcomes[i].scores) << i;
    EXPECT_EQ(alone.actions, run.outcomes[i].actions) << i;
  }
}

TEST(Simulate, DifferentSeedsGiveDifferentRuns) {
  auto params = default_params();
  SimRun a = simulate_random<bye_bye::State>(params, 3, 50, 1, 1, {});
  SimRun b = simulate_random<bye_bye::State>(params, 3, 50, 2, 1, {});
  bool differ = false;
  for (std::size_t i = 0; i < 50; ++i)
    if (a.outcomes[i].actions != b.outcomes[i].actions || a.outcomes[i].scores != b.outcomes[i].scores) differ = true;
  EXPECT_TRUE(differ);
  EXPECT_NE(game_seed(1, 0), game_seed(2, 0));
  EXPECT_NE(game_seed(1, 0), game_seed(1, 1));
}

TEST(Simulate, ProgressIsReportedAndEnds) {
  std::atomic<int> calls{0};
  std::atomic<bool> sane{true};
  SimRun run = simulate_random<bye_bye::State>(default_params(), 3, 50, 3, 2, [&](std::uint64_t done, std::uint64_t total) {
    ++calls;
    if (done > total || total != 50) sane = false;
  });
  EXPECT_EQ(run.outcomes.size(), 50u);
  EXPECT_TRUE(sane.load());
}

TEST(Simulate, AStopRequestedBeforeTheStartPlaysNothing) {
  std::atomic<bool> stop{true};
  SimRun run = simulate_random<bye_bye::State>(default_params(), 3, 100, 3, 2, {}, &stop);
  EXPECT_TRUE(run.outcomes.empty());
}

}  // namespace
}  // namespace bw

namespace bw {
namespace {

TEST(Tournament, SeatsRotateSoEveryAgentPlaysEverySeatEqually) {
  std::vector<AgentSpec> lineup = {parse_agent_spec("heuristic"), parse_agent_spec("random"),
                                   parse_agent_spec("random")};
  auto params = bye_bye::Params::from(validate_params(bye_bye::State::param_specs(), {}));
  SimRun one = simulate<bye_bye::State>(params, lineup, 90, 3, 1, {});
  SimRun two = simulate<bye_bye::State>(params, lineup, 90, 3, 2, {});
  int seats_played[3][3] = {};
  for (std::size_t i = 0; i < one.outcomes.size(); ++i) {
    for (int seat = 0; seat < 3; ++seat) ++seats_played[one.outcomes[i].agent_of_seat[seat]][seat];
    EXPECT_EQ(one.outcomes[i].agent_of_seat, two.outcomes[i].agent_of_seat);
    EXPECT_EQ(one.outcomes[i].win_share, two.outcomes[i].win_share) << "game " << i;
  }
  for (auto& agent : seats_played)
    for (int n : agent) EXPECT_EQ(n, 30);
  SimSummary s = summarise(one, "bye-bye", {"heuristic", "random", "random"}, 3);
  ASSERT_EQ(s.agent_stats.size(), 2u);
  EXPECT_EQ(s.agent_stats[0].label, "heuristic");
  EXPECT_DOUBLE_EQ(s.agent_stats[0].games, 90);
  EXPECT_DOUBLE_EQ(s.agent_stats[1].games, 180);
  EXPECT_GT(s.agent_stats[0].ci_low, s.agent_stats[1].ci_high);  // the heuristic beats random play
}

TEST(AgentSpecs, ParseAndReject) {
  auto spec = parse_agent_spec("ismcts:iters=2000,c=0.5,rollout=heuristic");
  EXPECT_EQ(spec.kind, AgentSpec::Kind::Ismcts);
  EXPECT_EQ(spec.ismcts.iterations, 2000);
  EXPECT_DOUBLE_EQ(spec.ismcts.c, 0.5);
  EXPECT_TRUE(spec.ismcts.heuristic_rollout);
  EXPECT_EQ(parse_agent_spec("ismcts:ms=50").ismcts.ms, 50);
  for (const char* bad : {"wizard", "ismcts:iters=0", "ismcts:iters=x", "ismcts:depth=3", "ismcts:c", "random:x=1",
                          "ismcts:rollout=smart"})
    EXPECT_THROW(parse_agent_spec(bad), BadSeats) << bad;
}

}  // namespace
}  // namespace bw
