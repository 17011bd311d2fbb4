// core/record.hpp: the JSON game record, with the real registry and Bye-Bye.
#include "core/record.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include "support/files.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

namespace fs = std::filesystem;

using RecordFiles = testing::ScratchDir;

struct Played {
  GameRecord record;
  std::unique_ptr<AnyState> final_state;
};

// A seeded random game through the type-erased front door, recorded as a front would.
Played play_random(std::uint64_t seed, int players = 3, ParamMap params = {}, std::size_t max_actions = 100000) {
  Played played;
  const GameInfo& game = registry().find("bye-bye");
  played.final_state = game.start(params, players, seed);
  played.record.game = "bye-bye";
  played.record.params = validate_params(game.params, params);
  played.record.seed = seed;
  played.record.players.assign(players, "random");
  played.record.names = std::vector<std::string>{"Ann", "Bob", "Cat", "Dan", "Eve"};
  played.record.names.resize(players);
  Rng chooser(seed, 77);
  while (!played.final_state->is_terminal() && played.record.actions.size() < max_actions) {
    auto legal = played.final_state->legal_actions();
    Action a = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
    played.record.actions.push_back(played.final_state->action_to_string(a));
    played.final_state->apply(a);
  }
  return played;
}

void expect_same_record(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.players, b.players);
  EXPECT_EQ(a.names, b.names);
  EXPECT_EQ(a.actions, b.actions);
}

// Runs `fn`, expects a BadRecord, returns its message.
template <class Fn>
std::string bad_record_message(Fn fn) {
  return testing::error_message<BadRecord>(fn);
}

using testing::contains;

TEST(Record, RandomGameFinishes) {
  Played played = play_random(11);
  ASSERT_TRUE(played.final_state->is_terminal());
  EXPECT_GT(played.record.actions.size(), 3u);
  EXPECT_FALSE(played.final_state->winners().empty());
}

TEST(Record, JsonRoundTrip) {
  Played played = play_random(12, 3, {{"advanced", "true"}, {"stall_rounds", "3"}});
  nlohmann::json json = record_to_json(played.record, played.final_state.get());
  EXPECT_EQ(json.at("format"), "bellwether-record");
  EXPECT_EQ(json.at("version"), 1);
  EXPECT_EQ(json.at("game"), "bye-bye");
  // Typed parameters: ints as numbers, bools as booleans.
  EXPECT_EQ(json.at("params").at("advanced"), true);
  EXPECT_EQ(json.at("params").at("stall_rounds"), 3);
  EXPECT_TRUE(json.at("params").at("turn_limit").is_number_integer());
  // A finished game carries its result.
  ASSERT_TRUE(json.contains("result"));
  EXPECT_EQ(json.at("result").at("winners").get<std::vector<int>>().size(), played.final_state->winners().size());
  EXPECT_EQ(json.at("result").at("scores").size(), 3u);

  GameRecord back = record_from_json(json);
  expect_same_record(back, played.record);
  // And through text, as a file holds it.
  expect_same_record(record_from_json(nlohmann::json::parse(json.dump())), played.record);
}

TEST(Record, JsonWithoutStateKeepsParamsAsText) {
  Played played = play_random(13, 2, {}, 5);
  nlohmann::json json = record_to_json(played.record, nullptr);
  EXPECT_FALSE(json.contains("result"));
  EXPECT_EQ(json.at("params").at("advanced"), "false");
  expect_same_record(record_from_json(json), played.record);
}

TEST(Record, UnfinishedGameHasNoResult) {
  Played played = play_random(14, 3, {}, 4);
  ASSERT_FALSE(played.final_state->is_terminal());
  EXPECT_FALSE(record_to_json(played.record, played.final_state.get()).contains("result"));
}

TEST(Record, LargeSeedSurvives) {
  Played played = play_random(0xfedcba9876543210ULL, 3, {}, 3);
  nlohmann::json json = nlohmann::json::parse(record_to_json(played.record, played.final_state.get()).dump());
  EXPECT_EQ(record_from_json(json).seed, 0xfedcba9876543210ULL);
}

