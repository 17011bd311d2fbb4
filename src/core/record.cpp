#include "core/record.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/registry.hpp"

namespace bw {

namespace {
constexpr const char* kFormat = "bellwether-record";
constexpr int kVersion = 1;

const ParamSpec* find_spec(const std::vector<ParamSpec>& specs, const std::string& name) {
  for (const auto& spec : specs)
    if (spec.name == name) return &spec;
  return nullptr;
}
}  // namespace

nlohmann::json record_to_json(const GameRecord& record, const AnyState* final_state) {
  nlohmann::json params = nlohmann::json::object();
  const std::vector<ParamSpec>* specs = final_state ? &final_state->game().params : nullptr;
  for (const auto& [name, value] : record.params) {
    const ParamSpec* spec = specs ? find_spec(*specs, name) : nullptr;
    if (spec && spec->type == ParamType::Int) params[name] = std::stoi(value);
    else if (spec && spec->type == ParamType::Bool) params[name] = (value == "true");
    else params[name] = value;
  }
  nlohmann::json out = {{"format", kFormat},       {"version", kVersion},        {"game", record.game},
                        {"params", params},        {"seed", record.seed},        {"players", record.players},
                        {"names", record.names},   {"actions", record.actions}};
  if (final_state && final_state->is_terminal()) {
    out["result"] = {{"scores", final_state->scores()}, {"winners", final_state->winners()}};
  }
  return out;
}

GameRecord record_from_json(const nlohmann::json& json) {
  try {
    if (!json.is_object()) throw BadRecord("a record must be a JSON object");
    if (json.value("format", "") != kFormat) throw BadRecord("not a Bellwether record (\"format\" is missing)");
    if (!json.contains("version")) throw BadRecord("the record has no \"version\"");
    if (!json["version"].is_number_integer() || json["version"].get<long long>() != kVersion)
      throw BadRecord("record version " + json["version"].dump() + " is not supported (expected 1)");
    GameRecord record;
    record.game = json.at("game").get<std::string>();
    for (const auto& [name, value] : json.at("params").items()) {
      if (value.is_boolean()) record.params[name] = value.get<bool>() ? "true" : "false";
      else if (value.is_number_integer()) record.params[name] = std::to_string(value.get<long long>());
      else if (value.is_string()) record.params[name] = value.get<std::string>();
      else throw BadRecord("parameter '" + name + "' has an unsupported value " + value.dump());
    }
    const auto& seed = json.at("seed");
    if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<long long>() >= 0)) throw BadRecord("\"seed\" must be a whole number >= 0");
    record.seed = json.at("seed").get<std::uint64_t>();
    record.players = json.at("players").get<std::vector<std::string>>();
    record.names = json.value("names", std::vector<std::string>{});
    record.actions = json.at("actions").get<std::vector<std::string>>();
    if (record.players.empty()) throw BadRecord("the record lists no players");
    if (!record.names.empty() && record.names.size() != record.players.size())
      throw BadRecord("the record has " + std::to_string(record.names.size()) + " names for " +
                      std::to_string(record.players.size()) + " players");
    return record;
  } catch (const nlohmann::json::exception& e) {
    throw BadRecord(std::string("malformed record: ") + e.what());
  }
}

void save_record(const std::string& path, const GameRecord& record, const AnyState* final_state) {
  write_file_atomically(path, record_to_json(record, final_state).dump(2) + "\n", "record");
}

GameRecord load_record(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw BadRecord("cannot open record file '" + path + "'");
  std::ifstream in(path);
  if (!in) throw BadRecord("cannot open record file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw BadRecord("'" + path + "' is not valid JSON: " + e.what());
  }
  try {
    return record_from_json(json);
  } catch (const BadRecord& e) {
    throw BadRecord("'" + path + "': " + e.what());
  }
}

std::unique_ptr<AnyState> replay(const Registry& registry, const GameRecord& record, const ReplayStep& on_step) {
  std::unique_ptr<AnyState> state;
  try {
    state = registry.find(record.game).start(record.params, static_cast<int>(record.players.size()), record.seed);
  } catch (const Error& e) {
    throw BadRecord(std::string("record does not describe a playable game: ") + e.what());
  }
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    Player actor = state->current_player();
    Action action = 0;
    try {
      action = state->parse_action(record.actions[i]);
      state->apply(action);
    } catch (const IllegalAction& e) {
      throw BadRecord("record action " + std::to_string(i + 1) + " ('" + record.actions[i] +
                      "') does not fit the game: " + e.what());
    }
    if (on_step) on_step(i, actor, action, *state);
  }
  return state;
}

}  // namespace bw
