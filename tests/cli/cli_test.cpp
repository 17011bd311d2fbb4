// The `bellwether` command line, driven in-process with string streams.
#include "cli/cli.hpp"
#include "cli/commands.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "agents/agent_spec.hpp"
#include "cli/text_layout.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

namespace fs = std::filesystem;

struct Result {
  int code = -1;
  std::string out, err;
};

// `interactive`: as if a person sat at a terminal (screens cleared, typed lines not echoed).
Result run_cli(std::initializer_list<std::string> args, const std::string& input = "", bool interactive = false) {
  std::vector<std::string> words{"bellwether"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<const char*> argv;
  for (const auto& w : words) argv.push_back(w.c_str());
  argv.push_back(nullptr);
  std::istringstream in(input);
  std::ostringstream out, err;
  cli::Terminal term{in, out, err, interactive};
  Result r;
  r.code = cli::run(static_cast<int>(words.size()), argv.data(), term);
  r.out = out.str();
  r.err = err.str();
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string show(const Result& r) {
  return "exit " + std::to_string(r.code) + "\n--- out:\n" + r.out + "\n--- err:\n" + r.err;
}

// A failure: non-zero exit, and stderr names the problem with every one of `words`.
void expect_error(const Result& r, std::initializer_list<std::string> words, int code = 0) {
  EXPECT_NE(r.code, 0) << show(r);
  if (code) {
    EXPECT_EQ(r.code, code) << show(r);
  }
  for (const auto& w : words) EXPECT_TRUE(has(r.err, w)) << "stderr lacks '" << w << "'\n" << show(r);
}

using CliFiles = testing::ScratchDir;

// ---- games, help ----

TEST(CliGames, ListsGamesAndTheirParameters) {
  Result r = run_cli({"games"});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "bye-bye")) << r.out;
  EXPECT_TRUE(has(r.out, "Bye-Bye Black Sheep")) << r.out;
  for (const auto& spec : registry().find("bye-bye").params) EXPECT_TRUE(has(r.out, spec.name)) << spec.name;
  EXPECT_TRUE(has(r.out, "true|false")) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CliGames, JsonParses) {
  Result r = run_cli({"games", "--json"});
  ASSERT_EQ(r.code, 0) << show(r);
  nlohmann::json json = nlohmann::json::parse(r.out);  // throws (fails the test) if not JSON
  ASSERT_TRUE(json.is_array());
  const nlohmann::json* bye = nullptr;
  for (const auto& g : json)
    if (g.at("id") == "bye-bye") bye = &g;
  ASSERT_NE(bye, nullptr) << r.out;
  EXPECT_EQ(bye->at("min_players"), 2);
  EXPECT_EQ(bye->at("max_players"), 5);
  bool advanced = false;
  for (const auto& p : bye->at("params"))
    if (p.at("name") == "advanced") {
      advanced = true;
      EXPECT_EQ(p.at("default"), "false");
      EXPECT_EQ(p.at("allowed"), "true|false");
    }
  EXPECT_TRUE(advanced) << r.out;
  EXPECT_EQ(json.size(), registry().games().size());
}

TEST(CliHelp, HelpExitsZero) {
  Result r = run_cli({"--help"});
  EXPECT_EQ(r.code, 0) << show(r);
  for (const char* cmd : {"games", "play", "replay", "sim", "bench"}) EXPECT_TRUE(has(r.out, cmd)) << cmd;
  Result play_help = run_cli({"play", "--help"});
  EXPECT_EQ(play_help.code, 0) << show(play_help);
  EXPECT_TRUE(has(play_help.out, "--seats")) << play_help.out;
}

TEST(CliHelp, VersionExitsZeroAndNamesTheProgram) {
  Result r = run_cli({"--version"});
  EXPECT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(r.out.starts_with("bellwether ")) << r.out;
  EXPECT_TRUE(has(run_cli({"--help"}).out, "--version"));
}

TEST(CliHelp, NoOrUnknownSubcommandFails) {
  expect_error(run_cli({}), {"subcommand"});
  expect_error(run_cli({"frobnicate"}), {"unknown command 'frobnicate'", "play", "sim"});
  expect_error(run_cli({"--frobnicate"}), {"--frobnicate"});
  expect_error(run_cli({"games", "--colour"}), {"--colour"});
  expect_error(run_cli({"play"}), {"game"});  // the game is required
}

// ---- bad input: every one a non-zero exit and a message naming the problem ----