TEST_F(RecordFiles, SaveLoadAndReplayReproduceTheGame) {
  Played played = play_random(21, 4);
  ASSERT_TRUE(played.final_state->is_terminal());
  save_record(path("game.json"), played.record, played.final_state.get());
  EXPECT_FALSE(fs::exists(path("game.json.tmp")));

  GameRecord loaded = load_record(path("game.json"));
  expect_same_record(loaded, played.record);

  std::size_t steps = 0;
  auto state = replay(registry(), loaded, [&](std::size_t index, Player actor, Action action, const AnyState& after) {
    EXPECT_EQ(index, steps);
    EXPECT_GE(actor, 0);
    EXPECT_LT(actor, 4);
    EXPECT_EQ(after.action_to_string(action), loaded.actions[index]);
    ++steps;
  });
  EXPECT_EQ(steps, loaded.actions.size());
  ASSERT_TRUE(state->is_terminal());
  EXPECT_TRUE(state->equals(*played.final_state));
  EXPECT_EQ(state->winners(), played.final_state->winners());
  EXPECT_EQ(state->scores(), played.final_state->scores());
}

TEST_F(RecordFiles, ReplayWithAdvancedRules) {
  Played played = play_random(22, 2, {{"advanced", "true"}});
  save_record(path("adv.json"), played.record, played.final_state.get());
  auto state = replay(registry(), load_record(path("adv.json")));
  EXPECT_TRUE(state->equals(*played.final_state));
}

TEST_F(RecordFiles, SaveOverwritesAnOldRecord) {
  Played first = play_random(23, 3, {}, 2);
  Played second = play_random(24, 3);
  save_record(path("r.json"), first.record, first.final_state.get());
  save_record(path("r.json"), second.record, second.final_state.get());
  expect_same_record(load_record(path("r.json")), second.record);
}

TEST_F(RecordFiles, SaveIntoAMissingDirectoryFails) {
  Played played = play_random(25, 3, {}, 2);
  std::string target = path("no/such/dir/r.json");
  try {
    save_record(target, played.record, played.final_state.get());
    FAIL() << "saved into a missing folder";
  } catch (const CannotWrite& e) {
    std::string message = e.what();
    EXPECT_TRUE(contains(message, target)) << message;
    EXPECT_TRUE(contains(message, "No such file or directory")) << message;
  }
}

TEST_F(RecordFiles, MissingFile) {
  std::string message = bad_record_message([&] { load_record(path("absent.json")); });
  EXPECT_TRUE(contains(message, "absent.json")) << message;
}

TEST_F(RecordFiles, InvalidJson) {
  write("bad.json", "{\"format\": \"bellwether-record\", \"version\": 1,");
  std::string message = bad_record_message([&] { load_record(path("bad.json")); });
  EXPECT_TRUE(contains(message, "bad.json")) << message;
  EXPECT_TRUE(contains(message, "not valid JSON")) << message;
}

TEST_F(RecordFiles, EmptyFile) {
  write("empty.json", "");
  std::string message = bad_record_message([&] { load_record(path("empty.json")); });
  EXPECT_TRUE(contains(message, "empty.json")) << message;
}

nlohmann::json good_json() {
  return {{"format", "bellwether-record"},      {"version", 1}, {"game", "bye-bye"},
          {"params", nlohmann::json::object()}, {"seed", 5},    {"players", {"random", "random", "random"}},
          {"actions", nlohmann::json::array()}};
}

TEST_F(RecordFiles, WrongFormatNamesTheFile) {
  auto json = good_json();
  json["format"] = "chess-pgn";
  write("other.json", json.dump());
  std::string message = bad_record_message([&] { load_record(path("other.json")); });
  EXPECT_TRUE(contains(message, "other.json")) << message;
  EXPECT_TRUE(contains(message, "format")) << message;
}

