#include "server/ws/protocol.hpp"

#include <fmt/format.h>
#include <utility>

#include "core/outside_text.hpp"
#include "core/strict_json.hpp"
#include "core/wording.hpp"
#include "server/errors.hpp"

namespace bw::server {

namespace {
using json = nlohmann::json;

[[noreturn]] void bad(const std::string& message) { throw ProtocolError("bad-message", message); }

void only_keys(const json& message, std::initializer_list<const char*> allowed) {
  for (const auto& [key, value] : message.items()) {
    bool known = false;
    for (const char* name : allowed) known = known || key == name;
    if (!known) bad("unknown field '" + excerpt(key) + "' in a '" + message["type"].get<std::string>() + "' message");
  }
}

const json& field(const json& message, const char* key) {
  auto it = message.find(key);
  if (it == message.end()) bad(std::string("the message has no \"") + key + "\"");
  return *it;
}

std::uint64_t whole_number(const json& value, const char* key, std::uint64_t max) {
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() > max)
    bad(std::string("\"") + key + "\" must be a whole number from 0 to " + std::to_string(max));
  return value.get<std::uint64_t>();
}

std::string text(const json& value, const char* key) {
  if (!value.is_string()) bad(std::string("\"") + key + "\" must be a string");
  return value.get<std::string>();
}

// A name a person gives their seat: checked as a seat's name is at creation.
std::string seat_name(const json& value) {
  std::string name = text(value, "name");
  if (auto problem = one_line_problem(name, kMaxDisplayNameChars); !problem.empty())
    throw ProtocolError("bad-name", "the name \"" + excerpt(name) + "\" " + problem);
  return name;
}
}  // namespace

bool looks_like_table_id(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-')) return false;
  return true;
}

namespace {
// The fields of a message of kind `kind` (its type), into `out`.
void read_body(const json& message, const std::string& kind, ClientMessage& out) {
  if (kind == "join") {
    only_keys(message, {"type", "ref", "table", "token", "protocol", "name"});
    out.kind = ClientMessage::Kind::Join;
    out.table = text(field(message, "table"), "table");
    if (!looks_like_table_id(out.table)) bad("\"table\" '" + excerpt(out.table) + "' is not a table id");
    if (auto token = message.find("token"); token != message.end()) out.token = text(*token, "token");
    if (auto name = message.find("name"); name != message.end()) out.name = seat_name(*name);
    if (auto protocol = message.find("protocol"); protocol != message.end()) {
      if (!protocol->is_number_integer() || protocol->get<long long>() != kProtocolVersion)
        throw ProtocolError("bad-protocol",
                            "this server speaks protocol version " + std::to_string(kProtocolVersion) + " only");
    }
  } else if (kind == "act") {
    only_keys(message, {"type", "ref", "seat", "version", "action"});
    out.kind = ClientMessage::Kind::Act;
    out.version = whole_number(field(message, "version"), "version", std::uint64_t{1} << 53);
    out.action = static_cast<Action>(whole_number(field(message, "action"), "action", 65535));
    if (auto seat = message.find("seat"); seat != message.end())
      out.seat = static_cast<int>(whole_number(*seat, "seat", kMaxPlayers - 1));
  } else if (kind == "undo") {
    only_keys(message, {"type", "ref", "version"});
    out.kind = ClientMessage::Kind::Undo;
    out.version = whole_number(field(message, "version"), "version", std::uint64_t{1} << 53);
  } else if (kind == "chat") {
    only_keys(message, {"type", "ref", "seat", "text"});
    out.kind = ClientMessage::Kind::Chat;
    out.text = text(field(message, "text"), "text");
    if (auto seat = message.find("seat"); seat != message.end())
      out.seat = static_cast<int>(whole_number(*seat, "seat", kMaxPlayers - 1));
  } else if (kind == "name") {
    only_keys(message, {"type", "ref", "name"});
    out.kind = ClientMessage::Kind::Name;
    out.name = seat_name(field(message, "name"));
  } else if (kind == "rematch") {
    only_keys(message, {"type", "ref"});
    out.kind = ClientMessage::Kind::Rematch;
  } else if (kind == "back") {
    only_keys(message, {"type", "ref"});
    out.kind = ClientMessage::Kind::Back;
  } else if (kind == "meter") {
    only_keys(message, {"type", "ref", "on"});
    out.kind = ClientMessage::Kind::Meter;
    const json& on = field(message, "on");
    if (!on.is_boolean()) bad("\"on\" must be true or false");
    out.on = on.get<bool>();
  } else if (kind == "ping") {
    only_keys(message, {"type", "ref"});
    out.kind = ClientMessage::Kind::Ping;
  } else {
    throw ProtocolError("unknown-type", "unknown message type '" + excerpt(kind) +
                                            "' (join, act, undo, chat, name, rematch, back, meter, ping)");
  }
}
}  // namespace

ClientMessage parse_client_message(std::string_view text_in) {
  json message;
  try {
    message = parse_strict_json(text_in, "the message", {kMaxMessageBytes, 16});
  } catch (const BadJson& e) {
    throw ProtocolError("bad-json", e.what());
  }
  if (!message.is_object()) throw ProtocolError("bad-message", "a message must be a JSON object");
  auto type = message.find("type");
  if (type == message.end() || !type->is_string())
    throw ProtocolError("bad-message", "a message needs \"type\" (a string)");
  ClientMessage out;
  if (auto ref = message.find("ref"); ref != message.end()) {
    bool short_text = ref->is_string() && ref->get_ref<const std::string&>().size() <= 64;
    if (!short_text && !ref->is_number_integer()) bad("\"ref\" must be an integer or a string of at most 64 bytes");
    out.ref = *ref;
  }
  // From here on the sender knows which message a refusal answers.
  try {
    read_body(message, type->get_ref<const std::string&>(), out);
  } catch (const ProtocolError& e) {
    throw RefusedMessage(e.code, e.what(), out.ref);
  }
  return out;
}

