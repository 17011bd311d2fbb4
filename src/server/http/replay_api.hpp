#pragma once
// A finished game step by step, for the browser's replay viewer and end screen:
// the state frame a viewer would have received after every action.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/record.hpp"

namespace bw::server {

// Replays longer than this are refused (a frame per step goes to the browser;
// `bellwether replay` has no limit).
inline constexpr std::size_t kMaxReplaySteps = 5000;

// A replay built once and answered many times, whole or a page of frames.
struct Replay {
  std::string head;                 // {"game":…,"seats":…,"view":…,"actions":…,"actors":…  (no closing brace)
  std::vector<std::string> frames;  // each a JSON object
  std::size_t bytes() const;
};

// `view`: a seat number ("0", "1", ...), "spectator" (the public view) or
// "all" (the public view plus every seat's hand, "hands"). Every game is over
// when it is replayed, so nothing it shows is still secret. Throws
// ProtocolError ("bad-request") for a bad view or a record too long, BadRecord
// for a record whose actions do not replay.
Replay build_replay(const GameRecord& record, const std::string& view);

struct FramePage {
  std::size_t from = 0;
  std::optional<std::size_t> count;  // none: to the end
};
// "?from=N&count=M" of a request target (either may be missing). Throws ProtocolError "bad-request".
FramePage frame_page_of(std::string_view target);

// The answer's JSON text: the head, "total" (frames in the whole replay),
// "from", and the page's frames.
std::string replay_body(const Replay& replay, const FramePage& page);

}  // namespace bw::server
