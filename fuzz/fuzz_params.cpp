// Fuzz target: game parameters as typed on a command line (--param k=v) or
// sent by a front: data tables included (boom-bah sheep=..., disguise decks,
// hustle pads). First byte: game and player count; next 8 bytes: the seed;
// then one "name=value" per line. bw::Error is the expected refusal.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/errors.hpp"
#include "core/params.hpp"
#include "fuzz_input.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const bw::fuzz::GameSetup setup = bw::fuzz::read_game_setup(data, size);
  if (!setup.game) return 0;
  const bw::GameInfo& game = *setup.game;

  std::string_view text = setup.rest;
  try {
    bw::ParamMap given;
    while (!text.empty()) {
      std::string_view line = text.substr(0, text.find('\n'));
      text.remove_prefix(std::min(text.size(), line.size() + 1));
      auto [name, value] = bw::parse_param_assignment(line);
      given[name] = value;
    }
    bw::ParamMap params = bw::validate_params(game.params, given);
    auto state = game.start(params, setup.players, setup.seed);
    // Parameters that pass validation must give a playable game: random moves for a while.
    bw::Rng rng(setup.seed, 1);
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