TEST(CliErrors, UnknownGame) {
  expect_error(run_cli({"play", "nosuch", "--seed", "1"}), {"unknown game 'nosuch'", "bye-bye"}, 2);
  expect_error(run_cli({"sim", "nosuch"}), {"unknown game 'nosuch'", "bye-bye"}, 2);
  expect_error(run_cli({"bench", "nosuch"}), {"unknown game 'nosuch'", "bye-bye"}, 2);
  expect_error(run_cli({"playthrough", "nosuch"}), {"unknown game 'nosuch'"}, 2);
}

TEST(CliErrors, BadParameterValue) {
  expect_error(run_cli({"play", "bye-bye", "--seats", "random,random", "--param", "advanced=maybe"}),
               {"advanced", "maybe"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--games", "5", "--param", "stall_rounds=0"}), {"stall_rounds", "1..20"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--games", "5", "--param", "turn_limit=lots"}), {"turn_limit", "lots"}, 2);
  expect_error(run_cli({"play", "bye-bye", "--seats", "random,random", "--param", "advanced=yes"}),
               {"advanced", "'yes' is not allowed", "true|false"}, 2);
}

TEST(CliErrors, UnknownParameter) {
  Result r = run_cli({"play", "bye-bye", "--seats", "random,random", "--param", "colour=red"});
  expect_error(r, {"colour", "advanced", "turn_limit"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--param", "colour=red"}), {"colour"}, 2);
}

TEST(CliErrors, MalformedParameter) {
  expect_error(run_cli({"play", "bye-bye", "--param", "advanced"}), {"advanced", "name=value"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--param", "=true"}), {"name=value"}, 2);
  expect_error(run_cli({"play", "bye-bye", "--param", "advanced="}), {"advanced=", "name=value"}, 2);
  expect_error(
      run_cli({"play", "bye-bye", "--seats", "random,random", "--param", "advanced=true", "--param", "advanced=false"}),
      {"advanced", "twice"}, 2);
}

TEST(CliErrors, WrongNumberOfSeats) {
  expect_error(run_cli({"play", "bye-bye", "--seats", "random"}), {"2 to 5", "not 1"}, 2);
  expect_error(run_cli({"play", "bye-bye", "--seats", "random,random,random,random,random,random"}),
               {"2 to 5", "not 6"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--seats", "random"}), {"not 1"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--players", "6"}), {"not 6"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--players", "3", "--seats", "random,random"}), {"--players 3", "2 seats"},
               2);
  expect_error(run_cli({"play", "bye-bye", "--seats", "random,random", "--names", "Ann,Bob,Cat"}),
               {"3 names", "2 seats"}, 2);
}

TEST(CliErrors, UnknownAgent) {
  expect_error(run_cli({"play", "bye-bye", "--seats", "human,wizard"}), {"wizard"}, 2);
  expect_error(run_cli({"sim", "bye-bye", "--seats", "random,wizard"}), {"wizard"}, 2);
}

TEST(CliErrors, SimIsForBotsOnly) {
  expect_error(run_cli({"sim", "bye-bye", "--seats", "human,random"}), {"human", "play"}, 2);
}

TEST(CliErrors, BadNumbersOnTheCommandLine) {
  expect_error(run_cli({"sim", "bye-bye", "--games", "0"}), {"--games"});
  expect_error(run_cli({"sim", "bye-bye", "--games", "many"}), {"--games"});
  expect_error(run_cli({"play", "bye-bye", "--seed", "-x"}), {"--seed"});
}

TEST_F(CliFiles, ReplayOfAMissingFile) {
  std::string missing = path("absent.json");
  expect_error(run_cli({"replay", missing}), {"cannot open", missing}, 2);
}

TEST_F(CliFiles, ReplayOfCorruptJson) {
  write("corrupt.json", "{\"format\": \"bellwether-record\", \"actions\": [");
  expect_error(run_cli({"replay", path("corrupt.json")}), {"corrupt.json", "not valid JSON"}, 2);
  write("notarecord.json", "{\"hello\": 1}");
  expect_error(run_cli({"replay", path("notarecord.json")}), {"notarecord.json", "format"}, 2);
}

nlohmann::json record_json(std::vector<std::string> actions) {
  return {{"format", "bellwether-record"},      {"version", 1}, {"game", "bye-bye"},
          {"params", nlohmann::json::object()}, {"seed", 3},    {"players", {"random", "random", "random"}},
          {"actions", std::move(actions)}};
}

TEST_F(CliFiles, ReplayOfARecordWithAnIllegalAction) {
  write("illegal.json", record_json({"stop"}).dump());  // a turn must draw before it may stop
  Result r = run_cli({"replay", path("illegal.json")});
  expect_error(r, {"record action 1", "'stop'"}, 2);

  write("unknown.json", record_json({"dance"}).dump());
  expect_error(run_cli({"replay", path("unknown.json")}), {"record action 1", "dance"}, 2);

  auto json = record_json({});
  json["game"] = "nosuch";
  write("game.json", json.dump());
  expect_error(run_cli({"replay", path("game.json")}), {"nosuch"}, 2);

  json = record_json({});
  json["players"] = {"random"};
  write("one.json", json.dump());
  expect_error(run_cli({"replay", path("one.json")}), {"not 1"}, 2);
}

TEST_F(CliFiles, ReplayAsAnUnknownSeat) {
  write("empty-game.json", record_json({}).dump());
  expect_error(run_cli({"replay", path("empty-game.json"), "--as", "9"}), {"--as '9'", "1..3"}, 2);
  expect_error(run_cli({"replay", path("empty-game.json"), "--as", "Zed"}), {"Zed"}, 2);
  // A record that stops before the game does is fine to replay.
  Result r = run_cli({"replay", path("empty-game.json"), "--as", "2"});
  EXPECT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "ends before the game does")) << r.out;
}

// ---- bots ----

TEST_F(CliFiles, BotGameSavesARecordThatReplays) {
  std::string file = path("bots.json");
  Result r = run_cli({"play", "bye-bye", "--seats", "random,random,random", "--seed", "3", "--save", file});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "Result: ")) << r.out;
  EXPECT_TRUE(has(r.out, "seed 3")) << r.out;
  EXPECT_TRUE(has(r.out, "Record saved to " + file)) << r.out;
  ASSERT_TRUE(fs::exists(file));
  EXPECT_FALSE(fs::exists(file + ".tmp"));

  GameRecord record = load_record(file);
  EXPECT_EQ(record.game, "bye-bye");
  EXPECT_EQ(record.seed, 3u);
  EXPECT_EQ(record.players, (std::vector<std::string>{"random", "random", "random"}));
  EXPECT_EQ(record.names, (std::vector<std::string>{"Ann", "Bob", "Cat"}));
  EXPECT_FALSE(record.actions.empty());
  EXPECT_TRUE(replay(registry(), record)->is_terminal());
  nlohmann::json json = nlohmann::json::parse(std::ifstream(file));
  EXPECT_TRUE(json.contains("result"));

  Result full = run_cli({"replay", file});
  ASSERT_EQ(full.code, 0) << show(full);
  EXPECT_TRUE(has(full.out, "Replay of bye-bye")) << full.out;
  EXPECT_TRUE(has(full.out, "everyone")) << full.out;
  EXPECT_TRUE(has(full.out, record.actions.front())) << full.out;
  EXPECT_FALSE(has(full.out, "ends before the game does")) << full.out;

  Result as_one = run_cli({"replay", file, "--as", "1"});
  ASSERT_EQ(as_one.code, 0) << show(as_one);
  EXPECT_TRUE(has(as_one.out, "viewed by Ann")) << as_one.out;
  Result as_bob = run_cli({"replay", file, "--as", "Bob", "--board"});
  ASSERT_EQ(as_bob.code, 0) << show(as_bob);
  EXPECT_TRUE(has(as_bob.out, "viewed by Bob")) << as_bob.out;
}

