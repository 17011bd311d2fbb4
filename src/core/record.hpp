#pragma once
// The game record: (game, params, seed, players, actions) as JSON. A game is
// fully reproduced from it; the CLI, the server and Python all use this format.
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/any_state.hpp"
#include "core/params.hpp"

namespace bw {

class Registry;

struct GameRecord {
  std::string game;
  ParamMap params;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  // agent spec per seat: "human", "random", ...
  std::vector<std::string> names;    // display name per seat
  std::vector<std::string> actions;  // each action's text, in order
};

nlohmann::json record_to_json(const GameRecord& record, const AnyState* final_state);
GameRecord record_from_json(const nlohmann::json& json);  // throws BadRecord

// Writes atomically (temporary file, then rename) so a crash never leaves half a record.
void save_record(const std::string& path, const GameRecord& record, const AnyState* final_state);
GameRecord load_record(const std::string& path);  // throws BadRecord naming the file and problem

// Rebuilds the game from its record, checking every action. `on_step` sees
// each step (index from 0, who acted, what) and the state after it. Throws BadRecord.
using ReplayStep = std::function<void(std::size_t index, Player actor, Action action, const AnyState& after)>;
std::unique_ptr<AnyState> replay(const Registry& registry, const GameRecord& record, const ReplayStep& on_step = {});

}  // namespace bw
