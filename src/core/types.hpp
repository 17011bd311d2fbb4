#pragma once
// The small value types every game and front shares.
#include <cstdint>

namespace bw {

using Player = std::int8_t;                                    // seat index, 0-based
using Action = std::uint16_t;                                  // a game's action id, 0 .. num_distinct_actions-1
constexpr Action kNoAction = static_cast<Action>(~Action{0});  // "none" where an action may be absent

constexpr int kMaxPlayers = 8;
constexpr int kMaxLegalActions = 256;

// Pseudo-players for current_player() and for viewers.
constexpr Player kTerminal = -1;    // the game is over: nobody acts
constexpr Player kOmniscient = -2;  // a viewer who sees everything (replays, debugging)
constexpr Player kSpectator = -3;   // a viewer who sees only public information

}  // namespace bw
