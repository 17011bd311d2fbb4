// Fuzz target: a WebSocket message from a client of `bellwether serve`
// ({"type": "act", "version": 17, "action": 5}, docs/protocol.md):
// bw::server::parse_client_message. ProtocolError (a bw::Error) is the
// expected refusal; anything else (another exception, a sanitizer report, a
// crash) is a finding. A message it accepts must hold what protocol.cpp
// promises the tables: a join names a table id, an act has its version,
// action and seat in range, a ref is an integer or a short string, a meter
// request carries nothing but its switch.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/types.hpp"
#include "server/ws/protocol.hpp"

namespace {

using bw::server::ClientMessage;

constexpr std::uint64_t kMaxVersion = std::uint64_t{1} << 53;  // what a JavaScript number holds exactly

void check(const ClientMessage& message) {
  if (!message.ref.is_null()) {
    bool short_text = message.ref.is_string() && message.ref.get_ref<const std::string&>().size() <= 64;
    if (!short_text && !message.ref.is_number_integer()) __builtin_trap();
  }
  switch (message.kind) {
    case ClientMessage::Kind::Join:
      if (!bw::server::looks_like_table_id(message.table)) __builtin_trap();
      break;
    case ClientMessage::Kind::Act:
      if (message.version > kMaxVersion) __builtin_trap();
      if (message.seat < -1 || message.seat >= bw::kMaxPlayers) __builtin_trap();
      if (!message.table.empty() || message.token) __builtin_trap();  // join's fields stay unset
      break;
    case ClientMessage::Kind::Undo:
      if (message.version > kMaxVersion || message.seat != -1 || message.action != 0) __builtin_trap();
      break;
    case ClientMessage::Kind::Ping:
    case ClientMessage::Kind::Rematch:
    case ClientMessage::Kind::Back:
    case ClientMessage::Kind::Meter:
      if (message.version != 0 || message.seat != -1 || message.action != 0) __builtin_trap();
      break;
    case ClientMessage::Kind::Chat:
      if (message.seat < -1 || message.seat >= bw::kMaxPlayers || message.version != 0) __builtin_trap();
      break;
    case ClientMessage::Kind::Name:
      // A name passed the seat-name check: never empty, never longer than a seat's name may be.
      if (!message.name || message.name->empty() || message.name->size() > 4 * bw::kMaxDisplayNameChars)
        __builtin_trap();
      break;
  }
  if (message.name && bw::one_line_problem(*message.name, bw::kMaxDisplayNameChars) != "") __builtin_trap();
  // What the server echoes back in an ack or error must serialise.
  (void)bw::server::error_message("bad-message", "x", message.ref).dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ClientMessage message;
  try {
    message = bw::server::parse_client_message(text);
  } catch (const bw::Error&) {
    return 0;  // refused with a message: the expected outcome for a bad message
  }
  check(message);
  return 0;
}