TEST(Record, MalformedRecords) {
  {
    std::string message = bad_record_message([] { record_from_json(nlohmann::json::array()); });
    EXPECT_TRUE(contains(message, "object")) << message;
  }
  {
    auto json = good_json();
    json.erase("format");
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "format")) << message;
  }
  {
    auto json = good_json();
    json["version"] = 2;
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "version 2")) << message;
  }
  {
    auto json = good_json();
    json.erase("version");
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "version")) << message;
  }
  {
    auto json = good_json();
    json.erase("actions");
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "actions")) << message;
  }
  {
    auto json = good_json();
    json["seed"] = "five";
    bad_record_message([&] { record_from_json(json); });
  }
  {
    auto json = good_json();
    json["players"] = nlohmann::json::array();
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "no players")) << message;
  }
  {
    auto json = good_json();
    json["names"] = {"Ann", "Bob"};
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "2 names for 3 players")) << message;
  }
  {
    auto json = good_json();
    json["params"]["advanced"] = 1.5;
    std::string message = bad_record_message([&] { record_from_json(json); });
    EXPECT_TRUE(contains(message, "advanced")) << message;
  }
  {
    auto json = good_json();
    json["actions"] = {"draw from P2", 7};
    bad_record_message([&] { record_from_json(json); });
  }
  // The good one is good.
  EXPECT_EQ(record_from_json(good_json()).players.size(), 3u);
}

TEST(Record, ReplayRejectsAnUnknownGame) {
  GameRecord record = record_from_json(good_json());
  record.game = "tic-tac-toe";
  std::string message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "tic-tac-toe")) << message;
}

TEST(Record, ReplayRejectsABadParameterValue) {
  GameRecord record = record_from_json(good_json());
  record.params["stall_rounds"] = "0";
  std::string message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "stall_rounds")) << message;

  record.params = {{"advanced", "maybe"}};
  message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "advanced")) << message;

  record.params = {{"colour", "red"}};
  message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "colour")) << message;
}

TEST(Record, ReplayRejectsAWrongPlayerCount) {
  GameRecord record = record_from_json(good_json());
  record.players = {"random"};
  std::string message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "not 1")) << message;

  record.players.assign(6, "random");
  message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "not 6")) << message;
}

TEST(Record, ReplayRejectsStopAsTheFirstAction) {
  GameRecord record = record_from_json(good_json());
  record.actions = {"stop"};
  std::string message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "action 1")) << message;
  EXPECT_TRUE(contains(message, "'stop'")) << message;
}

TEST(Record, ReplayRejectsAnIllegalActionInTheMiddle) {
  Played played = play_random(31, 3);
  // Find a point after the first action where "stop" is not legal (a turn that has not drawn yet).
  const GameInfo& game = registry().find("bye-bye");
  auto state = game.start(played.record.params, 3, played.record.seed);
  std::size_t bad_index = 0;
  for (std::size_t i = 0; i < played.record.actions.size(); ++i) {
    if (i > 0 && !state->is_legal(static_cast<Action>(bye_bye::act::kStop))) {
      bad_index = i;
      break;
    }
    state->apply(state->parse_action(played.record.actions[i]));
  }
  ASSERT_GT(bad_index, 0u) << "no turn start found in the game";

  GameRecord broken = played.record;
  broken.actions[bad_index] = "stop";
  std::size_t steps = 0;
  std::string message = bad_record_message(
      [&] { replay(registry(), broken, [&](std::size_t, Player, Action, const AnyState&) { ++steps; }); });
  EXPECT_EQ(steps, bad_index);  // every action before the bad one was applied
  EXPECT_TRUE(contains(message, "action " + std::to_string(bad_index + 1) + " ")) << message;
  EXPECT_TRUE(contains(message, "'stop'")) << message;
}

TEST(Record, ReplayRejectsTextThatIsNoAction) {
  Played played = play_random(32, 3, {}, 6);
  GameRecord broken = played.record;
  broken.actions[3] = "fly to the moon";
  std::string message = bad_record_message([&] { replay(registry(), broken); });
  EXPECT_TRUE(contains(message, "action 4 ")) << message;
  EXPECT_TRUE(contains(message, "fly to the moon")) << message;
}

TEST(Record, ReplayRejectsActionsAfterTheEnd) {
  Played played = play_random(33, 3);
  ASSERT_TRUE(played.final_state->is_terminal());
  GameRecord extended = played.record;
  extended.actions.push_back("stop");
  std::string message = bad_record_message([&] { replay(registry(), extended); });
  EXPECT_TRUE(contains(message, "action " + std::to_string(extended.actions.size()))) << message;
}

