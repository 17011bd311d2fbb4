// Golden playthroughs: each file in tests/playthroughs holds one seeded game
// written out in full by `bellwether playthrough`. Replaying it must give the
// same text, so any change to the rules, observations or action lists shows
// up as a diff. After an intended change: scripts/update-playthroughs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

namespace fs = std::filesystem;

std::string header_value(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
  return {};
}

TEST(Playthrough, GoldenFilesReplayExactly) {
  fs::path dir = fs::path(BELLWETHER_SOURCE_DIR) / "tests" / "playthroughs";
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream file(entry.path());
    std::stringstream golden;
    golden << file.rdbuf();
    std::string text = golden.str();

    std::string game = header_value(text, "game");
    int players = std::stoi(header_value(text, "players"));
    std::uint64_t seed = std::stoull(header_value(text, "seed"));
    ParamMap params = nlohmann::json::parse(header_value(text, "params")).get<ParamMap>();

    std::istringstream in;
    std::ostringstream out, err;
    cli::Terminal term{in, out, err, false};
    ASSERT_EQ(cli::playthrough(term, game, players, seed, params), 0) << err.str();
    std::string fresh = out.str();
    if (fresh != text) {
      std::istringstream a(text), b(fresh);
      std::string la, lb;
      int line = 0;
      while (true) {
        ++line;
        bool more_a = static_cast<bool>(std::getline(a, la)), more_b = static_cast<bool>(std::getline(b, lb));
        if (!more_a && !more_b) break;
        if (la != lb || more_a != more_b) {
          ADD_FAILURE() << entry.path().filename() << " differs at line " << line << ":\n  golden: " << la
                        << "\n  now:    " << lb << "\nIf the change is intended, run scripts/update-playthroughs.";
          break;
        }
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 2);  // bye-bye basic and advanced at least
}

// A game in the catalog is complete only with its rules in our words and at
// least one golden playthrough (scripts/update-playthroughs regenerates them
// from their headers).
TEST(Playthrough, EveryCataloguedGameHasRulesAndAGoldenFile) {
  fs::path root(BELLWETHER_SOURCE_DIR);
  for (const GameInfo& game : registry().games()) {
    EXPECT_TRUE(fs::is_regular_file(root / game.rules_doc)) << game.id << ": no " << game.rules_doc;
    bool golden = false;
    for (const auto& entry : fs::directory_iterator(root / "tests" / "playthroughs")) {
      std::ifstream file(entry.path());
      std::string first_line;
      std::getline(file, first_line);
      golden |= first_line == "game " + game.id;
    }
    EXPECT_TRUE(golden) << game.id << ": no golden playthrough in tests/playthroughs";
  }
}

// No event is dropped: this long restock (nine cards drawn whose animals have
// no figure left) once filled the 32-event log and lost the turn change.
TEST(Playthrough, ALongRestockKeepsEveryEvent) {
  std::istringstream in;
  std::ostringstream out, err;
  cli::Terminal term{in, out, err, false};
  ASSERT_EQ(cli::playthrough(term, "black-sheep", 4, 19, {{"tasks", "true"}}), 0) << err.str();
  const std::string text = out.str();
  const auto step = text.find("== step 372\n");
  ASSERT_NE(step, std::string::npos);
  const std::string events = text.substr(step, text.find("== step 373\n") - step);
  EXPECT_NE(events.find("event Restocking field 1 (white): 9 cards drawn ("), std::string::npos) << events;
  EXPECT_NE(events.find("event — Ann's turn."), std::string::npos) << events;
}

// Every game carries its how-to-play in the program: the four sections a
// newcomer needs, under 300 words before the variants, lines that fit 80 columns.
TEST(HowToPlay, EveryCataloguedGameHasAShortOne) {
  for (const GameInfo& game : registry().games()) {
    const std::string& text = game.how_to_play;
    ASSERT_FALSE(text.empty()) << game.id << ": no docs/rules/" << game.id << ".how-to-play.md";
    std::size_t last = 0;
    for (const char* heading : {"## Goal", "## A turn", "## How it ends", "## Scoring", "## Variants"}) {
      std::size_t at = text.find(std::string("\n") + heading + "\n");
      ASSERT_NE(at, std::string::npos) << game.id << " lacks " << heading;
      EXPECT_GT(at, last) << game.id << ": " << heading << " out of order";
      last = at;
    }
    // Counted as each front shows it: a terminal leaves out the page's blocks, the page the terminal's.
    const std::string main_part = text.substr(text.find("## Goal"), text.find("## Variants") - text.find("## Goal"));
    for (const std::string front : {"page", "terminal"}) {
      std::istringstream in(main_part);
      int words = 0;
      bool other_front = false;
      for (std::string line; std::getline(in, line);) {
        if (line.starts_with("<!-- ")) {
          other_front = line == "<!-- " + std::string(front == "page" ? "terminal" : "page") + " -->";
          continue;
        }
        if (other_front) continue;
        std::istringstream words_in(line);
        for (std::string word; words_in >> word;) words += word.find_first_not_of("#") != std::string::npos;
      }
      EXPECT_LT(words, 300) << game.id << " as the " << front << " shows it";
    }
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      std::size_t columns = 0;  // UTF-8 characters, not bytes
      for (unsigned char c : line) columns += (c & 0xC0) != 0x80;
      EXPECT_LE(columns, 80u) << game.id << ": " << line;
    }
  }
}

}  // namespace
}  // namespace bw