TEST_F(CliFiles, ReplayStepsThroughOnATerminalAndDumpsWithAll) {
  std::string file = path("steps.json");
  ASSERT_EQ(run_cli({"play", "bye-bye", "--seats", "random,random", "--seed", "3", "--save", file}).code, 0);
  GameRecord record = load_record(file);
  const std::string total = std::to_string(record.actions.size());
  Result r = run_cli({"replay", file}, "\n\nb\ng 5\nv Bob\nv zed\ng 99999\nfly\n" + total + "\nn\nq\n", true);
  ASSERT_EQ(r.code, 0) << show(r);
  auto at = [&](const std::string& part, std::size_t from = 0) { return r.out.find(part, from); };
  // Set-up, next, next, back, go to 5: the prompt says where we are each time, in that order.
  std::size_t pos = at("Set-up:");
  for (const char* prompt : {"[0/", "[1/", "[2/", "[1/", "[5/"}) {
    pos = at(std::string(prompt) + total + "]> ", pos);
    ASSERT_NE(pos, std::string::npos) << prompt << "\n" << r.out;
    ++pos;
  }
  EXPECT_NE(at("   1. Bob: " + record.actions[0]), std::string::npos) << r.out;
  EXPECT_NE(at("Now viewed by Bob."), std::string::npos) << r.out;
  EXPECT_NE(at("'zed' is not a seat"), std::string::npos) << r.out;
  EXPECT_NE(at("Give an action number from 0 (the set-up) to " + total), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Enter/n next", r.out.find("Enter/n next") + 1) == std::string::npos, false)
      << r.out;  // 'fly': the keys again
  EXPECT_NE(at("That was the last action."), std::string::npos) << r.out;
  EXPECT_NE(at("Game over"), std::string::npos) << r.out;

  // --all, or no terminal: the whole game at once, as before.
  Result all = run_cli({"replay", file, "--all"}, "", true);
  Result piped = run_cli({"replay", file});
  ASSERT_EQ(all.code, 0) << show(all);
  EXPECT_EQ(all.out, piped.out);
  EXPECT_FALSE(has(all.out, "]> ")) << all.out;
  EXPECT_TRUE(has(all.out, "   1. Bob: " + record.actions[0])) << all.out;
}

TEST(CliPlay, TheSameSeedPlaysTheSameGame) {
  Result a = run_cli({"play", "bye-bye", "--seats", "random,random", "--seed", "17"});
  Result b = run_cli({"play", "bye-bye", "--seats", "random,random", "--seed", "17"});
  ASSERT_EQ(a.code, 0) << show(a);
  EXPECT_EQ(a.out, b.out);
  Result c = run_cli({"play", "bye-bye", "--seats", "random,random", "--seed", "18"});
  EXPECT_NE(a.out, c.out);
}

TEST_F(CliFiles, AdvancedBotGameWithNamesReplays) {
  std::string file = path("adv.json");
  Result r = run_cli({"play", "bye-bye", "--seats", "random,random", "--names", "Xia,Yan", "--param", "advanced=true",
                      "--seed", "8", "--save", file});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "Xia")) << r.out;
  GameRecord record = load_record(file);
  EXPECT_EQ(record.params.at("advanced"), "true");
  EXPECT_EQ(record.names, (std::vector<std::string>{"Xia", "Yan"}));
  Result replayed = run_cli({"replay", file, "--as", "Yan"});
  EXPECT_EQ(replayed.code, 0) << show(replayed);
}

