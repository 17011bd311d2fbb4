#pragma once
// What `bellwether play` shows a person, as text: the menu with its hints, the
// prompt's help, the itemised end. Pure functions of the state, for tests.
#include <functional>
#include <string>
#include <vector>

#include "core/any_state.hpp"

namespace bw::cli {

// "   1) draw from P2 (Bob)    hint", the hints in one column, every line within `width`.
std::string action_menu(const AnyState& state, const std::vector<Action>& legal, Names names, std::size_t width);

// The prompt's help: examples made from the actions legal now, then the commands.
std::string prompt_help(const AnyState& state, const std::vector<Action>& legal, Names names);

// A finished game: each seat's score by category and its total, and why the winners won
// ("" when the game itemises nothing).
std::string itemised_result(const AnyState& state, Names names, std::size_t width);

// Auto-pass answers for a person only when there is nothing to choose: one
// legal action, and that one declines.
bool nothing_to_choose(const std::vector<Action>& legal, const std::function<bool(Action)>& is_pass);

}  // namespace bw::cli