TEST(Record, ActionTextIsMatchedLoosely) {
  Played played = play_random(34, 3, {}, 1);
  GameRecord loose = played.record;
  std::string text = loose.actions[0];
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  loose.actions[0] = "  " + text + "  ";
  EXPECT_TRUE(replay(registry(), loose)->equals(*played.final_state));
}

TEST(Record, TruncatedRecordReplaysToAnUnfinishedGame) {
  Played played = play_random(35, 3);
  ASSERT_TRUE(played.final_state->is_terminal());
  ASSERT_GT(played.record.actions.size(), 4u);
  GameRecord truncated = played.record;
  truncated.actions.resize(truncated.actions.size() / 2);
  auto state = replay(registry(), truncated);
  EXPECT_FALSE(state->is_terminal());
  EXPECT_FALSE(state->equals(*played.final_state));
  // The truncated game is exactly the prefix of the full one.
  Played prefix = play_random(35, 3, {}, truncated.actions.size());
  EXPECT_TRUE(state->equals(*prefix.final_state));

  truncated.actions.clear();
  auto start = replay(registry(), truncated);
  EXPECT_FALSE(start->is_terminal());
  EXPECT_TRUE(start->equals(*registry().find("bye-bye").start({}, 3, played.record.seed)));
}

// ---- hardening: strict reading (items 3, 7, 13, 14 of "Hardening before going online") ----

// A finished game's record as a file holds it.
nlohmann::json finished_json(std::uint64_t seed, int players = 3) {
  Played played = play_random(seed, players);
  return record_to_json(played.record, played.final_state.get());
}

std::string from_json_message(const nlohmann::json& json) {
  return bad_record_message([&] { record_from_json(json); });
}

TEST_F(RecordFiles, DeeplyNestedValuesAreRefusedWithoutCrashing) {
  std::string deep = std::string(50000, '[') + std::string(50000, ']');
  std::string text = good_json().dump();
  write("version.json", text.replace(text.find("\"version\":1"), 11, "\"version\":" + deep));
  std::string message = bad_record_message([&] { load_record(path("version.json")); });
  EXPECT_TRUE(contains(message, "version.json")) << message;
  EXPECT_TRUE(contains(message, "nested too deeply")) << message;

  text = good_json().dump();
  write("param.json", text.replace(text.find("\"params\":{}"), 11, "\"params\":{\"advanced\":" + deep + "}"));
  message = bad_record_message([&] { load_record(path("param.json")); });
  EXPECT_TRUE(contains(message, "nested too deeply")) << message;
}

TEST(Record, EchoedValuesAreBounded) {
  auto json = good_json();
  json["version"] = std::string(60000, '9');
  std::string message = from_json_message(json);
  EXPECT_TRUE(contains(message, "\"version\" must be the number 1, not a string")) << message;
  EXPECT_LT(message.size(), 200u);

  json = good_json();
  json["format"] = std::string(60000, 'x');
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "60000 bytes")) << message;
  EXPECT_LT(message.size(), 200u);

  json = good_json();
  json["actions"] = {std::string(60000, 'x')};
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "\"actions\"[0] is too long (60000 bytes; at most 200)")) << message;
  EXPECT_LT(message.size(), 200u);

  // A replayed action that does not fit is echoed through excerpt() too.
  GameRecord record = record_from_json(good_json());
  record.actions = {std::string(150, 'y')};
  message = bad_record_message([&] { replay(registry(), record); });
  EXPECT_TRUE(contains(message, "record action 1 ('" + std::string(60, 'y') + "… (150 bytes)')")) << message;
}

TEST(Record, ForgedWinnersAreRefused) {
  auto json = finished_json(41);
  auto winners = json["result"]["winners"].get<std::vector<int>>();
  json["result"]["winners"] = {winners.front() == 0 ? 1 : 0};
  std::string message = bad_record_message([&] { replay(registry(), record_from_json(json)); });
  EXPECT_TRUE(contains(message, "does not match its actions")) << message;
  EXPECT_TRUE(contains(message, "winners")) << message;
}