TEST_F(CliFiles, SaveToAnUnwritablePathFails) {
  std::string file = path("no/such/dir/game.json");
  expect_error(run_cli({"play", "bye-bye", "--seats", "random,random", "--seed", "2", "--save", file}), {file}, 2);
}

// ---- humans ----

TEST_F(CliFiles, HumanGameHandlesBadInputAndQuits) {
  std::string file = path("human.json");
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random,random", "--seed", "3", "--save", file},
                     "1\nfoo\n99\nhelp\nlog\nboard\nquit\n");
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "'foo' is not an action")) << r.out;
  EXPECT_TRUE(has(r.out, "Choose a number from 1 to")) << r.out;
  EXPECT_TRUE(has(r.out, "Type the number of an action")) << r.out;  // help
  EXPECT_TRUE(has(r.out, "Game left unfinished")) << r.out;
  EXPECT_TRUE(has(r.out, "Ann> ")) << r.out;
  EXPECT_FALSE(has(r.out, "Result: ")) << r.out;

  GameRecord record = load_record(file);
  ASSERT_FALSE(record.actions.empty());
  EXPECT_EQ(record.players, (std::vector<std::string>{"human", "random", "random"}));
  // The human's "1" is in the record, and the whole record replays.
  bool human_acted = false;
  auto state = replay(registry(), record, [&](std::size_t, Player actor, Action, const AnyState&) {
    if (actor == 0) human_acted = true;
  });
  EXPECT_TRUE(human_acted);
  EXPECT_FALSE(state->is_terminal());
  Result replayed = run_cli({"replay", file});
  EXPECT_EQ(replayed.code, 0) << show(replayed);
  EXPECT_TRUE(has(replayed.out, "ends before the game does")) << replayed.out;
}

TEST(CliPlay, HumanMayTypeTheActionText) {
  // Ann (seat 1) starts; drawing from Bob's hand is legal, typed loosely (case and spacing ignored).
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "4", "--param", "start_player=1"},
                     "DRAW   from p2\nquit\n");
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_FALSE(has(r.out, "not an action")) << r.out;
  EXPECT_FALSE(has(r.out, "not a legal action")) << r.out;
  EXPECT_TRUE(has(r.out, "Game left unfinished after 1 actions")) << r.out;
}

TEST(CliPlay, HumanIsToldWhenAnActionIsNotLegalNow) {
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "4", "--param", "start_player=1"},
                     "stop\nquit\n");
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "'stop' is not a legal action now")) << r.out;
  EXPECT_TRUE(has(r.out, "Game left unfinished after 0 actions")) << r.out;
}

