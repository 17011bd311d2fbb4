// `bellwether replay`: a recorded game, step by step, as one seat saw it or in full.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "sim/records.hpp"

namespace bw::cli {

namespace {

struct ReplayOptions {
  std::string path;
  std::string as_seat;  // "" = omniscient
  bool board = false;
};

// Core cannot know the agents, so the record's "players" are checked here:
// each must be an agent spec this program understands.
void check_player_specs(const GameRecord& record, const std::string& path) {
  for (std::size_t seat = 0; seat < record.players.size(); ++seat) {
    try {
      parse_agent_spec(record.players[seat]);
    } catch (const BadSeats& e) {
      throw BadRecord("'" + excerpt(path, 200) + "': seat " + std::to_string(seat + 1) + " (\"players\"[" +
                      std::to_string(seat) + "]): " + e.what());
    }
  }
}

int replay_record(Terminal& term, const ReplayOptions& options) {
  GameRecord record = load_record(options.path);
  check_player_specs(record, options.path);
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
    if (!found) throw BadSeats("--as '" + excerpt(options.as_seat) + "' is not a seat of this game (use 1.." +
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

}  // namespace

Command add_replay_command(CLI::App& app, Terminal& term) {
  auto options = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand("replay", "Show a recorded game step by step");
  cmd->add_option("file", options->path, "game record (JSON) saved by 'play --save'")->required();
  cmd->add_option("--as", options->as_seat, "show it as this seat sees it (number or name); default: everything");
  cmd->add_flag("--board", options->board, "print the board after every step");
  return {cmd, [options, &term] { return replay_record(term, *options); }};
}

}  // namespace bw::cli