TEST(Record, ForgedScoresAreRefused) {
  auto json = finished_json(42);
  json["result"]["scores"][1] = json["result"]["scores"][1].get<double>() + 1;
  std::string message = bad_record_message([&] { replay(registry(), record_from_json(json)); });
  EXPECT_TRUE(contains(message, "does not match its actions")) << message;
  EXPECT_TRUE(contains(message, "scores")) << message;
  // Exactly as numbers: 0.5 more is not the same score.
  json = finished_json(42);
  json["result"]["scores"][0] = json["result"]["scores"][0].get<double>() + 0.5;
  message = bad_record_message([&] { replay(registry(), record_from_json(json)); });
  EXPECT_TRUE(contains(message, "scores")) << message;
}

TEST(Record, RecordedResultIsReadAndAcceptedWhenTrue) {
  auto json = finished_json(43);
  GameRecord record = record_from_json(json);
  ASSERT_TRUE(record.result.has_value());
  EXPECT_EQ(record.result->scores.size(), 3u);
  EXPECT_FALSE(record.result->winners.empty());
  EXPECT_TRUE(replay(registry(), record)->is_terminal());
  // Whole-number scores written as 4 or as 4.0 are the same number.
  for (auto& score : json["result"]["scores"]) score = static_cast<long long>(score.get<double>());
  EXPECT_TRUE(replay(registry(), record_from_json(json))->is_terminal());
}

TEST(Record, CutShortWithItsResultKeptIsRefused) {
  auto json = finished_json(44);
  json["actions"].erase(json["actions"].size() - 1);
  std::string message = bad_record_message([&] { replay(registry(), record_from_json(json)); });
  EXPECT_TRUE(contains(message, "claims a result but its actions stop before the game ends")) << message;
  // Without the result it is a saved unfinished game, which replays.
  json.erase("result");
  EXPECT_FALSE(replay(registry(), record_from_json(json))->is_terminal());
}

TEST(Record, MalformedResults) {
  auto json = finished_json(45);
  json["result"]["scores"] = {1, 2};
  EXPECT_TRUE(contains(from_json_message(json), "\"result\".\"scores\" has 2 entries for 3 players"));
  json = finished_json(45);
  json["result"]["winners"] = {7};
  EXPECT_TRUE(contains(from_json_message(json), "\"result\".\"winners\"[0] must be a seat number 0..2, not 7"));
  json = finished_json(45);
  json["result"]["scores"][2] = "12";
  EXPECT_TRUE(contains(from_json_message(json), "\"result\".\"scores\"[2] must be a number, not a string"));
  json = finished_json(45);
  json["result"]["winner"] = 1;
  EXPECT_TRUE(contains(from_json_message(json), "unknown key 'winner' in \"result\""));
  json = finished_json(45);
  json["result"] = nlohmann::json::array();
  EXPECT_TRUE(contains(from_json_message(json), "\"result\" must be an object, not an array"));
}

TEST(Record, ParamsMustBeAnObject) {
  auto json = good_json();
  json["params"] = nullptr;
  std::string message = from_json_message(json);
  EXPECT_TRUE(contains(message, "\"params\" must be an object (name: value), not null")) << message;
  json["params"] = nlohmann::json::array();
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "\"params\" must be an object (name: value), not an array")) << message;
}

TEST(Record, ParamsMustHaveTheirGamesJsonType) {
  auto replay_message = [](const nlohmann::json& json) {
    return bad_record_message([&] { replay(registry(), record_from_json(json)); });
  };
  auto json = good_json();
  json["params"]["advanced"] = 0;
  std::string message = replay_message(json);
  EXPECT_TRUE(contains(message, "parameter 'advanced' must be true or false in a record, not a number")) << message;
  json["params"]["advanced"] = "false";
  message = replay_message(json);
  EXPECT_TRUE(contains(message, "parameter 'advanced' must be true or false in a record, not a string")) << message;
  json = good_json();
  json["params"]["stall_rounds"] = "3";
  message = replay_message(json);
  EXPECT_TRUE(contains(message, "parameter 'stall_rounds' must be a whole number in a record, not a string"))
      << message;
  // Typed as record_to_json writes them, they are fine.
  json = good_json();
  json["params"]["advanced"] = true;
  json["params"]["stall_rounds"] = 3;
  EXPECT_FALSE(replay(registry(), record_from_json(json))->is_terminal());
}

