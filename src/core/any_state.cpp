#include "core/any_state.hpp"

#include <cctype>

#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/registry.hpp"

namespace bw {

namespace {
// Case and runs of spaces do not matter to a person typing an action.
std::string normalise(std::string_view in) {
  std::string out;
  for (char c : in) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}
}  // namespace

bool shows_hidden_to(const AnyState& before, const std::vector<Action>& actions, Player seat, Rng& rng, int worlds) {
  std::unique_ptr<AnyState> real = before.clone();
  for (Action action : actions) real->apply(action);
  for (int w = 0; w < worlds; ++w) {
    std::unique_ptr<AnyState> world = before.clone();
    world->determinize(seat, rng);
    for (Action action : actions) {
      if (world->is_terminal() || !world->is_legal(action)) return true;
      world->apply(action);
    }
    if (!world->same_observation(*real, seat)) return true;
  }
  return false;
}

Action AnyState::parse_action(std::string_view text) const {
  std::string wanted = normalise(text);
  for (int a = 0; a < num_distinct_actions(); ++a) {
    auto action = static_cast<Action>(a);
    if (normalise(action_to_string(action)) != wanted) continue;
    if (!is_legal(action)) throw IllegalAction("'" + excerpt(wanted) + "' is not a legal action now");
    return action;
  }
  throw IllegalAction("'" + excerpt(text) + "' is not an action of " + game().name);
}

std::string AnyState::action_label(Action action, Names names) const {
  std::string text = action_to_string(action), out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    // A seat is "P1".."P8" standing as a word of its own.
    bool seat_ref = text[i] == 'P' && (i == 0 || text[i - 1] == ' ') && i + 1 < text.size() && text[i + 1] >= '1' &&
                    text[i + 1] <= '8' && (i + 2 == text.size() || text[i + 2] == ' ');
    if (!seat_ref) continue;
    auto index = static_cast<std::size_t>(text[i + 1] - '1');
    out += text[++i];
    if (index < names.size()) out += " (" + names[index] + ")";
  }
  return out;
}

Action AnyState::parse_typed_action(std::string_view text, Names names) const {
  std::string wanted = normalise(text);
  std::vector<Action> legal = legal_actions();
  for (Action action : legal)
    if (normalise(action_label(action, names)) == wanted) return action;
  // The whole text of an action not legal now is refused as such, not read as the start of another.
  for (int a = 0; a < num_distinct_actions(); ++a)
    if (normalise(action_to_string(static_cast<Action>(a))) == wanted) return parse_action(text);
  std::vector<Action> starting;
  if (!wanted.empty())
    for (Action action : legal)
      if (normalise(action_label(action, names)).starts_with(wanted) ||
          normalise(action_to_string(action)).starts_with(wanted))
        starting.push_back(action);
  if (starting.empty()) throw IllegalAction("'" + excerpt(text) + "' is not an action of " + game().name);
  if (starting.size() == 1) return starting.front();
  constexpr std::size_t kListed = 8;
  std::string listed;
  for (std::size_t i = 0; i < starting.size() && i < kListed; ++i)
    listed += (i ? ", '" : "'") + action_label(starting[i], names) + "'";
  if (starting.size() > kListed) listed += " and " + std::to_string(starting.size() - kListed) + " more";
  throw IllegalAction("'" + excerpt(text) + "' could be any of " + std::to_string(starting.size()) +
                      " actions: " + listed);
}

}  // namespace bw
