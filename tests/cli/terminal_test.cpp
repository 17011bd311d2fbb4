// What `bellwether` shows a person at a terminal: typed actions, the menu and
// its hints, the itemised end, auto-pass, the styling filter, wrapped text.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/play_text.hpp"
#include "cli/styled_output.hpp"
#include "cli/text_layout.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

using cli::display_width;

const std::vector<std::string> kNames = {"Ann", "Bob", "Cat"};

std::unique_ptr<AnyState> start(const std::string& game, int players, std::uint64_t seed, ParamMap params = {}) {
  return registry().find(game).start(params, players, seed);
}

std::string error_of(const AnyState& state, const std::string& typed) {
  try {
    state.parse_typed_action(typed, kNames);
  } catch (const IllegalAction& e) {
    return e.what();
  }
  return "(accepted)";
}

// ---- typed actions (AnyState::parse_typed_action) ----

TEST(TypedActions, TheMenuTextWithSeatNamesIsAccepted) {
  auto state = start("bye-bye", 3, 4, {{"start_player", "1"}});
  EXPECT_EQ(state->action_label(state->parse_action("draw from P2"), kNames), "draw from P2 (Bob)");
  EXPECT_EQ(state->parse_typed_action("draw from P2 (Bob)", kNames), state->parse_action("draw from P2"));
  EXPECT_EQ(state->parse_typed_action("  DRAW from p3   (cat) ", kNames), state->parse_action("draw from P3"));
  EXPECT_EQ(state->parse_typed_action("draw from P3", kNames), state->parse_action("draw from P3"));
}

TEST(TypedActions, AUniqueStartIsEnoughAndAnAmbiguousOneListsTheCandidates) {
  auto state = start("bye-bye", 3, 4, {{"start_player", "1"}});
  EXPECT_EQ(state->parse_typed_action("draw from P2 (B", kNames), state->parse_action("draw from P2"));
  std::string ambiguous = error_of(*state, "draw");
  EXPECT_NE(ambiguous.find("could be any of 2 actions"), std::string::npos) << ambiguous;
  EXPECT_NE(ambiguous.find("'draw from P2 (Bob)'"), std::string::npos) << ambiguous;
  EXPECT_NE(ambiguous.find("'draw from P3 (Cat)'"), std::string::npos) << ambiguous;
  EXPECT_NE(error_of(*state, "fly").find("not an action of"), std::string::npos);
  EXPECT_NE(error_of(*state, "").find("not an action of"), std::string::npos);
  // The whole text of an action not legal now is refused as such.
  EXPECT_NE(error_of(*state, "stop").find("'stop' is not a legal action now"), std::string::npos);

  auto hustle = start("hustle", 3, 1);
  hustle->apply(hustle->parse_action("card 0"));
  EXPECT_EQ(hustle->parse_typed_action("bid", kNames), hustle->parse_action("bid done"));
  EXPECT_EQ(hustle->parse_typed_action("card 5", kNames), hustle->parse_action("card 5"));
  EXPECT_NE(error_of(*hustle, "card").find("could be any of 9 actions"), std::string::npos)
      << error_of(*hustle, "card");
  EXPECT_NE(error_of(*hustle, "card").find("and 1 more"), std::string::npos) << error_of(*hustle, "card");
}

// ---- the teaching hooks, given values a test chooses ----

// A real game whose teaching hooks answer what the test sets.
class Taught : public AnyState {
 public:
  explicit Taught(std::unique_ptr<AnyState> inner) : inner_(std::move(inner)) {}
  std::map<Action, std::string> hints;
  std::map<Player, ScoreBreakdown> breakdowns;
  std::string explanation;
  std::set<Action> passes;

  std::unique_ptr<AnyState> clone() const override { return std::make_unique<Taught>(inner_->clone()); }
  const GameInfo& game() const override { return inner_->game(); }
  int num_players() const override { return inner_->num_players(); }
  Player current_player() const override { return inner_->current_player(); }
  bool is_terminal() const override { return inner_->is_terminal(); }
  std::vector<Action> legal_actions() const override { return inner_->legal_actions(); }
  bool is_legal(Action action) const override { return inner_->is_legal(action); }
  void apply(Action action) override { inner_->apply(action); }
  int num_distinct_actions() const override { return inner_->num_distinct_actions(); }
  std::string action_to_string(Action action) const override { return inner_->action_to_string(action); }
  nlohmann::json observation_json(Player viewer) const override { return inner_->observation_json(viewer); }
  std::vector<float> observation_tensor(Player viewer) const override { return inner_->observation_tensor(viewer); }
  bool same_observation(const AnyState& other, Player viewer) const override {
    return inner_->same_observation(other, viewer);
  }
  std::string render(Player viewer, Names names) const override { return inner_->render(viewer, names); }
  std::vector<std::string> events(Player viewer, Names names) const override { return inner_->events(viewer, names); }
  std::string action_hint(Action action) const override { return hints.count(action) ? hints.at(action) : ""; }
  std::vector<std::string> action_hints(const std::vector<Action>& actions) const override {
    std::vector<std::string> out;
    for (Action action : actions) out.push_back(action_hint(action));
    return out;
  }
  std::vector<ActionTarget> action_targets(const std::vector<Action>& actions) const override {
    return inner_->action_targets(actions);
  }
  ScoreBreakdown score_breakdown(Player seat) const override {
    return breakdowns.count(seat) ? breakdowns.at(seat) : ScoreBreakdown{};
  }
  std::string result_explanation(Names) const override { return explanation; }
  bool is_pass(Action action) const override { return passes.count(action) > 0; }
  std::vector<double> scores() const override { return inner_->scores(); }
  std::vector<Player> winners() const override { return inner_->winners(); }
  void determinize(Player viewer, Rng& rng) override { inner_->determinize(viewer, rng); }
  bool equals(const AnyState& other) const override { return inner_->equals(other); }
  std::size_t state_bytes() const override { return inner_->state_bytes(); }

