#include "core/registry.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

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

namespace {

nlohmann::json param_json(const ParamSpec& p) {
  static const char* kTypes[] = {"int", "bool", "choice", "table"};
  nlohmann::json param{{"name", p.name},
                       {"type", kTypes[static_cast<int>(p.type)]},
                       {"default", p.default_value},
                       {"allowed", p.allowed_text()},
                       {"help", p.help}};
  if (p.type == ParamType::Int) param["min"] = p.min, param["max"] = p.max;
  if (p.type == ParamType::Choice) param["choices"] = p.choices;
  return param;
}

}  // namespace

nlohmann::json games_json(const Registry& registry) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& game : registry.games()) {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : game.params) params.push_back(param_json(p));
    games.push_back({{"id", game.id},
                     {"name", game.name},
                     {"short_name", game.short_name},
                     {"blurb", game.blurb},
                     {"min_players", game.min_players},
                     {"max_players", game.max_players},
                     {"rules", game.rules_doc},
                     {"params", params}});
  }
  return games;
}

}  // namespace bw