TEST(CliRules, HowToPlayWrappedToTheWidth) {
  for (const auto& game : registry().games()) {
    Result r = run_cli({"rules", game.id});
    ASSERT_EQ(r.code, 0) << show(r);
    EXPECT_TRUE(r.out.starts_with("How to play ")) << r.out;
    EXPECT_TRUE(has(r.out, game.rules_doc)) << r.out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);)
      EXPECT_LE(cli::display_width(line), 80u) << game.id << ": " << line;
  }
  expect_error(run_cli({"rules", "nosuch"}), {"unknown game 'nosuch'"}, 2);
  expect_error(run_cli({"rules"}), {"game"});
}

TEST(CliPlay, RulesAndHelpAtThePrompt) {
  Result r = run_cli({"play", "hustle", "--seats", "human,random,random", "--seed", "1"}, "rules\nhelp\nquit\n");
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "How to play Sheep Hustle")) << r.out;
  EXPECT_TRUE(has(r.out, "e.g. 'card ")) << r.out;  // an example from the menu
  EXPECT_FALSE(has(r.out, "'stop'")) << r.out;      // Hustle has no stop
}

TEST(CliPlay, TheMenuTextAndAUniqueStartAreAccepted) {
  // Ann starts; "draw from P2 (Bob)" is what the menu shows. Against two bots "draw" could be either;
  // against one, "dr" names the only draw.
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random,random", "--seed", "4", "--param", "start_player=1"},
                     "draw from P2 (Bob)\ndraw\nquit\n");
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "'draw' could be any of 2 actions: 'draw from P2 (Bob)', 'draw from P3 (Cat)'")) << r.out;
  EXPECT_TRUE(has(r.out, "Game left unfinished after")) << r.out;
  EXPECT_FALSE(has(r.out, "not an action")) << r.out;
  Result two =
      run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "4", "--param", "start_player=1"}, "dr\nquit\n");
  EXPECT_TRUE(has(two.out, "Game left unfinished after 1 actions")) << two.out;
}

TEST(CliPlay, ThinkShowsWhatASearchWeighedOnlyAtABotsTable) {
  expect_error(run_cli({"play", "hustle", "--seats", "human,ismcts,random", "--think"}),
               {"--think", "every seat must be a bot"});
  Result r =
      run_cli({"play", "hustle", "--seats", "ismcts:iters=60,reuse=false,heuristic,random", "--seed", "3", "--think"});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "── Ann (ismcts:iters=60,reuse=false) sees:")) << r.out;
  EXPECT_TRUE(has(r.out, "Ann weighed 60 play-outs:")) << r.out;
  EXPECT_TRUE(has(r.out, "% of visits, mean result 0.")) << r.out;
  EXPECT_FALSE(has(r.out, "Bob weighed")) << "the heuristic does not search";
}

TEST(CliPlay, AutoPassIsOnOrOff) {
  expect_error(run_cli({"play", "disguise", "--seats", "human,random", "--auto-pass", "maybe"}), {"--auto-pass"});
  for (const char* setting : {"on", "off"}) {
    Result r =
        run_cli({"play", "disguise", "--seats", "human,random", "--seed", "2", "--auto-pass", setting}, "quit\n");
    EXPECT_EQ(r.code, 0) << show(r);
  }
}

// A real Disguise game: with auto-pass on, Ann is never shown a menu whose only
// item is "pass" and the passes made for her are said; bots are never "passed
// for"; with it off, the same game asks her those questions.
TEST(CliPlay, AutoPassAnswersOnlyAPassThatIsTheOnlyChoiceAndOnlyForPeople) {
  std::string input;
  for (int i = 0; i < 3000; ++i) input += "1\n";
  auto only_pass_menus = [](const std::string& out) {
    int n = 0;
    for (auto at = out.find("\nAnn> "); at != std::string::npos; at = out.find("\nAnn> ", at + 1)) {
      auto line_start = out.rfind('\n', at - 1) + 1;
      n += out.compare(line_start, 10, "   1) pass") == 0;
    }
    return n;
  };
  Result on = run_cli({"play", "disguise", "--seats", "human,heuristic,heuristic", "--seed", "3"}, input);
  ASSERT_EQ(on.code, 0) << show(on);
  Result off =
      run_cli({"play", "disguise", "--seats", "human,heuristic,heuristic", "--seed", "3", "--auto-pass", "off"}, input);
  ASSERT_EQ(off.code, 0) << show(off);
  EXPECT_GT(only_pass_menus(off.out), 0) << "the seed no longer reaches a lone pass: pick another";
  EXPECT_EQ(only_pass_menus(on.out), 0);
  EXPECT_EQ(testing::occurrences(on.out, "Passed for Ann: 'pass' was the only choice."), only_pass_menus(off.out));
  EXPECT_EQ(testing::occurrences(on.out, "Passed for Bob"), 0);
  EXPECT_EQ(testing::occurrences(on.out, "Passed for Cat"), 0);
  EXPECT_EQ(testing::occurrences(off.out, "Passed for"), 0);
}

