#pragma once
// The opening bytes several fuzz targets share: which game with how many
// players (first byte), and the seed (next 8 bytes, fewer if the input is short).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "games/catalog.hpp"

namespace bw::fuzz {

struct GameSetup {
  const GameInfo* game = nullptr;
  int players = 0;
  std::uint64_t seed = 0;
  std::string_view rest;  // the input after the opening bytes
};

// Returns a setup with game == nullptr for an empty input.
inline GameSetup read_game_setup(const std::uint8_t* data, std::size_t size) {
  GameSetup setup;
  if (size < 1) return setup;
  const auto& games = registry().games();
  setup.game = &games[data[0] % games.size()];
  int span = setup.game->max_players - setup.game->min_players + 1;
  setup.players = setup.game->min_players + static_cast<int>((data[0] / games.size()) % span);
  data += 1, size -= 1;
  std::size_t seed_bytes = size < sizeof setup.seed ? size : sizeof setup.seed;
  std::memcpy(&setup.seed, data, seed_bytes);
  setup.rest = std::string_view(reinterpret_cast<const char*>(data + seed_bytes), size - seed_bytes);
  return setup;
}

}  // namespace bw::fuzz
