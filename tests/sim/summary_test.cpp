// sim/summary.hpp and sim/simulate.hpp: statistics and reproducible parallel runs.
#include "sim/summary.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/alloc_counter.hpp"
#include "core/errors.hpp"
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
    run.tally.add(o, 2);
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

// A run together with every game's outcome, by game index (seen through on_game).
struct Played {
  SimRun run;
  std::vector<GameOutcome> outcomes;
};

Played play_all(const std::vector<AgentSpec>& lineup, std::uint64_t games, std::uint64_t seed, int threads) {
  Played played;
  played.outcomes.resize(games);
  played.run = simulate<bye_bye::State>(default_params(), lineup, games, seed, threads, {}, nullptr,
                                        [&](const GameOutcome& o) { played.outcomes[o.index] = o; });
  return played;
}
Played play_random(int players, std::uint64_t games, std::uint64_t seed, int threads) {
  return play_all(std::vector<AgentSpec>(players, parse_agent_spec("random")), games, seed, threads);
}

void expect_same_outcomes(const Played& a, const Played& b) {
  ASSERT_EQ(a.outcomes.size(), b.outcomes.size());
  for (std::size_t i = 0; i < a.outcomes.size(); ++i) {
    EXPECT_EQ(a.outcomes[i].win_share, b.outcomes[i].win_share) << "game " << i;
    EXPECT_EQ(a.outcomes[i].scores, b.outcomes[i].scores) << "game " << i;
    EXPECT_EQ(a.outcomes[i].actions, b.outcomes[i].actions) << "game " << i;
    EXPECT_EQ(a.outcomes[i].history, b.outcomes[i].history) << "game " << i;
  }
}

TEST(Simulate, SameSeedSameOutcomesWhateverTheThreadCount) {
  Played one = play_random(3, 300, 2024, 1);
  Played two = play_random(3, 300, 2024, 2);
  ASSERT_EQ(one.run.tally.games, 300u);
  expect_same_outcomes(one, two);
  Played again = play_random(3, 300, 2024, 1);
  expect_same_outcomes(one, again);

  // Summaries agree to the last bit.
  SimSummary s1 = summarise(one.run, "bye-bye", {"random", "random", "random"}, 2024);
  SimSummary s2 = summarise(two.run, "bye-bye", {"random", "random", "random"}, 2024);
  double total = 0;
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(s1.seat_stats[p].wins, s2.seat_stats[p].wins);
    EXPECT_EQ(s1.seat_stats[p].mean_score, s2.seat_stats[p].mean_score);
    EXPECT_EQ(s1.score_counts[p], s2.score_counts[p]);
    total += s1.seat_stats[p].win_rate;
  }
  EXPECT_NEAR(total, 1.0, 1e-9);  // every game has at least one winner
  EXPECT_EQ(s1.mean_actions, s2.mean_actions);
  EXPECT_EQ(s1.length_counts, s2.length_counts);
}

TEST(Simulate, TheTallyIsTheSumOfTheGames) {
  Played played = play_random(3, 200, 11, 2);
  const SimTally& tally = played.run.tally;
  std::uint64_t actions = 0, win_units = 0;
  ValueCounts lengths;
  for (const auto& o : played.outcomes) {
    actions += o.actions;
    ++lengths[o.actions];
    for (int p = 0; p < 3; ++p) win_units += static_cast<std::uint64_t>(std::llround(o.win_share[p] * kWinUnits));
  }
  EXPECT_EQ(tally.games, 200u);
  EXPECT_EQ(tally.actions, actions);
  EXPECT_EQ(tally.lengths, lengths);
  std::uint64_t tallied_units = 0, seat_games = 0;
  for (int p = 0; p < 3; ++p)
    for (int a = 0; a < 3; ++a) {
      tallied_units += tally.cells[p][a].win_units;
      seat_games += tally.cells[p][a].games;
    }
  EXPECT_EQ(tallied_units, win_units);
  EXPECT_EQ(seat_games, 600u);
}

// Hardening item 5: a run keeps sums and counts of values, nothing per game,
// so ten times the games costs no more memory (sim --games 1e9 reserved 250 GB).
TEST(Simulate, MemoryDoesNotGrowWithTheNumberOfGames) {
  auto heap_blocks = [](std::uint64_t games) {
    std::vector<AgentSpec> lineup(3, parse_agent_spec("random"));
    std::uint64_t before = allocation_count();
    SimRun run = simulate<bye_bye::State>(default_params(), lineup, games, 9, 1, {});
    std::uint64_t blocks = allocation_count() - before;
    EXPECT_EQ(run.tally.games, games);
    // Each distinct value (a game length or score not seen before) is one map node, in the
    // thread's tally and again in the merged one; everything else must not depend on `games`.
    std::uint64_t distinct = run.tally.lengths.size();
    for (const auto& seat : run.tally.cells)
      for (const auto& cell : seat) distinct += cell.scores.size();
    return blocks - 2 * distinct;
  };
  std::uint64_t few = heap_blocks(300), many = heap_blocks(3000);
  EXPECT_EQ(many, few) << "heap blocks besides distinct values: " << few << " for 300 games, " << many << " for 3000";
}

TEST(Simulate, AShareOfAJointWinIsAWholeNumberOfUnits) {
  for (int k = 1; k <= kMaxPlayers; ++k) EXPECT_EQ(kWinUnits % static_cast<std::uint64_t>(k), 0u) << k;
}