TEST(CliPlay, HotSeatClearsTheScreenAndScrollbackBeforeTheHandOver) {
  std::string input;
  for (int i = 0; i < 40; ++i) input += "\n1\n";
  Result r = run_cli({"play", "bye-bye", "--seats", "human,human", "--seed", "5"}, input, true);
  ASSERT_EQ(r.code, 0) << show(r);
  const std::string clear = "\033[H\033[2J\033[3J";
  const std::string to_bob = "==== Pass the device to Bob";
  std::size_t hand_over = r.out.find(to_bob);
  ASSERT_NE(hand_over, std::string::npos) << r.out;
  // Ann's hand was shown, then everything is cleared, then the hand-over screen, then Bob's table.
  std::size_t anns_hand = r.out.rfind("(you)", hand_over);
  ASSERT_NE(anns_hand, std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(hand_over - clear.size(), clear.size()), clear);
  EXPECT_EQ(r.out.find(clear, anns_hand) + clear.size(), hand_over);
  std::size_t after = r.out.find("press Enter ====\n", hand_over) + std::string("press Enter ====\n").size();
  EXPECT_EQ(r.out.substr(after, clear.size()), clear);
  EXPECT_LT(after, r.out.find("(you)", after));
}

TEST(CliPlay, ASlowBotSaysItIsThinkingOnATerminalOnly) {
  // Ann, a search given 700 ms a move, starts; Bob (human) then leaves.
  std::initializer_list<std::string> args = {"play",   "bye-bye", "--seats", "ismcts:ms=700,human",
                                             "--seed", "3",       "--param", "start_player=1"};
  Result terminal = run_cli(args, "quit\n", true);
  ASSERT_EQ(terminal.code, 0) << show(terminal);
  std::size_t thinking = terminal.out.find("  Ann is thinking…");
  ASSERT_NE(thinking, std::string::npos) << terminal.out;
  EXPECT_NE(terminal.out.find("\r\033[K", thinking), std::string::npos) << terminal.out;  // and the line goes
  Result piped = run_cli(args, "quit\n");
  EXPECT_FALSE(has(piped.out, "thinking")) << piped.out;
}

TEST(CliPlay, HotSeatShowsPassTheDevice) {
  std::string input;
  for (int i = 0; i < 40; ++i) input += "\n1\n";  // Enter at the hand-over screen, then the first action
  Result r = run_cli({"play", "bye-bye", "--seats", "human,human", "--seed", "5"}, input);
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "Pass the device to Ann")) << r.out;
  EXPECT_TRUE(has(r.out, "Pass the device to Bob")) << r.out;
}

TEST(CliPlay, EndOfInputEndsTheGameCleanly) {
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "1"}, "");
  EXPECT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "Game left unfinished")) << r.out;
  Result hot = run_cli({"play", "bye-bye", "--seats", "human,human,random", "--seed", "1"}, "");
  EXPECT_EQ(hot.code, 0) << show(hot);
  Result partial = run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "1"}, "1\n1");  // no final newline
  EXPECT_EQ(partial.code, 0) << show(partial);
}

TEST(CliPlay, HumanCanPlayAGameToTheEnd) {
  // Always choosing menu item 1 finishes the game (the turn limit guards against stalls).
  std::string input;
  for (int i = 0; i < 3000; ++i) input += "1\n";
  Result r = run_cli({"play", "bye-bye", "--seats", "human,random", "--seed", "6"}, input);
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "Result: ")) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
}

// ---- sim, playthrough ----

TEST(CliSim, JsonWinRatesSumToOne) {
  Result r = run_cli({"sim", "bye-bye", "--games", "200", "--seed", "7", "--threads", "2", "--json"});
  ASSERT_EQ(r.code, 0) << show(r);
  nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("game"), "bye-bye");
  EXPECT_EQ(json.at("games"), 200);
  EXPECT_EQ(json.at("players"), 3);
  EXPECT_EQ(json.at("seed"), 7);
  EXPECT_EQ(json.at("params").at("advanced"), "false");
  ASSERT_EQ(json.at("seats").size(), 3u);
  double total = 0;
  for (const auto& seat : json.at("seats")) {
    double rate = seat.at("win_rate").get<double>();
    total += rate;
    EXPECT_LE(seat.at("ci95")[0].get<double>(), rate);
    EXPECT_GE(seat.at("ci95")[1].get<double>(), rate);
  }
  EXPECT_NEAR(total, 1.0, 1e-9);

  // The same seed with one thread: the same figures.
  Result one = run_cli({"sim", "bye-bye", "--games", "200", "--seed", "7", "--threads", "1", "--json"});
  ASSERT_EQ(one.code, 0) << show(one);
  nlohmann::json json1 = nlohmann::json::parse(one.out);
  for (auto* j : {&json, &json1}) {  // wall-clock figures and the thread count may differ
    j->erase("seconds");
    j->erase("threads");
    for (const char* table : {"seats", "agents"})
      for (auto& row : (*j)[table]) row.erase("ms_per_decision");
  }
  EXPECT_EQ(json, json1);
}