TEST(Record, UnknownKeysAreRefusedByName) {
  auto json = good_json();
  json["fromat"] = json["format"];
  json.erase("format");
  std::string message = from_json_message(json);
  EXPECT_TRUE(contains(message, "unknown key 'fromat'")) << message;
  json = good_json();
  json["comment"] = "hi";
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "unknown key 'comment'")) << message;
}

TEST(Record, FieldErrorsNameTheField) {
  auto json = good_json();
  json["names"] = {"Ann", "Bob", 7};
  EXPECT_TRUE(contains(from_json_message(json), "\"names\"[2] must be a string, not a number"));
  json = good_json();
  json["players"] = {"random", nullptr, "random"};
  EXPECT_TRUE(contains(from_json_message(json), "\"players\"[1] must be a string, not null"));
  json = good_json();
  json["actions"] = {"draw from P2", 7};
  EXPECT_TRUE(contains(from_json_message(json), "\"actions\"[1] must be a string, not a number"));
  json = good_json();
  json["game"] = 3;
  EXPECT_TRUE(contains(from_json_message(json), "\"game\" must be a string, not a number"));
  json = good_json();
  json["seed"] = "five";
  EXPECT_TRUE(contains(from_json_message(json), "\"seed\" must be a whole number >= 0, not \"five\""));
  json = good_json();
  json["seed"] = -1;
  EXPECT_TRUE(contains(from_json_message(json), "\"seed\" must be a whole number >= 0, not -1"));
  json = good_json();
  json["players"] = "random";
  EXPECT_TRUE(contains(from_json_message(json), "\"players\" must be an array, not a string"));
  json = good_json();
  json.erase("game");
  EXPECT_TRUE(contains(from_json_message(json), "the record has no \"game\""));
}

TEST(Record, NamesMustBeShortPlainText) {
  auto json = good_json();
  json["names"] = {"Ann", "Bob\n   1. Ann: resigns", "Cat"};
  std::string message = from_json_message(json);
  EXPECT_TRUE(contains(message, "seat 2's name")) << message;
  EXPECT_TRUE(contains(message, "control character (\\n)")) << message;
  EXPECT_FALSE(contains(message, "\n")) << message;

  json["names"] = {"Ann", "Bob", "\x1b[2JCat"};
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "seat 3's name")) << message;
  EXPECT_TRUE(contains(message, "control character (\\x1b)")) << message;

  json["names"] = {std::string(1'000'000, 'A'), "Bob", "Cat"};
  message = from_json_message(json);
  EXPECT_TRUE(contains(message, "seat 1's name")) << message;
  EXPECT_TRUE(contains(message, "longer than 32 characters")) << message;
  EXPECT_LT(message.size(), 200u);

  json["names"] = {"Ann", "", "Cat"};
  EXPECT_TRUE(contains(from_json_message(json), "seat 2's name is empty"));
}

TEST_F(RecordFiles, InvalidUtf8InANameIsRefused) {
  std::string text = good_json().dump();
  text.insert(text.size() - 1, ",\"names\":[\"Ann\",\"B\xff\",\"Cat\"]");
  write("utf8.json", text);
  std::string message = bad_record_message([&] { load_record(path("utf8.json")); });
  EXPECT_TRUE(contains(message, "UTF-8")) << message;
  EXPECT_FALSE(contains(message, "\xff")) << message;
}