 private:
  std::unique_ptr<AnyState> inner_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(Menu, HintsStandInOneColumnWithinTheWidth) {
  Taught state(start("bye-bye", 3, 4, {{"start_player", "1"}}));
  auto legal = state.legal_actions();
  ASSERT_EQ(legal.size(), 2u);
  state.hints[legal[0]] = "Bob holds 7 cards";
  state.hints[legal[1]] =
      "Cat holds 7 cards, among them a card you know: a 2, which you would add to your "
      "watering hole and then to your hand";
  std::string menu = cli::action_menu(state, legal, kNames, 80);
  auto lines = lines_of(menu);
  ASSERT_GE(lines.size(), 3u) << menu;  // the long hint takes two lines
  EXPECT_EQ(lines[0].find("1) draw from P2 (Bob)"), 3u) << menu;
  std::size_t column = lines[0].find("Bob holds");
  EXPECT_EQ(lines[1].find("Cat holds"), column) << menu;
  EXPECT_EQ(lines[2].find_first_not_of(' '), column) << menu;  // the hint's second line under its first
  for (const auto& line : lines) EXPECT_LE(display_width(line), 80u) << line;

  // Narrow: each hint under its action, still within the width.
  for (const auto& line : lines_of(cli::action_menu(state, legal, kNames, 40)))
    EXPECT_LE(display_width(line), 40u) << line;
  // No hints: the plain menu.
  state.hints.clear();
  EXPECT_EQ(cli::action_menu(state, legal, kNames, 80), "   1) draw from P2 (Bob)\n   2) draw from P3 (Cat)\n");
}

TEST(Menu, HelpGivesExamplesFromTheLegalActions) {
  auto hustle = start("hustle", 3, 1);
  hustle->apply(hustle->parse_action("card 0"));
  auto legal = hustle->legal_actions();
  std::string help = cli::prompt_help(*hustle, legal, kNames);
  EXPECT_NE(help.find("'bid done'"), std::string::npos) << help;
  EXPECT_NE(help.find("'bid'"), std::string::npos) << help;  // a unique start
  EXPECT_NE(help.find("rules"), std::string::npos) << help;
  EXPECT_EQ(help.find("stop"), std::string::npos) << help;  // Hustle has no such action
}

TEST(End, EachSeatItsCategoriesAndTotalThenWhy) {
  auto inner = start("bye-bye", 2, 3);
  Rng rng(5, 1);
  while (!inner->is_terminal()) {
    auto actions = inner->legal_actions();
    inner->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
  }
  Taught state(std::move(inner));
  // A seat with no category says so; the total is still its score.
  EXPECT_NE(cli::itemised_result(state, kNames, 80).find("  P1 Ann:\n      nothing scored      0\n"),
            std::string::npos);
  auto scores = state.scores();
  state.breakdowns[0] = {{"triplets", scores[0]}};
  state.breakdowns[1] = {{"triplets", scores[1] - 1}, {"a long category name", 1}};
  state.explanation = "Ann and Bob have as many triplets; the tie-break is the number of zoo cards.";
  std::string text = cli::itemised_result(state, kNames, 80);
  // One column of points for every seat, as wide as the longest category of any seat.
  EXPECT_NE(text.find("  P1 Ann:\n      triplets              " + fmt::format("{:>5}", scores[0]) + "\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("      a long category name      1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("      total                 " + fmt::format("{:>5}", scores[1])), std::string::npos) << text;
  EXPECT_NE(text.find("tie-break"), std::string::npos) << text;
  EXPECT_LT(text.find("P1 Ann"), text.find("P2 Bob"));
}

TEST(AutoPass, OnlyWhenTheOneLegalActionIsAPass) {
  auto pass = [](Action a) { return a == 7; };
  EXPECT_TRUE(cli::nothing_to_choose({7}, pass));
  EXPECT_FALSE(cli::nothing_to_choose({7, 8}, pass));  // a real choice: pass or play
  EXPECT_FALSE(cli::nothing_to_choose({8, 7}, pass));
  EXPECT_FALSE(cli::nothing_to_choose({8}, pass));  // one action, but not a pass: the person acts
  EXPECT_FALSE(cli::nothing_to_choose({}, pass));
}

// ---- the styling filter and wrapped text ----

std::string through_filter(cli::TextStyle style, const std::vector<std::string>& names,
                           const std::vector<std::string>& pieces) {
  std::ostringstream sink;
  {
    cli::StyledOutput styled(sink.rdbuf(), style);
    styled.set_seat_names(names);
    std::ostream out(&styled);
    for (const auto& piece : pieces) out << piece << std::flush;
  }
  return sink.str();
}

TEST(StyledOutput, AsciiFallbacksWhenTheLocaleIsNotUtf8) {
  EXPECT_EQ(cli::ascii_fallback("turn 3 — 2×3, ±1 → ↑ … é"), "turn 3 - 2x3, +/-1 -> ^ ... ?");
  // A sign cut in two by a flush is still read whole.
  std::string dash = "—";
  EXPECT_EQ(through_filter({false, false}, {}, {"a " + dash.substr(0, 1), dash.substr(1) + " b\n"}), "a - b\n");
  EXPECT_EQ(through_filter({false, true}, {}, {"a — b\n"}), "a — b\n");  // UTF-8: untouched
}

TEST(StyledOutput, SeatNamesInColourAsWholeWordsOnly) {
  std::string text = through_filter({true, true}, {"Ann", "Bob"}, {"Ann draws from Bob; Annie and Bobby do not.\n"});
  EXPECT_EQ(text, "\033[1;36mAnn\033[0m draws from \033[1;33mBob\033[0m; Annie and Bobby do not.\n");
  // Escape sequences pass whole, even when a name could be read in them.
  EXPECT_EQ(cli::coloured_names("\033[H\033[2J H", {"H"}), "\033[H\033[2J \033[1;36mH\033[0m");
  // Card colours, as whole words only.
  EXPECT_EQ(cli::coloured_names("a green Wolf, greenish", {}), "a \033[32mgreen\033[0m Wolf, greenish");
  EXPECT_EQ(through_filter({false, true}, {"Ann"}, {"Ann\n"}), "Ann\n");  // no colour asked
}

TEST(TextLayout, MarkdownReflowsToTheWidth) {
  std::string md =
      "# Title\n\n## Goal\n\nOne two three four five six seven eight\nnine ten.\n\n"
      "1. alpha beta gamma delta epsilon\n   zeta eta theta\n- iota kappa\n";
  EXPECT_EQ(cli::markdown_for_terminal(md, 20),
            "Title\n=====\n\nGoal\n\nOne two three four\nfive six seven eight\nnine ten.\n\n"
            "1. alpha beta gamma\n   delta epsilon\n   zeta eta theta\n- iota kappa\n");
}

// A how-to-play page speaks of the front that shows it: the page's blocks are
// left out in a terminal, the terminal's are kept (their markers dropped).
TEST(TextLayout, MarkdownKeepsTheTerminalsWordsAndDropsThePages) {
  std::string md =
      "Play.\n\n<!-- terminal -->\nThe menu shows it.\n<!-- /terminal -->\n<!-- page -->\nClick it.\n\n"
      "Or tap.\n<!-- /page -->\n\nEnd.\n";
  EXPECT_EQ(cli::markdown_for_terminal(md, 40), "Play.\n\nThe menu shows it.\n\nEnd.\n");
}

}  // namespace
}  // namespace bw

