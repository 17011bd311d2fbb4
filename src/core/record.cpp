#include "core/record.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/outside_text.hpp"
#include "core/registry.hpp"
#include "core/strict_json.hpp"

namespace bw {

namespace {
using json = nlohmann::json;

constexpr const char* kFormat = "bellwether-record";
constexpr int kVersion = 1;
constexpr const char* kKnownKeys[] = {"format",  "version", "game",    "params", "seed",
                                      "players", "names",   "actions", "result"};

const ParamSpec* find_spec(const std::vector<ParamSpec>& specs, const std::string& name) {
  for (const auto& spec : specs)
    if (spec.name == name) return &spec;
  return nullptr;
}

// ---- reading: every refusal names the field as the record spells it ("names"[2]) ----

std::string field(std::string_view key) {
  // Appended, not `"\"" + std::string(key) + …`: GCC 12 at -O3 warns falsely (-Wrestrict) on that one.
  std::string quoted;
  quoted.reserve(key.size() + 2);
  quoted.append(1, '"').append(key).append(1, '"');
  return quoted;
}
std::string element(const std::string& array, std::size_t index) { return array + "[" + std::to_string(index) + "]"; }

// What a value is, for "must be a string, not <…>": never the value itself, which may be huge.
std::string kind_of(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return "a number";
  }
}

// A scalar shown briefly, for messages about a value of the right type but wrong content.
std::string shown(const json& value) {
  if (value.is_string()) return "\"" + excerpt(value.get_ref<const std::string&>()) + "\"";
  return value.is_structured() ? kind_of(value) : excerpt(value.dump());
}

const json& required(const json& record, const char* key) {
  auto it = record.find(key);
  if (it == record.end()) throw BadRecord("the record has no " + field(key));
  return *it;
}

// A string with a size bound and nothing that would garble a terminal.
std::string read_text(const json& value, const std::string& name, std::size_t max_bytes) {
  if (!value.is_string()) throw BadRecord(name + " must be a string, not " + kind_of(value));
  const auto& text = value.get_ref<const std::string&>();
  if (text.size() > max_bytes)
    throw BadRecord(name + " is too long (" + std::to_string(text.size()) + " bytes; at most " +
                    std::to_string(max_bytes) + "): \"" + excerpt(text) + "\"");
  if (std::string problem = plain_text_problem(text); !problem.empty())
    throw BadRecord(name + " \"" + excerpt(text) + "\" " + problem);
  return text;
}

void require_array(const json& value, const std::string& name, std::size_t max_items) {
  if (!value.is_array()) throw BadRecord(name + " must be an array, not " + kind_of(value));
  if (value.size() > max_items)
    throw BadRecord(name + " has " + std::to_string(value.size()) + " entries (at most " + std::to_string(max_items) +
                    ")");
}

std::vector<std::string> read_texts(const json& value, const std::string& name, std::size_t max_items,
                                    std::size_t max_bytes) {
  std::vector<std::string> texts;
  require_array(value, name, max_items);
  const json& array = value;
  texts.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) texts.push_back(read_text(array[i], element(name, i), max_bytes));
  return texts;
}

void check_known_keys(const json& record) {
  for (const auto& [key, value] : record.items()) {
    if (std::find(std::begin(kKnownKeys), std::end(kKnownKeys), key) != std::end(kKnownKeys)) continue;
    std::string known;
    for (const char* k : kKnownKeys) known += (known.empty() ? "" : ", ") + std::string(k);
    throw BadRecord("unknown key '" + excerpt(key) + "' in the record (a record has: " + known + ")");
  }
}

void check_format_and_version(const json& record) {
  auto format = record.find("format");
  if (format == record.end()) throw BadRecord("not a Bellwether record (\"format\" is missing)");
  if (!format->is_string() || *format != kFormat)
    throw BadRecord("not a Bellwether record (\"format\" is " + shown(*format) + ", expected \"" + kFormat + "\")");
  const json& version = required(record, "version");
  if (!version.is_number_integer())
    throw BadRecord("\"version\" must be the number " + std::to_string(kVersion) + ", not " + kind_of(version));
  if (version.get<long long>() != kVersion)
    throw BadRecord("record version " + shown(version) + " is not supported (expected " + std::to_string(kVersion) +
                    ")");
}

std::string read_game_id(const json& value) {
  std::string id = read_text(value, field("game"), kMaxGameIdBytes);
  bool id_like = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
  if (!id_like) throw BadRecord("\"game\" \"" + excerpt(id) + "\" is not a game id (letters, digits and '-')");
  return id;
}

