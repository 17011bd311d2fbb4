#pragma once
// A finished game step by step, for the browser's replay viewer and end screen:
// the state frame a viewer would have received after every action.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "core/record.hpp"

namespace bw::server {

// Replays longer than this are refused (a frame per step goes to the browser;
// `bellwether replay` has no limit).
inline constexpr std::size_t kMaxReplaySteps = 5000;

// `view`: a seat number ("0", "1", ...), "spectator" (the public view) or
// "all" (the public view plus every seat's hand, "hands"). Every game is over
// when it is replayed, so nothing it shows is still secret. Throws
// ProtocolError ("bad-request") for a bad view or a record too long, BadRecord
// for a record whose actions do not replay.
nlohmann::json replay_json(const GameRecord& record, const std::string& view);

}  // namespace bw::server