namespace bw {
namespace {

std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) widest = std::max(widest, cli::display_width(line));
  return widest;
}

TEST(FitToWidth, BreaksLongLinesAtSpacesKeepingTheirSpacing) {
  const std::string board =
      "  A Ann  hand: 1 2 3  discards: -  bid: 0  lifesavers: 4  square 17 of board 1  imp\nshort\n";
  const std::string fitted = cli::fit_to_width(board, 40);
  EXPECT_LE(widest_line(fitted), 40u) << fitted;
  EXPECT_NE(fitted.find("  A Ann  hand: 1 2 3  discards: -  bid:\n      0  lifesavers"), std::string::npos) << fitted;
  EXPECT_NE(fitted.find("\n      "), std::string::npos) << "continuation indented 4 more: " << fitted;
  EXPECT_NE(fitted.find("\nshort\n"), std::string::npos);
  EXPECT_EQ(cli::fit_to_width("fits\n", 40), "fits\n");
}

// Every game's board, as the terminal prints it, fits 80 columns.
TEST(FitToWidth, EveryBoardFitsEightyColumns) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  for (const GameInfo& game : registry().games()) {
    auto state = game.start({}, game.max_players, 5);
    Names seat_names(names.data(), static_cast<std::size_t>(game.max_players));
    Rng rng(5, 1);
    for (int step = 0; !state->is_terminal(); ++step) {
      if (step % 7 == 0) {
        for (Player viewer : {kOmniscient, Player{0}}) {
          ASSERT_LE(widest_line(cli::fit_to_width(state->render(viewer, seat_names), 80)), 80u)
              << game.id << " step " << step;
        }
      }
      auto legal = state->legal_actions();
      state->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

}  // namespace
}  // namespace bw
