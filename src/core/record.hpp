#pragma once
// The game record: (game, params, seed, players, actions) as JSON. A game is
// fully reproduced from it; the CLI, the server and Python all use this format.
// Records come from outside (files, later the network), so reading one is
// strict: every field is checked and every refusal names the field.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/any_state.hpp"
#include "core/params.hpp"

namespace bw {

class Registry;

// What a record may hold: enough for any real game, small enough that a
// hostile file cannot flood memory or a terminal.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxRecordPlayers = 8;
// Disguise at its largest turn_limit (60,000) runs to ~120,000 actions with random bots.
inline constexpr std::size_t kMaxRecordActions = 1'000'000;
inline constexpr std::size_t kMaxActionTextBytes = 200;
inline constexpr std::size_t kMaxGameIdBytes = 64;
inline constexpr std::size_t kMaxPlayerSpecBytes = 200;
inline constexpr std::size_t kMaxRecordParams = 64;
inline constexpr std::size_t kMaxParamNameBytes = 64;
inline constexpr std::size_t kMaxParamTextBytes = 4096;  // a whole data table as text

// The result a record claims, checked by replay() against the one its actions reach.
struct RecordedResult {
  std::vector<double> scores;   // per seat
  std::vector<Player> winners;  // seats from 0, as AnyState::winners() lists them
};

// How a parameter was typed in the record's JSON: ints are numbers, bools are
// booleans, choices and tables are strings (as record_to_json writes them).
enum class ParamJsonKind : std::uint8_t { Boolean, Integer, String };

struct GameRecord {
  std::string game;
  ParamMap params;
  std::uint64_t seed = 0;
  std::vector<std::string> players;      // agent spec per seat: "human", "random", ...
  std::vector<std::string> names;        // display name per seat
  std::vector<std::string> actions;      // each action's text, in order
  std::optional<RecordedResult> result;  // read from a record; writing takes it from the final state
  // Filled by record_from_json, so that replay() can hold each parameter to its
  // game's type; empty for records built in code (their params are canonical text).
  std::map<std::string, ParamJsonKind> param_kinds;
};

nlohmann::json record_to_json(const GameRecord& record, const AnyState* final_state);
GameRecord record_from_json(const nlohmann::json& json);  // throws BadRecord naming the field

// Writes atomically (temporary file, then rename) so a crash never leaves half a record.
void save_record(const std::string& path, const GameRecord& record, const AnyState* final_state);
// Reads through the strict JSON reader (core/strict_json.hpp), at most kMaxRecordBytes.
GameRecord load_record(const std::string& path);  // throws BadRecord naming the file and problem

// Rebuilds the game from its record, checking every action, each parameter's
// JSON type, and at the end the recorded result (if any) against the one
// reached. `on_step` sees each step (index from 0, who acted, what) and the
// state after it. Throws BadRecord.
using ReplayStep = std::function<void(std::size_t index, Player actor, Action action, const AnyState& after)>;
std::unique_ptr<AnyState> replay(const Registry& registry, const GameRecord& record, const ReplayStep& on_step = {});

}  // namespace bw
