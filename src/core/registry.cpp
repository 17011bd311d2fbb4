#include "core/registry.hpp"

#include <algorithm>
#include <cctype>

#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/setup.hpp"

namespace bw {

void GameInfo::check_player_count(int num_players) const {
  bw::check_player_count(name, min_players, max_players, num_players);
}

std::unique_ptr<AnyState> GameInfo::start(const ParamMap& given, int num_players, std::uint64_t seed) const {
  check_player_count(num_players);
  return new_state(*this, validate_params(params, given), num_players, seed);
}

void Registry::add(GameInfo info) { games_.push_back(std::move(info)); }

const GameInfo& Registry::find(const std::string& id) const {
  for (const auto& game : games_)
    if (game.id == id) return game;
  std::string known;
  for (const auto& game : games_) known += (known.empty() ? "" : ", ") + game.id;
  throw UnknownGame("unknown game '" + excerpt(id) + "' (known games: " + known + ")");
}

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
