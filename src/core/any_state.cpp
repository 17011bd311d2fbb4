#include "core/any_state.hpp"

#include <cctype>

#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/registry.hpp"

namespace bw {

Action AnyState::parse_action(std::string_view text) const {
  auto normalise = [](std::string_view in) {
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
  };
  std::string wanted = normalise(text);
  for (int a = 0; a < num_distinct_actions(); ++a) {
    auto action = static_cast<Action>(a);
    if (normalise(action_to_string(action)) != wanted) continue;
    if (!is_legal(action)) throw IllegalAction("'" + excerpt(wanted) + "' is not a legal action now");
    return action;
  }
  throw IllegalAction("'" + excerpt(text) + "' is not an action of " + game().name);
}

}  // namespace bw
