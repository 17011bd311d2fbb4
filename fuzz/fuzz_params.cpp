// Fuzz target: game parameters as typed on a command line (--param k=v) or
// sent by a front: data tables included (boom-bah sheep=..., disguise decks,
// hustle pads). First byte: game and player count; next 8 bytes: the seed;
// then one "name=value" per line. bw::Error is the expected refusal.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/errors.hpp"
#include "core/params.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto& games = bw::registry().games();
  const bw::GameInfo& game = games[data[0] % games.size()];
  int span = game.max_players - game.min_players + 1;
  int players = game.min_players + (data[0] / games.size()) % span;
  data += 1, size -= 1;
  std::uint64_t seed = 0;
  std::size_t seed_bytes = size < sizeof seed ? size : sizeof seed;
  std::memcpy(&seed, data, seed_bytes);
  data += seed_bytes, size -= seed_bytes;

  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    bw::ParamMap given;
    while (!text.empty()) {
      std::string_view line = text.substr(0, text.find('\n'));
      text.remove_prefix(std::min(text.size(), line.size() + 1));
      auto [name, value] = bw::parse_param_assignment(line);
      given[name] = value;
    }
    bw::ParamMap params = bw::validate_params(game.params, given);
    auto state = game.start(params, players, seed);
    // Parameters that pass validation must give a playable game: random moves for a while.
    bw::Rng rng(seed, 1);
    for (int step = 0; step < 300 && !state->is_terminal(); ++step) {
      auto legal = state->legal_actions();
      if (legal.empty()) __builtin_trap();  // a live game with nothing to do
      state->apply(legal[rng.next() % legal.size()]);
    }
  } catch (const bw::Error&) {
    // Refused with a message: the expected outcome for bad input.
  }
  return 0;
}