TEST(Simulate, EveryGameHasAWinnerAndRealActions) {
  Played played = play_random(4, 100, 5, 1);
  for (const auto& o : played.outcomes) {
    double share = 0;
    for (double s : o.win_share) share += s;
    EXPECT_NEAR(share, 1.0, 1e-9);
    EXPECT_GT(o.actions, 0u);
    EXPECT_EQ(o.history.size(), o.actions);  // kept because on_game was given
    for (int p = 4; p < kMaxPlayers; ++p) EXPECT_EQ(o.win_share[p], 0.0);
  }
}

TEST(Simulate, GameIOfTheRunIsStreamIOfTheSeed) {
  auto params = default_params();
  Played played = play_random(3, 20, 77, 2);
  for (std::uint64_t i : {0u, 7u, 19u}) {
    GameOutcome alone = play_random_game<bye_bye::State>(params, 3, game_seed(77, i));
    EXPECT_EQ(alone.win_share, played.outcomes[i].win_share) << i;
    EXPECT_EQ(alone.scores, played.outcomes[i].scores) << i;
    EXPECT_EQ(alone.actions, played.outcomes[i].actions) << i;
  }
}

TEST(Simulate, DifferentSeedsGiveDifferentRuns) {
  Played a = play_random(3, 50, 1, 1);
  Played b = play_random(3, 50, 2, 1);
  bool differ = false;
  for (std::size_t i = 0; i < 50; ++i)
    if (a.outcomes[i].actions != b.outcomes[i].actions || a.outcomes[i].scores != b.outcomes[i].scores) differ = true;
  EXPECT_TRUE(differ);
  EXPECT_NE(game_seed(1, 0), game_seed(2, 0));
  EXPECT_NE(game_seed(1, 0), game_seed(1, 1));
}

TEST(Simulate, AFailingGameStopsTheRunAndReachesTheCaller) {
  std::atomic<int> seen{0};
  auto failing = [&](const GameOutcome& o) {
    ++seen;
    if (o.index == 5) throw CannotWrite("disk full");
  };
  std::vector<AgentSpec> lineup(3, parse_agent_spec("random"));
  try {
    simulate<bye_bye::State>(default_params(), lineup, 100000, 1, 2, {}, nullptr, failing);
    FAIL() << "the error of a worker thread was lost";
  } catch (const CannotWrite& e) {
    EXPECT_STREQ(e.what(), "disk full");
  }
  EXPECT_LT(seen.load(), 100000);  // the other thread stopped too
}

TEST(Simulate, ProgressIsReportedAndEnds) {
  std::atomic<int> calls{0};
  std::atomic<bool> sane{true};
  SimRun run =
      simulate_random<bye_bye::State>(default_params(), 3, 50, 3, 2, [&](std::uint64_t done, std::uint64_t total) {
        ++calls;
        if (done > total || total != 50) sane = false;
      });
  EXPECT_EQ(run.tally.games, 50u);
  EXPECT_TRUE(sane.load());
}

TEST(Simulate, AStopRequestedBeforeTheStartPlaysNothing) {
  std::atomic<bool> stop{true};
  SimRun run = simulate_random<bye_bye::State>(default_params(), 3, 100, 3, 2, {}, &stop);
  EXPECT_EQ(run.tally.games, 0u);
}

}  // namespace
}  // namespace bw

namespace bw {
namespace {

TEST(Tournament, SeatsRotateSoEveryAgentPlaysEverySeatEqually) {
  std::vector<AgentSpec> lineup = {parse_agent_spec("heuristic"), parse_agent_spec("random"),
                                   parse_agent_spec("random")};
  Played one = play_all(lineup, 90, 3, 1);
  Played two = play_all(lineup, 90, 3, 2);
  int seats_played[3][3] = {};
  for (std::size_t i = 0; i < one.outcomes.size(); ++i) {
    for (int seat = 0; seat < 3; ++seat) ++seats_played[one.outcomes[i].agent_of_seat[seat]][seat];
    EXPECT_EQ(one.outcomes[i].agent_of_seat, two.outcomes[i].agent_of_seat);
    EXPECT_EQ(one.outcomes[i].win_share, two.outcomes[i].win_share) << "game " << i;
  }
  for (auto& agent : seats_played)
    for (int n : agent) EXPECT_EQ(n, 30);
  SimSummary s = summarise(one.run, "bye-bye", {"heuristic", "random", "random"}, 3);
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
  EXPECT_EQ(parse_agent_spec("hard").kind, AgentSpec::Kind::Level);
  EXPECT_EQ(parse_agent_spec("easy").level, AgentSpec::Strength::Easy);
  for (const char* bad : {"wizard", "ismcts:iters=0", "medium:iters=3", "expert", "ismcts:iters=x", "ismcts:width=3",
                          "ismcts:c", "random:x=1", "ismcts:rollout=smart"})
    EXPECT_THROW(parse_agent_spec(bad), BadSeats) << bad;
}

TEST(AgentSpecs, NotANumberAndInfinityAreRefusedByName) {
  for (const char* bad : {"ismcts:c=nan", "ismcts:c=NaN", "ismcts:c=-nan", "ismcts:c=inf", "ismcts:bias=nan",
                          "ismcts:bias=infinity", "ismcts:c=1e999"}) {
    try {
      parse_agent_spec(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const BadSeats& e) {
      EXPECT_NE(std::string(e.what()).find("is not a number in"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse_agent_spec("ismcts:threads=65"), BadSeats);  // more trees than kMaxSearchThreads
  EXPECT_EQ(parse_agent_spec("ismcts:threads=64").ismcts.threads, kMaxSearchThreads);
}

}  // namespace
}  // namespace bw
