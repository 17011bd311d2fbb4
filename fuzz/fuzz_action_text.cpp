// Fuzz target: actions typed by a person or read from a record/protocol, as
// text, through AnyState::parse_action then apply. First byte: game and
// player count; next 8 bytes: the seed; then one action text per line. A line
// that is refused plays a legal action instead (chosen by the line's length),
// so the fuzzer reaches deep positions; the text of that action must parse
// back to it (records store actions as text). Stops at the end of the game.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/errors.hpp"
#include "fuzz_input.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const bw::fuzz::GameSetup setup = bw::fuzz::read_game_setup(data, size);
  if (!setup.game) return 0;
  const bw::GameInfo& game = *setup.game;

  auto state = game.start({}, setup.players, setup.seed);
  std::string_view text = setup.rest;
  while (!text.empty() && !state->is_terminal()) {
    std::string_view line = text.substr(0, text.find('\n'));
    text.remove_prefix(std::min(text.size(), line.size() + 1));
    try {
      bw::Action action = state->parse_action(line);
      if (!state->is_legal(action)) __builtin_trap();  // parse_action promises a legal action
      state->apply(action);
      continue;
    } catch (const bw::IllegalAction&) {
      // Refused with a message: the expected outcome for text that is no legal action.
    }
    auto legal = state->legal_actions();
    if (legal.empty()) __builtin_trap();  // a live game with nothing to do
    bw::Action action = legal[line.size() % legal.size()];
    if (state->parse_action(state->action_to_string(action)) != action) __builtin_trap();  // text round trip
    state->apply(action);
  }
  return 0;
}
