// `bellwether replay`: a recorded game, step by step, as one seat saw it or in full.
#include <CLI/CLI.hpp>
#include <charconv>
#include <fmt/format.h>
#include <optional>
#include <ostream>
#include <sstream>

#include "agents/agent_spec.hpp"
#include "cli/commands.hpp"
#include "cli/styled_output.hpp"
#include "cli/text_layout.hpp"
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
  bool all = false;  // the whole game at once, even on a terminal
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

// The seat `text` names (a number, "P2" or a name); kOmniscient for "all" or "everyone"; nullopt if none.
std::optional<Player> seat_named(const std::string& text, const std::vector<std::string>& names) {
  if (text == "all" || text == "everyone") return kOmniscient;
  for (int p = 0; p < static_cast<int>(names.size()); ++p)
    if (text == names[p] || text == std::to_string(p + 1) || text == "P" + std::to_string(p + 1))
      return static_cast<Player>(p);
  return std::nullopt;
}

std::string viewer_words(Player viewer, const std::vector<std::string>& names) {
  return viewer == kOmniscient ? "everyone (all cards shown)" : names[viewer];
}

// A recorded game: the state before the first action and after each, and who made each action.
struct ReplayedGame {
  GameRecord record;
  std::vector<std::string> names;
  std::vector<std::unique_ptr<AnyState>> states;  // states[0]: the setup; states[i]: after action i
  std::vector<Player> actors;                     // actors[i - 1] made action i
};

ReplayedGame load_game(const std::string& path) {
  ReplayedGame game;
  game.record = load_record(path);
  check_player_specs(game.record, path);
  int players = static_cast<int>(game.record.players.size());
  game.names = game.record.names.empty() ? default_names(players) : game.record.names;
  GameRecord setup_only = game.record;
  setup_only.actions.clear();
  setup_only.result.reset();
  game.states.push_back(replay(registry(), setup_only));
  replay(registry(), game.record, [&](std::size_t, Player actor, Action, const AnyState& after) {
    game.actors.push_back(actor);
    game.states.push_back(after.clone());
  });
  return game;
}

// Action `index` (from 1) as `viewer` saw it: who acted, what (unless secret to the viewer), what followed.
void print_step(std::ostream& out, const ReplayedGame& game, std::size_t index, Player viewer, std::size_t width) {
  Player actor = game.actors[index - 1];
  // A seat's own choice may be secret (a hidden bid): other viewers get only the events.
  bool shown = viewer == kOmniscient || viewer == actor;
  out << fmt::format("{:>4}. {}{}\n", index, game.names[actor], shown ? ": " + game.record.actions[index - 1] : "");
  for (const auto& line : game.states[index]->events(viewer, game.names))
    out << fit_to_width("        " + line, width) << "\n";
}

void print_header(std::ostream& out, const ReplayedGame& game, Player viewer, std::size_t width) {
  out << fit_to_width(
      fmt::format("Replay of {} — {} players, seed {}, {} actions — viewed by {}\n", game.record.game,
                  game.names.size(), game.record.seed, game.record.actions.size(), viewer_words(viewer, game.names)),
      width);
}

void print_ending(std::ostream& out, const ReplayedGame& game, Player viewer, std::size_t width) {
  const AnyState& final_state = *game.states.back();
  out << "\n" << fit_to_width(final_state.render(viewer, game.names), width);
  if (!final_state.is_terminal()) out << "(The record ends before the game does.)\n";
}

