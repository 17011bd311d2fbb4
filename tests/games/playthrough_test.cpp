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

}  // namespace
}  // namespace bw
