#pragma once
// The games Bellwether knows, with their parameters.
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/any_state.hpp"
#include "core/params.hpp"

namespace bw {

struct GameInfo {
  std::string id;          // "bye-bye"
  std::string name;        // "Reiner Knizia's Black Sheep"
  std::string short_name;  // "Black Sheep": a table's header, a lobby row
  std::string blurb;       // one sentence: what the game is about
  int min_players = 2;
  int max_players = 2;
  std::vector<ParamSpec> params;
  std::string rules_doc;    // path in the repository
  std::string how_to_play;  // a newcomer's summary (Markdown, under 300 words plus variants)
  // Takes a map already passed through validate_params().
  std::function<std::unique_ptr<AnyState>(const GameInfo&, const ParamMap&, int num_players, std::uint64_t seed)>
      new_state;

  // Validates everything (player count, parameters) and builds the first state.
  std::unique_ptr<AnyState> start(const ParamMap& given, int num_players, std::uint64_t seed) const;
  void check_player_count(int num_players) const;  // throws BadSeats
};

class Registry {
 public:
  void add(GameInfo info);
  const GameInfo& find(const std::string& id) const;  // throws UnknownGame listing the known ids
  const std::vector<GameInfo>& games() const { return games_; }

 private:
  std::vector<GameInfo> games_;
};

// Every game with its player range, rules file and parameters (name, default,
// allowed values, help): what `bellwether games --json` prints and Python's
// bellwether.games() returns.
nlohmann::json games_json(const Registry& registry);

}  // namespace bw
