#pragma once
// The WebSocket protocol's messages (docs/protocol.md): reading what clients
// send, strictly, and building what the server sends. A seat's messages are
// built only from AnyState's calls for that seat.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_state.hpp"
#include "server/errors.hpp"

namespace bw::server {

inline constexpr int kProtocolVersion = 1;
inline constexpr std::size_t kMaxMessageBytes = std::size_t{64} * 1024;

struct ClientMessage {
  enum class Kind { Join, Act, Ping, Undo, Chat, Rematch, Back, Name, Meter };
  Kind kind = Kind::Ping;
  std::string table;                 // join
  std::optional<std::string> token;  // join: none = spectate a public table
  std::optional<std::string> name;   // join, name: the name the person gives their seat (checked like a seat's name)
  std::string text;                  // chat: the line (checked by the table: length, control characters)
  int seat = -1;                     // act, chat: which of the connection's seats (-1: its only seat)
  std::uint64_t version = 0;         // act, undo: the table version the action (or undo) was chosen on
  Action action = 0;                 // act
  bool on = false;                   // meter: the person wants their chances after each move
  nlohmann::json ref;                // optional; echoed in the ack or error (a short string or an integer)
};

// A message refused as it was read, once its `ref` was: the refusal echoes it.
struct RefusedMessage : ProtocolError {
  RefusedMessage(std::string code, const std::string& message, nlohmann::json ref)
      : ProtocolError(std::move(code), message), ref(std::move(ref)) {}
  nlohmann::json ref;  // null when the message had none
};

// Throws ProtocolError ("bad-json", "bad-message", "unknown-type", "bad-protocol", "bad-name"): a
// RefusedMessage once the message's `ref` is read.
ClientMessage parse_client_message(std::string_view text);

nlohmann::json hello_message();
nlohmann::json error_message(const std::string& code, const std::string& message, const nlohmann::json& ref = nullptr);
nlohmann::json ack_message(const std::string& table, std::uint64_t version, const nlohmann::json& ref);
// A finished game's result: scores, winners, each seat's score by category
// and, in words, why the winners won.
nlohmann::json result_json(const AnyState& state, Names names);

// The table's last move, for boards to mark: who made it and where. Others
// than its maker are told where only on a public zone (a field, a cell, a
// seat, a zoo, a flock), never which card left a hidden hand.
struct LastMove {
  Player seat = -1;  // -1: none (a new game, or just after an undo)
  ActionTarget target;
};

// What a state message carries besides the observation and the result.
struct FrameExtras {
  bool with_events = true;  // the last step's events (not on joining, not after an undo)
  bool ask = true;          // the legal actions when the viewer decides (not when the table passes for it)
  LastMove last;
};

// The text of the state message: what `viewer` (a seat, or kSpectator) may
// see of `state` at `version`: its observation, the events of the last step in
// its words, the last move, the legal actions when it is its decision, and the
// result at the end. Written as text, not built as a JSON tree: it is the
// server's most frequent message (one per seat per action).
std::string state_frame(const std::string& table, Player viewer, std::uint64_t version, const AnyState& state,
                        Names names, const FrameExtras& extras);

// A table id as clients send it: 1..64 of [0-9a-z-].
bool looks_like_table_id(std::string_view text);

}  // namespace bw::server