TEST_F(CliFiles, SimWritesARecordPerGameThatReplaysToTheSameResult) {
  std::string dir = path("records");
  Result r = run_cli({"sim", "bye-bye", "--games", "6", "--seats", "heuristic,random", "--threads", "2", "--seed", "3",
                      "--records", dir, "--json"});
  ASSERT_EQ(r.code, 0) << show(r);
  int files = 0;
  std::vector<double> wins_of_heuristic_seat_from_records(2, 0.0);
  for (int game = 1; game <= 6; ++game) {
    char name[32];
    std::snprintf(name, sizeof name, "/game-%06d.json", game);
    GameRecord record = load_record(dir + name);
    ++files;
    EXPECT_EQ(record.game, "bye-bye");
    ASSERT_EQ(record.players.size(), 2u);
    // Seats rotate: game 1 has the line-up as given, game 2 shifted by one.
    EXPECT_EQ(record.players[0], game % 2 == 1 ? "heuristic" : "random") << name;
    auto final_state = replay(registry(), record);
    ASSERT_TRUE(final_state->is_terminal()) << name << " does not replay to the end";
    for (Player p : final_state->winners())
      wins_of_heuristic_seat_from_records[record.players[p] == "heuristic" ? 0 : 1] +=
          1.0 / static_cast<double>(final_state->winners().size());
  }
  EXPECT_EQ(files, 6);
  EXPECT_FALSE(fs::exists(dir + "/game-000007.json"));
  nlohmann::json json = nlohmann::json::parse(r.out);
  for (const auto& agent : json.at("agents"))
    EXPECT_NEAR(agent.at("wins").get<double>(),
                wins_of_heuristic_seat_from_records[agent.at("agent") == "heuristic" ? 0 : 1], 1e-9);
}

TEST_F(CliFiles, SimRecordsIntoAFileIsRefused) {
  write("taken", "x");
  expect_error(run_cli({"sim", "bye-bye", "--games", "2", "--records", path("taken")}), {"--records", "taken"});
}

TEST(CliSim, AgentOptionsWithCommasStayWithTheirAgent) {
  EXPECT_EQ(split_seats("ismcts:iters=20,c=0.5,random, heuristic"),
            (std::vector<std::string>{"ismcts:iters=20,c=0.5", "random", "heuristic"}));
  EXPECT_EQ(split_seats("random,random"), (std::vector<std::string>{"random", "random"}));
  Result r = run_cli({"sim", "bye-bye", "--games", "4", "--threads", "1", "--seats",
                      "ismcts:iters=20,c=0.5,rollout=heuristic,random", "--json"});
  ASSERT_EQ(r.code, 0) << show(r);
  nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("players"), 2);
  EXPECT_EQ(json.at("agents")[0].at("agent"), "ismcts:iters=20,c=0.5,rollout=heuristic");
  // An option after a plain agent is still an error, not a silent seat.
  expect_error(run_cli({"sim", "bye-bye", "--games", "2", "--seats", "random,iters=5"}), {"iters=5"});
}

TEST_F(CliFiles, SimFooterCountsTheSharedWins) {
  std::string dir = path("shared");
  Result r = run_cli({"sim", "bye-bye", "--games", "60", "--seed", "1", "--threads", "2", "--records", dir});
  ASSERT_EQ(r.code, 0) << show(r);
  int shared = 0;
  for (int game = 1; game <= 60; ++game) {
    char name[32];
    std::snprintf(name, sizeof name, "/game-%06d.json", game);
    shared += replay(registry(), load_record(dir + name))->winners().size() > 1;
  }
  ASSERT_GT(shared, 0) << "pick a seed with a shared win";
  EXPECT_TRUE(
      has(r.out, std::to_string(shared) + " of the 60 games were shared wins: a win shared by k seats counts 1/k"))
      << r.out;
  Result hustle = run_cli({"sim", "hustle", "--games", "60", "--seed", "1", "--threads", "2"});  // one winner always
  EXPECT_FALSE(has(hustle.out, "shared")) << hustle.out;
}

TEST(CliSim, OneOutputFormat) {
  expect_error(run_cli({"sim", "bye-bye", "--games", "2", "--json", "--csv"}), {"--json", "--csv"});
}