void read_params(const json& value, GameRecord& record) {
  if (!value.is_object()) throw BadRecord("\"params\" must be an object (name: value), not " + kind_of(value));
  if (value.size() > kMaxRecordParams)
    throw BadRecord("\"params\" has " + std::to_string(value.size()) + " entries (at most " +
                    std::to_string(kMaxRecordParams) + ")");
  for (const auto& [name, param] : value.items()) {
    read_text(json(name), "a parameter name in \"params\"", kMaxParamNameBytes);
    const std::string where = "parameter '" + name + "'";
    if (param.is_boolean()) {
      record.params[name] = param.get<bool>() ? "true" : "false";
      record.param_kinds[name] = ParamJsonKind::Boolean;
    } else if (param.is_number_integer()) {
      record.params[name] = param.dump();  // digits, whatever their size: validate_params judges the range
      record.param_kinds[name] = ParamJsonKind::Integer;
    } else if (param.is_string()) {
      record.params[name] = read_text(param, where, kMaxParamTextBytes);
      record.param_kinds[name] = ParamJsonKind::String;
    } else {
      throw BadRecord(where + " has an unsupported value (" + kind_of(param) +
                      (param.is_number() ? ", not a whole number" : "") +
                      "): use a whole number, true/false or a string");
    }
  }
}

std::uint64_t read_seed(const json& seed) {
  bool whole = seed.is_number_unsigned() || (seed.is_number_integer() && seed.get<long long>() >= 0);
  if (!whole) throw BadRecord("\"seed\" must be a whole number >= 0, not " + shown(seed));
  return seed.get<std::uint64_t>();
}

std::vector<std::string> read_names(const json& value, std::size_t players) {
  std::vector<std::string> names;
  require_array(value, field("names"), kMaxRecordPlayers);
  const json& array = value;
  if (array.empty()) return names;  // written so when a front gave none: seats get default names
  if (array.size() != players)
    throw BadRecord("the record has " + std::to_string(array.size()) + " names for " + std::to_string(players) +
                    " players");
  for (std::size_t i = 0; i < array.size(); ++i) {
    const std::string name = element(field("names"), i);
    if (!array[i].is_string()) throw BadRecord(name + " must be a string, not " + kind_of(array[i]));
    try {
      check_display_name(array[i].get_ref<const std::string&>(), "seat " + std::to_string(i + 1) + "'s name");
    } catch (const BadSeats& e) {
      throw BadRecord(std::string(e.what()) + " (" + name + ")");
    }
    names.push_back(array[i].get<std::string>());
  }
  return names;
}

RecordedResult read_result(const json& value, std::size_t players) {
  const std::string where = field("result");
  if (!value.is_object()) throw BadRecord(where + " must be an object, not " + kind_of(value));
  for (const auto& [key, part] : value.items())
    if (key != "scores" && key != "winners")
      throw BadRecord("unknown key '" + excerpt(key) + "' in " + where + " (it has: scores, winners)");
  RecordedResult result;
  const std::string scores_name = where + "." + field("scores");
  auto scores = value.find("scores");
  if (scores == value.end()) throw BadRecord(where + " has no \"scores\"");
  require_array(*scores, scores_name, kMaxRecordPlayers);
  if (scores->size() != players)
    throw BadRecord(scores_name + " has " + std::to_string(scores->size()) + " entries for " + std::to_string(players) +
                    " players");
  for (std::size_t i = 0; i < scores->size(); ++i) {
    const json& score = (*scores)[i];
    if (!score.is_number()) throw BadRecord(element(scores_name, i) + " must be a number, not " + kind_of(score));
    result.scores.push_back(score.get<double>());
  }
  const std::string winners_name = where + "." + field("winners");
  auto winners = value.find("winners");
  if (winners == value.end()) throw BadRecord(where + " has no \"winners\"");
  require_array(*winners, winners_name, kMaxRecordPlayers);
  for (std::size_t i = 0; i < winners->size(); ++i) {
    const json& seat = (*winners)[i];
    bool in_range = seat.is_number_integer() && seat.get<long long>() >= 0 &&
                    seat.get<long long>() < static_cast<long long>(players);
    if (!in_range)
      throw BadRecord(element(winners_name, i) + " must be a seat number 0.." + std::to_string(players - 1) + ", not " +
                      shown(seat));
    result.winners.push_back(static_cast<Player>(seat.get<long long>()));
  }
  return result;
}

// ---- replaying ----

std::string expected_kind(ParamType type) {
  switch (type) {
    case ParamType::Int: return "a whole number";
    case ParamType::Bool: return "true or false";
    case ParamType::Choice:
    case ParamType::Table: return "a string";
  }
  return {};
}

bool kind_fits(ParamType type, ParamJsonKind kind) {
  switch (type) {
    case ParamType::Int: return kind == ParamJsonKind::Integer;
    case ParamType::Bool: return kind == ParamJsonKind::Boolean;
    case ParamType::Choice:
    case ParamType::Table: return kind == ParamJsonKind::String;
  }
  return false;
}

// A record's parameters are typed JSON, unlike a command line's text: a Bool
// given as 0 or "false" is a sign of a hand-edited or forged file.
void check_param_kinds(const GameInfo& game, const GameRecord& record) {
  for (const auto& [name, kind] : record.param_kinds) {
    const ParamSpec* spec = find_spec(game.params, name);
    if (!spec || kind_fits(spec->type, kind)) continue;  // an unknown name is validate_params' to report
    const char* given = kind == ParamJsonKind::Boolean   ? "a boolean"
                        : kind == ParamJsonKind::Integer ? "a number"
                                                         : "a string";
    auto value = record.params.find(name);
    throw BadRecord("parameter '" + name + "' must be " + expected_kind(spec->type) + " in a record, not " + given +
                    (value == record.params.end() ? "" : " (\"" + excerpt(value->second) + "\")"));
  }
}