// On a terminal: one action at a time, the table after it, and a prompt to move on, back, or anywhere.
void step_through(Terminal& term, const ReplayedGame& game, Player viewer) {
  std::ostream& out = term.out;
  const std::size_t last = game.record.actions.size();
  std::size_t at = 0;
  auto show = [&] {
    out << "\n";
    if (at == 0) {
      out << "Set-up:\n";
      for (const auto& line : game.states[0]->events(viewer, game.names))
        out << fit_to_width("        " + line, static_cast<std::size_t>(term.width)) << "\n";
    } else {
      print_step(out, game, at, viewer, static_cast<std::size_t>(term.width));
    }
    out << fit_to_width(game.states[at]->render(viewer, game.names), static_cast<std::size_t>(term.width));
  };
  const std::string keys = "Enter/n next · b back · g N go to action N · v SEAT view as a seat (or 'all') · q quit";
  print_header(out, game, viewer, static_cast<std::size_t>(term.width));
  out << keys << "\n";
  show();
  for (;;) {
    out << fmt::format("[{}/{}]> ", at, last) << std::flush;
    std::string line;
    if (!std::getline(term.in, line)) break;
    std::istringstream words(line);
    std::string command, argument;
    words >> command >> argument;
    if (command.empty() || command == "n" || command == "next") {
      if (at == last) {
        out << (game.states.back()->is_terminal() ? "That was the last action.\n" : "The record ends here.\n");
        continue;
      }
      ++at;
    } else if (command == "b" || command == "back") {
      if (at == 0) {
        out << "This is the set-up, before the first action.\n";
        continue;
      }
      --at;
    } else if (command == "g" || command == "go" || command.find_first_not_of("0123456789") == std::string::npos) {
      std::string number = command == "g" || command == "go" ? argument : command;
      std::size_t target = 0;
      auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), target);
      if (number.empty() || error != std::errc{} || end != number.data() + number.size() || target > last) {
        out << fmt::format("Give an action number from 0 (the set-up) to {}.\n", last);
        continue;
      }
      at = target;
    } else if (command == "v" || command == "view") {
      std::optional<Player> seat = seat_named(argument, game.names);
      if (!seat) {
        out << fmt::format("'{}' is not a seat: use 1..{}, a name, or 'all'.\n", excerpt(argument), game.names.size());
        continue;
      }
      viewer = *seat;
      out << "Now viewed by " << viewer_words(viewer, game.names) << ".\n";
    } else if (command == "q" || command == "quit") {
      break;
    } else {
      out << keys << "\n";
      continue;
    }
    show();
  }
  out << "\n";
}

int replay_record(Terminal& term, const ReplayOptions& options) {
  ReplayedGame game = load_game(options.path);
  Player viewer = kOmniscient;
  if (!options.as_seat.empty()) {
    std::optional<Player> seat = seat_named(options.as_seat, game.names);
    if (!seat || *seat == kOmniscient)
      throw BadSeats("--as '" + excerpt(options.as_seat) + "' is not a seat of this game (use 1.." +
                     std::to_string(game.names.size()) + " or a name)");
    viewer = *seat;
  }
  if (term.styled) term.styled->set_seat_names(game.names);
  if (term.interactive && !options.all) {
    step_through(term, game, viewer);
    return 0;
  }
  std::ostream& out = term.out;
  print_header(out, game, viewer, static_cast<std::size_t>(term.width));
  for (std::size_t index = 1; index < game.states.size(); ++index) {
    print_step(out, game, index, viewer, static_cast<std::size_t>(term.width));
    if (options.board)
      out << fit_to_width(game.states[index]->render(viewer, game.names), static_cast<std::size_t>(term.width)) << "\n";
  }
  print_ending(out, game, viewer, static_cast<std::size_t>(term.width));
  return 0;
}

}  // namespace

Command add_replay_command(CLI::App& app, Terminal& term) {
  auto options = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand("replay", "Show a recorded game: step through it on a terminal, or all at once");
  cmd->add_option("file", options->path, "game record (JSON) saved by 'play --save'")->required();
  cmd->add_option("--as", options->as_seat, "show it as this seat sees it (number or name); default: everything");
  cmd->add_flag("--board", options->board, "print the board after every step (with the whole game at once)");
  cmd->add_flag("--all", options->all,
                "print the whole game at once (what a pipe or file always gets; on a terminal the default is "
                "to step through it: Enter next, b back, g N go to action N, v SEAT view as, q quit)");
  return {cmd, [options, &term] { return replay_record(term, *options); }};
}

}  // namespace bw::cli