TEST(CliAnalyze, NoHtmlOnATerminal) {
  Result r = run_cli({"analyze", "bye-bye", "--games", "2"}, "", true);
  expect_error(r, {"--out FILE", "--format md"}, 2);
  EXPECT_FALSE(has(r.err, "games...")) << r.err;  // refused before any game
  Result md = run_cli({"analyze", "bye-bye", "--games", "2", "--format", "md", "--quiet"}, "", true);
  EXPECT_EQ(md.code, 0) << show(md);
  Result piped = run_cli({"analyze", "bye-bye", "--games", "2", "--quiet"});  // a pipe or a file takes HTML
  EXPECT_EQ(piped.code, 0) << show(piped);
  EXPECT_TRUE(has(piped.out, "<html")) << piped.out.substr(0, 200);
}

TEST(CliSim, TextSummaryAndPlayerCount) {
  Result r = run_cli({"sim", "bye-bye", "--games", "50", "--players", "2", "--threads", "1"});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "bye-bye: 50 games, 2 players")) << r.out;
  EXPECT_TRUE(has(r.out, "mean game length")) << r.out;
  EXPECT_FALSE(has(r.out, "P3")) << r.out;
}

TEST(CliBench, JsonFiguresForOneGame) {
  Result r = run_cli({"bench", "bye-bye", "--json", "--min-time", "0.01"});
  ASSERT_EQ(r.code, 0) << show(r);
  nlohmann::json json = nlohmann::json::parse(r.out);
  ASSERT_EQ(json.size(), 1u) << r.out;
  const auto& figures = json[0];
  EXPECT_EQ(figures.at("game"), "bye-bye");
  EXPECT_EQ(figures.at("state_bytes"), sizeof(bye_bye::State));
  EXPECT_GT(figures.at("games_per_sec").get<double>(), 0.0);
  EXPECT_GT(figures.at("ns_per_action").get<double>(), 0.0);
  // Random play-outs allocate nothing (DESIGN: legal_actions and apply allocate nothing).
  EXPECT_EQ(figures.at("allocs_per_action").get<double>(), 0.0) << r.out;
  EXPECT_GT(figures.at("copy_ns").get<double>(), 0.0);
  EXPECT_GT(figures.at("ismcts_iters_per_sec").get<double>(), 0.0);
  EXPECT_GT(figures.at("ismcts_default_iters_per_sec").get<double>(), 0.0);
  EXPECT_GT(figures.at("speedup_2_threads").get<double>(), 0.0);  // measured, not asserted: machines are noisy

  // Progress on standard error, one line per measurement.
  EXPECT_TRUE(has(r.err, "bench: 1 of 5 measured (playout/bye-bye)")) << r.err;
  EXPECT_TRUE(has(r.err, "bench: 5 of 5 measured")) << r.err;
  expect_error(run_cli({"bench", "--min-time", "0"}), {"--min-time"});
}

TEST(CliExplain, RanksBlackSheepHandsWithTheReason) {
  // The rulebook's examples: four cows beat four pigs; three horses and two black sheep beat three pigs and two roosters.
  Result r = run_cli({"explain", "black-sheep", "--hand",
                      "pig pig pig pig horse | cow cow cow cow sheep | pig pig pig rooster rooster | "
                      "horse horse horse black-sheep black-sheep"});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_LT(r.out.find("1. cow cow cow cow sheep"), r.out.find("2. pig pig pig pig horse")) << r.out;
  EXPECT_TRUE(has(r.out, "3. horse horse horse black-sheep black-sheep")) << r.out;
  EXPECT_TRUE(has(r.out, "4. pig pig pig rooster rooster")) << r.out;
  expect_error(run_cli({"explain", "black-sheep", "--hand", "horse horse dragon cow cow"}), {"dragon"});
  expect_error(run_cli({"explain", "black-sheep", "--hand", "horse cow | pig pig pig pig pig"}),
               {"'horse cow' has 2 animals", "exactly five"}, 2);
  expect_error(run_cli({"explain", "hustle", "--hand", "x"}), {"black-sheep"});
  expect_error(run_cli({"explain", "nosuch", "--hand", "x"}), {"unknown game"});
}

TEST(CliPlaythrough, PrintsAWholeGame) {
  Result r = run_cli({"playthrough", "bye-bye", "--seed", "2"});
  ASSERT_EQ(r.code, 0) << show(r);
  EXPECT_TRUE(has(r.out, "game bye-bye")) << r.out;
  EXPECT_TRUE(has(r.out, "\nwinners")) << r.out;
  Result again = run_cli({"playthrough", "bye-bye", "--seed", "2"});
  EXPECT_EQ(r.out, again.out);
}

}  // namespace
}  // namespace bw
