#include "cli/play_text.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "cli/text_layout.hpp"

namespace bw::cli {

namespace {
constexpr std::size_t kNumberColumns = 6;  // "  12) "
constexpr std::size_t kGap = 3;            // between the longest action and its hint
constexpr std::size_t kMinHintColumns = 24;
}  // namespace

std::string action_menu(const AnyState& state, const std::vector<Action>& legal, Names names, std::size_t width) {
  std::vector<std::string> labels;
  const std::vector<std::string> hints = state.action_hints(legal);
  std::size_t widest = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    labels.push_back(state.action_label(legal[i], names));
    if (!hints[i].empty()) widest = std::max(widest, display_width(labels.back()));
  }
  // Hints start in one column; when the actions are too long for that, each hint goes under its action.
  std::size_t hint_column = kNumberColumns + widest + kGap;
  if (hint_column + kMinHintColumns > width) hint_column = kNumberColumns + 4;
  std::string out;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    std::string line = fmt::format("  {:>2}) {}", i + 1, labels[i]);
    if (hints[i].empty()) {
      out += line + "\n";
      continue;
    }
    std::string hint = wrapped(hints[i], hint_column, width);
    if (display_width(line) + kGap <= hint_column) {
      out += line + hint.substr(display_width(line));  // the hint's indent, less what the action takes
    } else {
      out += line;
      out += '\n';
      out += hint;
    }
  }
  return out;
}

std::string prompt_help(const AnyState& state, const std::vector<Action>& legal, Names names) {
  std::string out = "Type the number of an action, or its text as the menu shows it";
  if (!legal.empty()) out += fmt::format(" (e.g. '{}')", state.action_label(legal.back(), names));
  out += ",\nor the start of it when only one action starts so";
  // An example of such a start: the first word of an action that no other legal action shares.
  for (Action action : legal) {
    std::string label = state.action_label(action, names);
    std::string word = label.substr(0, label.find(' '));
    if (word == label) continue;
    auto sharing = std::count_if(legal.begin(), legal.end(),
                                 [&](Action other) { return state.action_label(other, names).starts_with(word); });
    if (sharing == 1) {
      out += fmt::format(" (e.g. '{}')", word);
      break;
    }
  }
  out +=
      ".\n"
      "  board   show the table again\n"
      "  log     everything you have seen this game\n"
      "  rules   how to play this game\n"
      "  help    this text\n"
      "  quit    leave the game (the record is still saved with --save)\n";
  return out;
}

std::string itemised_result(const AnyState& state, Names names, std::size_t width) {
  const auto scores = state.scores();
  std::vector<ScoreBreakdown> by_seat;
  std::size_t widest = display_width("nothing scored");  // one column of points for every seat
  for (int p = 0; p < state.num_players(); ++p) {
    by_seat.push_back(state.score_breakdown(static_cast<Player>(p)));
    for (const auto& item : by_seat.back()) widest = std::max(widest, display_width(item.category));
  }
  std::string out = "Scores by category:\n";
  auto row = [&](const std::string& category, double points) {
    out += fmt::format("      {}{}  {:>5}\n", category, std::string(widest - display_width(category), ' '), points);
  };
  for (int p = 0; p < state.num_players(); ++p) {
    std::string name = static_cast<std::size_t>(p) < names.size() ? names[p] : fmt::format("P{}", p + 1);
    out += fmt::format("  P{} {}:\n", p + 1, name);
    if (by_seat[p].empty()) row("nothing scored", 0);
    for (const auto& item : by_seat[p]) row(item.category, item.points);
    row("total", scores[p]);
  }
  std::string why = state.result_explanation(names);
  if (!why.empty()) out += wrapped(why, 0, width);
  return out;
}

bool nothing_to_choose(const std::vector<Action>& legal, const std::function<bool(Action)>& is_pass) {
  return legal.size() == 1 && is_pass(legal.front());
}

}  // namespace bw::cli
