#pragma once
// `bellwether bench --signature`: a fingerprint of the rules, in the manner of
// Stockfish's bench node count. A fixed set of seeded random games of every
// game (every player count, the defaults and each on/off variant switched on)
// is played; the total number of actions and a hash of every decision (whose
// it is, the legal actions, the one taken) and every result must not change
// unless the rules do; the wording of actions and observations is not in it. A test holds the current
// value; a commit that changes a game quotes the new one.
#include <cstdint>
#include <string>
#include <vector>

namespace bw {

struct GameSignature {
  std::string game;
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  std::uint64_t hash = 0;  // FNV-1a over every decision and the final scores and winners
};

struct Signature {
  std::vector<GameSignature> per_game;  // in the catalog's order
  std::uint64_t actions = 0;
  std::uint64_t hash = 0;  // the per-game hashes, combined in order
};

Signature rules_signature();

}  // namespace bw