std::unique_ptr<AnyState> start_recorded_game(const Registry& registry, const GameRecord& record) {
  try {
    const GameInfo& game = registry.find(record.game);
    check_param_kinds(game, record);
    return game.start(record.params, static_cast<int>(record.players.size()), record.seed);
  } catch (const BadRecord&) {
    throw;
  } catch (const Error& e) {
    throw BadRecord(std::string("record does not describe a playable game: ") + e.what());
  }
}

// Numbers as JSON writes them, so that the message shows what the file holds.
std::string number_list(const std::vector<double>& numbers) {
  std::string text;
  for (double n : numbers) text += (text.empty() ? "" : ", ") + json(n).dump();
  return "[" + text + "]";
}

std::string seat_list(const std::vector<Player>& seats) {
  std::string text;
  for (Player p : seats) text += (text.empty() ? "" : ", ") + std::to_string(p);
  return "[" + text + "]";
}

void check_recorded_result(const GameRecord& record, const AnyState& state) {
  if (!record.result) return;  // a saved unfinished game, or a record written without its result
  if (!state.is_terminal())
    throw BadRecord("the record claims a result but its actions stop before the game ends (after " +
                    std::to_string(record.actions.size()) + " actions)");
  std::vector<double> scores = state.scores();
  if (scores != record.result->scores)
    throw BadRecord("the record's result does not match its actions: it claims scores " +
                    number_list(record.result->scores) + ", the actions give " + number_list(scores));
  std::vector<Player> winners = state.winners();
  if (winners != record.result->winners)
    throw BadRecord("the record's result does not match its actions: it claims winners " +
                    seat_list(record.result->winners) + ", the actions give " + seat_list(winners) + " (seats from 0)");
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
  nlohmann::json out = {{"format", kFormat},     {"version", kVersion},      {"game", record.game},
                        {"params", params},      {"seed", record.seed},      {"players", record.players},
                        {"names", record.names}, {"actions", record.actions}};
  if (final_state && final_state->is_terminal()) {
    out["result"] = {{"scores", final_state->scores()}, {"winners", final_state->winners()}};
  }
  return out;
}

GameRecord record_from_json(const nlohmann::json& json) {
  try {
    if (!json.is_object()) throw BadRecord("a record must be a JSON object, not " + kind_of(json));
    check_known_keys(json);
    check_format_and_version(json);
    GameRecord record;
    record.game = read_game_id(required(json, "game"));
    read_params(required(json, "params"), record);
    record.seed = read_seed(required(json, "seed"));
    record.players = read_texts(required(json, "players"), field("players"), kMaxRecordPlayers, kMaxPlayerSpecBytes);
    if (record.players.empty()) throw BadRecord("the record lists no players");
    if (json.contains("names")) record.names = read_names(json["names"], record.players.size());
    record.actions = read_texts(required(json, "actions"), field("actions"), kMaxRecordActions, kMaxActionTextBytes);
    if (json.contains("result")) record.result = read_result(json["result"], record.players.size());
    return record;
  } catch (const nlohmann::json::exception& e) {  // every field is checked first; this is a backstop
    throw BadRecord(std::string("malformed record: ") + excerpt(e.what(), 200));
  }
}

void save_record(const std::string& path, const GameRecord& record, const AnyState* final_state) {
  write_file_atomically(path, record_to_json(record, final_state).dump(2) + "\n", "record");
}

GameRecord load_record(const std::string& path) {
  const std::string file = "'" + excerpt(path, 200) + "'";
  nlohmann::json json;
  try {
    json = parse_strict_json(read_bounded_file(path, kMaxRecordBytes, "record file " + file), file,
                             {kMaxRecordBytes, JsonLimits{}.max_depth});
  } catch (const BadJson& e) {
    throw BadRecord(e.what());
  }
  try {
    return record_from_json(json);
  } catch (const BadRecord& e) {
    throw BadRecord(file + ": " + e.what());
  }
}

std::unique_ptr<AnyState> replay(const Registry& registry, const GameRecord& record, const ReplayStep& on_step) {
  std::unique_ptr<AnyState> state = start_recorded_game(registry, record);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    Player actor = state->current_player();
    Action action = 0;
    try {
      action = state->parse_action(record.actions[i]);
      state->apply(action);
    } catch (const IllegalAction& e) {
      throw BadRecord("record action " + std::to_string(i + 1) + " ('" + excerpt(record.actions[i]) +
                      "') does not fit the game: " + e.what());
    }
    if (on_step) on_step(i, actor, action, *state);
  }
  check_recorded_result(record, *state);
  return state;
}

}  // namespace bw
