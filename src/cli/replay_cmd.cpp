// `bellwether replay`: a recorded game, step by step, as one seat saw it or in full.
#include <fmt/format.h>
#include <ostream>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"

namespace bw::cli {

int replay_record(Terminal& term, const ReplayOptions& options) {
  GameRecord record = load_record(options.path);
  int players = static_cast<int>(record.players.size());
  auto names = record.names.empty() ? default_names(players) : record.names;

  Player viewer = kOmniscient;
  if (!options.as_seat.empty()) {
    bool found = false;
    for (int p = 0; p < players; ++p)
      if (options.as_seat == names[p] || options.as_seat == std::to_string(p + 1) ||
          options.as_seat == "P" + std::to_string(p + 1)) {
        viewer = static_cast<Player>(p);
        found = true;
      }
    if (!found) throw BadSeats("--as '" + options.as_seat + "' is not a seat of this game (use 1.." +
                               std::to_string(players) + " or a name)");
  }

  std::ostream& out = term.out;
  out << fmt::format("Replay of {} — {} players, seed {}, {} actions — viewed by {}\n", record.game, players,
                     record.seed, record.actions.size(), viewer == kOmniscient ? "everyone (all cards shown)" : names[viewer]);
  auto final_state = replay(registry(), record, [&](std::size_t index, Player actor, Action, const AnyState& after) {
    // A seat's own choice may be secret (a hidden bid): other viewers get only the events.
    bool shown = viewer == kOmniscient || viewer == actor;
    out << fmt::format("{:>4}. {}{}\n", index + 1, names[actor], shown ? ": " + record.actions[index] : "");
    for (const auto& line : after.events(viewer, names)) out << "        " << line << "\n";
    if (options.board) out << after.render(viewer, names) << "\n";
  });
  out << "\n" << final_state->render(viewer, names);
  if (!final_state->is_terminal()) out << "(The record ends before the game does.)\n";
  return 0;
}

}  // namespace bw::cli