TEST(Record, OutsideStringsAreBounded) {
  auto json = good_json();
  json["game"] = std::string(65, 'b');
  EXPECT_TRUE(contains(from_json_message(json), "\"game\" is too long (65 bytes; at most 64)"));
  json["game"] = "bye-bye\x1b[31m";
  EXPECT_TRUE(contains(from_json_message(json), "control character"));
  json["game"] = "bye bye";
  EXPECT_TRUE(contains(from_json_message(json), "is not a game id"));

  json = good_json();
  json["players"] = std::vector<std::string>(9, "random");
  EXPECT_TRUE(contains(from_json_message(json), "\"players\" has 9 entries (at most 8)"));
  json = good_json();
  json["players"][0] = "random\nheuristic";
  EXPECT_TRUE(contains(from_json_message(json), "\"players\"[0] \"random\\nheuristic\" has a control character"));
  json = good_json();
  json["players"][0] = std::string(201, 'r');
  EXPECT_TRUE(contains(from_json_message(json), "\"players\"[0] is too long"));

  json = good_json();
  json["actions"] = std::vector<std::string>(kMaxRecordActions + 1, "stop");
  EXPECT_TRUE(contains(from_json_message(json), "\"actions\" has " + std::to_string(kMaxRecordActions + 1) +
                                                    " entries (at most " + std::to_string(kMaxRecordActions) + ")"));
  json = good_json();
  json["actions"] = {"draw from P2\r\n  2. Bob: resigns"};
  EXPECT_TRUE(contains(from_json_message(json), "\"actions\"[0]"));

  json = good_json();
  json["params"]["sheep\x1b"] = 1;
  EXPECT_TRUE(contains(from_json_message(json), "control character"));
}

TEST_F(RecordFiles, DuplicateKeysAndTrailingBytesAreRefused) {
  std::string text = good_json().dump();
  write("dup.json", text.substr(0, text.size() - 1) + ",\"seed\":9}");
  std::string message = bad_record_message([&] { load_record(path("dup.json")); });
  EXPECT_TRUE(contains(message, "\"seed\" is given twice")) << message;

  write("nul.json", text + std::string("\0{\"evil\": 1}", 12));
  message = bad_record_message([&] { load_record(path("nul.json")); });
  EXPECT_TRUE(contains(message, "NUL byte")) << message;

  write("two.json", text + "\n" + text);
  message = bad_record_message([&] { load_record(path("two.json")); });
  EXPECT_TRUE(contains(message, "not valid JSON")) << message;
  EXPECT_TRUE(contains(message, "two.json")) << message;
}

TEST_F(RecordFiles, UnreadableFilesGiveTheReason) {
  std::string message = bad_record_message([&] { load_record(path("absent.json")); });
  EXPECT_TRUE(contains(message, "cannot open record file")) << message;
  EXPECT_TRUE(contains(message, "no such file")) << message;

  message = bad_record_message([&] { load_record(dir_.string()); });
  EXPECT_TRUE(contains(message, "is a directory")) << message;

  ASSERT_EQ(::mkfifo(path("fifo.json").c_str(), 0600), 0);
  message = bad_record_message([&] { load_record(path("fifo.json")); });  // must not hang
  EXPECT_TRUE(contains(message, "not a regular file")) << message;

  message = bad_record_message([&] { load_record("/dev/zero"); });  // must not read forever
  EXPECT_TRUE(contains(message, "not a regular file")) << message;

  {
    std::ofstream big(path("big.json"));
    big << std::string(kMaxRecordBytes + 1, ' ');
  }
  message = bad_record_message([&] { load_record(path("big.json")); });
  EXPECT_TRUE(contains(message, "too large")) << message;
}

// Records as play --save and sim --records write them, for every game: they still replay,
// result check included.
TEST_F(RecordFiles, EveryGamesRecordsReplayWithTheirResult) {
  for (const GameInfo& game : registry().games()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      int players = game.min_players;
      auto state = game.start({}, players, seed);
      GameRecord record;
      record.game = game.id;
      record.params = validate_params(game.params, {});
      record.seed = seed;
      record.players.assign(players, "random");
      Rng chooser(seed, 5);
      while (!state->is_terminal()) {
        auto legal = state->legal_actions();
        Action a = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
        record.actions.push_back(state->action_to_string(a));
        state->apply(a);
      }
      std::string file = path(game.id + ".json");
      save_record(file, record, state.get());
      GameRecord loaded = load_record(file);
      ASSERT_TRUE(loaded.result.has_value()) << game.id;
      EXPECT_TRUE(replay(registry(), loaded)->equals(*state)) << game.id << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace bw