json hello_message() { return {{"type", "hello"}, {"protocol", kProtocolVersion}, {"server", "bellwether"}}; }

json error_message(const std::string& code, const std::string& message, const json& ref) {
  json out{{"type", "error"}, {"code", code}, {"message", message}};
  if (!ref.is_null()) out["ref"] = ref;
  return out;
}

json ack_message(const std::string& table, std::uint64_t version, const json& ref) {
  json out{{"type", "ack"}, {"table", table}, {"version", version}};
  if (!ref.is_null()) out["ref"] = ref;
  return out;
}

json result_json(const AnyState& state, Names names) {
  json breakdown = json::array();
  for (Player seat = 0; seat < state.num_players(); ++seat) {
    json items = json::array();
    for (const ScoreItem& item : state.score_breakdown(seat))
      items.push_back({{"category", item.category}, {"points", item.points}});
    breakdown.push_back(std::move(items));
  }
  return {{"scores", state.scores()},
          {"winners", state.winners()},
          {"breakdown", std::move(breakdown)},
          {"explanation", state.result_explanation(names)}};
}

namespace {
// A JSON string as nlohmann::json writes one (control characters escaped, the
// rest of UTF-8 as it is), so the frame reads as it did when it was a json tree.
void append_quoted(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
        else out += c;
    }
  }
  out += '"';
}

void append_seat(std::string& out, Player seat) { out += seat >= 0 ? std::to_string(seat) : "null"; }

// A second place a target names (its preview, its second click), as
// ,"key":{"piece":…,"zone":…}; nothing when the target names none.
void append_place(std::string& out, const char* key, const std::string& zone, const std::string& piece) {
  if (zone.empty()) return;
  out += ",\"";
  out += key;
  out += "\":{\"piece\":";
  append_quoted(out, piece);
  out += ",\"zone\":";
  append_quoted(out, zone);
  out += '}';
}

// {"kind":…,"piece":…,"preview":{…},"then":{…},"zone":…}: sorted keys, the
// piece only when there is one, "preview" only where the game says where the
// move leads, "then" only for a move finished by a second click.
void append_target(std::string& out, const ActionTarget& target) {
  out += "{\"kind\":";
  append_quoted(out, target.kind);
  if (!target.piece.empty()) {
    out += ",\"piece\":";
    append_quoted(out, target.piece);
  }
  append_place(out, "preview", target.preview_zone, target.preview_piece);
  append_place(out, "then", target.then_zone, target.then_piece);
  out += ",\"zone\":";
  append_quoted(out, target.zone);
  out += '}';
}

bool public_zone(const std::string& zone) {
  return zone == "field" || zone == "cell" || zone == "seat" || zone == "zoo" || zone == "flock";
}

}  // namespace

std::string state_frame(const std::string& table, Player viewer, std::uint64_t version, const AnyState& state,
                        Names names, const FrameExtras& extras) {
  const bool with_events = extras.with_events;
  // The keys in the order nlohmann::json (a sorted map) writes them.
  Player current = state.current_player();
  std::string out = "{\"current\":";
  out.reserve(1024);
  append_seat(out, current);
  out += ",\"events\":[";
  if (with_events) {
    bool first = true;
    for (const auto& event : state.events(viewer, names)) {
      if (!std::exchange(first, false)) out += ',';
      append_quoted(out, event);
    }
  }
  out += "],\"last\":";
  if (extras.last.seat < 0) {
    out += "null";
  } else {
    out += "{\"seat\":";
    append_seat(out, extras.last.seat);
    if (extras.last.seat == viewer || public_zone(extras.last.target.zone)) {
      out += ",\"target\":";
      append_target(out, extras.last.target);
    }
    out += '}';
  }
  out += ",\"legal\":[";
  if (current == viewer && viewer >= 0 && extras.ask) {
    const std::vector<Action> legal = state.legal_actions();
    const std::vector<std::string> hints = state.action_hints(legal);
    const std::vector<ActionTarget> targets = state.action_targets(legal);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const Action action = legal[i];
      if (i > 0) out += ',';
      // "text" is the engine's, as records keep it; "label" and the hint name the seats for people.
      const std::string text = state.action_to_string(action);
      out += "{\"hint\":";
      append_quoted(out, name_seats(hints[i], names));
      out += ",\"id\":";
      out += std::to_string(action);
      out += ",\"label\":";
      append_quoted(out, name_seats(text, names));
      out += ",\"target\":";
      append_target(out, targets[i]);
      out += ",\"text\":";
      append_quoted(out, text);
      out += '}';
    }
  }
  out += "],\"observation\":";
  out += state.observation_json(viewer).dump();
  out += ",\"result\":";
  if (state.is_terminal()) out += result_json(state, names).dump();
  else out += "null";
  out += ",\"seat\":";
  append_seat(out, viewer);
  out += ",\"table\":";
  append_quoted(out, table);
  out += ",\"type\":\"state\",\"version\":";
  out += std::to_string(version);
  out += '}';
  return out;
}

}  // namespace bw::server
