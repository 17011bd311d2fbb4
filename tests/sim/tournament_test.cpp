// sim/tournament.hpp: the one tournament entry point of the fronts — seat
// defaults, set-up checks before any game, dispatch, records.
#include "sim/tournament.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "sim/records.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

using testing::contains;
using testing::error_message;

TournamentSpec small(std::string game) {
  TournamentSpec spec;
  spec.game = std::move(game);
  spec.games = 12;
  spec.seed = 5;
  spec.threads = 2;
  return spec;
}

TEST(TournamentSetup, NoSeatsMeansTheDefaultAgentInThreeSeatsWithinTheGamesRange) {
  EXPECT_EQ(Tournament(small("bye-bye")).seats(), (std::vector<std::string>{"random", "random", "random"}));
  TournamentSpec hustle = small("hustle");  // 3 to 8 players
  hustle.default_agent = "heuristic";
  hustle.players = 5;
  EXPECT_EQ(Tournament(hustle).seats(), std::vector<std::string>(5, "heuristic"));
  const GameInfo& black_sheep = registry().find("black-sheep");
  EXPECT_EQ(Tournament(small("black-sheep")).seats().size(),
            static_cast<std::size_t>(std::clamp(3, black_sheep.min_players, black_sheep.max_players)));
}

TEST(TournamentSetup, RefusesWhatCannotBePlayedBeforeAnyGame) {
  EXPECT_THROW(Tournament(small("no-such-game")), UnknownGame);
  TournamentSpec spec = small("hustle");
  spec.players = 2;  // hustle starts at 3
  EXPECT_TRUE(contains(error_message<BadSeats>([&] { Tournament{spec}; }), "not 2"));
  spec = small("bye-bye");
  spec.seats = {"random", "random"};
  spec.players = 3;
  EXPECT_EQ(error_message<BadSeats>([&] { Tournament{spec}; }), "--players 3 but --seats lists 2 seats");
  spec.players = 2;
  EXPECT_NO_THROW(Tournament{spec});
  spec.seats = {"random", "human"};
  spec.bots_only = "bots only here";
  EXPECT_EQ(error_message<BadSeats>([&] { Tournament{spec}; }), "bots only here");
  spec.seats = {"random", "ismcts:iters=x"};
  EXPECT_THROW(Tournament{spec}, BadSeats);
  spec = small("bye-bye");
  spec.params = {{"no_such_parameter", "1"}};
  EXPECT_THROW(Tournament{spec}, BadParameter);
  spec = small("bye-bye");
  spec.seats = {"ismcts:threads=64", "random"};
  spec.threads = 17;  // 17 x 64 > kMaxThreadsInAll
  EXPECT_TRUE(contains(error_message<BadSeats>([&] { Tournament{spec}; }), "threads at once"));
}

TEST(TournamentSetup, ParametersComeBackValidatedWithTheirDefaults) {
  TournamentSpec spec = small("bye-bye");
  spec.params = {{"advanced", "true"}};
  Tournament tournament(spec);
  EXPECT_EQ(tournament.params(), validate_params(registry().find("bye-bye").params, spec.params));
  EXPECT_GT(tournament.params().size(), 1u);
}

TEST(TournamentRun, IsTheSimulationOfTheGamesType) {
  TournamentSpec spec = small("bye-bye");
  spec.seats = {"heuristic", "random", "random"};
  TournamentResult result = Tournament(spec).run();
  SimRun direct = simulate<bye_bye::State>(
      bye_bye::Params{}, {parse_agent_spec("heuristic"), parse_agent_spec("random"), parse_agent_spec("random")},
      spec.games, spec.seed, 1, {});
  EXPECT_EQ(result.run.tally.games, 12u);
  EXPECT_EQ(result.run.tally.actions, direct.tally.actions);
  EXPECT_EQ(result.run.tally.lengths, direct.tally.lengths);
  EXPECT_EQ(result.summary.seats, spec.seats);
  EXPECT_FALSE(result.stopped);
}

TEST(TournamentRun, AStopFlagEndsItAndSaysSo) {
  std::atomic<bool> stop{true};
  TournamentHooks hooks;
  hooks.stop = &stop;
  TournamentResult result = Tournament(small("hustle")).run(hooks);
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.run.tally.games, 0u);
}

TEST(TournamentRun, JsonCarriesTheParametersAndThreads) {
  Tournament tournament(small("boom-bah"));
  nlohmann::json json = tournament_json(tournament, tournament.run());
  EXPECT_EQ(json["threads"], 2);
  EXPECT_EQ(json["params"], nlohmann::json(tournament.params()));
  EXPECT_EQ(json["game"], "boom-bah");
}

class TournamentRecords : public testing::ScratchDir {};

TEST_F(TournamentRecords, OneReplayableRecordPerGameInAFolderMadeByTheRun) {
  TournamentSpec spec = small("disguise");
  spec.games = 3;
  spec.seats = {"heuristic", "random"};
  spec.records_dir = path("records/deeper");
  Tournament tournament(spec);
  EXPECT_FALSE(std::filesystem::exists(spec.records_dir)) << "set-up touches no file";
  TournamentResult result = tournament.run();
  for (int game = 1; game <= 3; ++game) {
    GameRecord record = load_record(path(fmt::format("records/deeper/game-{:06}.json", game)));
    EXPECT_EQ(record.game, "disguise");
    EXPECT_EQ(record.names, default_names(2));
    EXPECT_EQ(record.seed, game_seed(spec.seed, static_cast<std::uint64_t>(game - 1)));
    // Seats rotate: game 2 (index 1) puts the second agent in seat 1.
    EXPECT_EQ(record.players[0], spec.seats[static_cast<std::size_t>(rotated_agent(game - 1, 0, 2))]);
    EXPECT_FALSE(record.actions.empty());
  }
  EXPECT_EQ(result.run.tally.games, 3u);
}

TEST_F(TournamentRecords, AFileWhereTheFolderShouldBeIsRefusedBeforeAnyGame) {
  write("taken", "x");
  TournamentSpec spec = small("bye-bye");
  spec.records_dir = path("taken");
  Tournament tournament(spec);
  EXPECT_TRUE(contains(error_message<Error>([&] { tournament.run(); }), "--records: cannot create the folder"));
}

TEST(DefaultNames, EightNamesThenSeatNumbers) {
  EXPECT_EQ(default_names(3), (std::vector<std::string>{"Ann", "Bob", "Cat"}));
  EXPECT_EQ(default_names(9).back(), "P9");
}

}  // namespace
}  // namespace bw
