// `bellwether play`: a game at the terminal. Each human sees only what their
// seat may see; with several humans (hot-seat) a pass-the-device screen
// stands between their turns.
#include <fmt/format.h>
#include <istream>
#include <optional>
#include <ostream>
#include <random>

#include "agents/agent.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/output_file.hpp"
#include "core/outside_text.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"
#include "sim/records.hpp"

namespace bw::cli {

namespace {

struct Seat {
  std::string spec;
  std::string name;
  std::unique_ptr<Agent> bot;  // null for a human
  std::vector<std::string> unseen_events;  // what happened since this human last looked
  std::vector<std::string> log;            // everything this seat has seen
};

// "draw from P2" -> "draw from P2 (Bob)", so menus say who is who.
std::string with_names(const std::string& text, const std::vector<Seat>& seats) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    bool seat_ref = text[i] == 'P' && (i == 0 || text[i - 1] == ' ') && i + 1 < text.size() &&
                    text[i + 1] >= '1' && text[i + 1] <= '8' && (i + 2 == text.size() || text[i + 2] == ' ');
    if (!seat_ref) continue;
    auto index = static_cast<std::size_t>(text[i + 1] - '1');
    out += text[++i];
    if (index < seats.size()) out += " (" + seats[index].name + ")";
  }
  return out;
}

const char* kHumanHelp =
    "Type the number of an action, or its text (e.g. 'stop').\n"
    "  board   show the table again\n"
    "  log     everything you have seen this game\n"
    "  help    this text\n"
    "  quit    leave the game (the record is still saved with --save)\n";

}  // namespace

int play(Terminal& term, const PlayOptions& options) {
  const GameInfo& game = registry().find(options.game);
  if (options.seats.empty()) throw BadSeats("--seats needs at least one seat");
  int players = static_cast<int>(options.seats.size());
  game.check_player_count(players);
  if (!options.names.empty() && static_cast<int>(options.names.size()) != players)
    throw BadSeats(fmt::format("--names gives {} names for {} seats", options.names.size(), players));
  // Names go into the record and onto every screen: plain, short text, checked before the game.
  for (int p = 0; p < static_cast<int>(options.names.size()); ++p)
    check_display_name(options.names[p], fmt::format("--names: seat {}", p + 1));

  // A bad path must not cost a whole game: check where the record goes first.
  if (!options.save_path.empty()) check_output_path(options.save_path, "--save");

  std::vector<Seat> seats(players);
  auto names = options.names.empty() ? default_names(players) : options.names;
  int humans = 0;
  std::vector<std::optional<AgentSpec>> bots(players);  // parsed before the set-up, so a bad spec is named first
  for (int p = 0; p < players; ++p) {
    seats[p].spec = options.seats[p];
    seats[p].name = names[p];
    if (is_human_spec(seats[p].spec)) ++humans;
    else bots[p] = parse_agent_spec(seats[p].spec);
  }
  std::uint64_t seed = options.seed ? *options.seed : std::random_device{}() * 0x100000001ULL;
  auto state = game.start(options.params, players, seed);
  for (int p = 0; p < players; ++p)
    if (bots[p]) seats[p].bot = make_agent(*bots[p], *state);

  GameRecord record;
  record.game = game.id;
  record.params = validate_params(game.params, options.params);
  record.seed = seed;
  record.players = options.seats;
  record.names = names;
  Rng bot_rng(seed, 0xb07);

  std::ostream& out = term.out;
  out << fmt::format("{} — seed {} — seats:", game.name, seed);
  for (int p = 0; p < players; ++p) out << fmt::format(" P{} {} ({})", p + 1, seats[p].name, seats[p].spec);
  out << "\n";

  auto tell_bots = [&](Action action, Player actor) {
    for (auto& seat : seats)
      if (seat.bot) seat.bot->observe(action, actor);
  };

  auto deliver_events = [&]() {
    for (int p = 0; p < players; ++p) {
      for (auto& line : state->events(static_cast<Player>(p), names)) {
        seats[p].log.push_back(line);
        seats[p].unseen_events.push_back(line);
      }
    }
    if (humans == 0) {
      for (auto& line : state->events(kOmniscient, names)) out << "  " << line << "\n";
    }
  };
  auto show_unseen = [&](int p) {
    for (auto& line : seats[p].unseen_events) out << "  " << line << "\n";
    seats[p].unseen_events.clear();
  };
  auto finish = [&](bool completed) {
    if (!options.save_path.empty()) {
      save_record(options.save_path, record, state.get());
      out << "Record saved to " << options.save_path << "\n";
    }
    if (!completed) {
      out << "Game left unfinished after " << record.actions.size() << " actions.\n";
      return 0;
    }
    out << "\n" << state->render(humans == 1 ? kSpectator : kOmniscient, names);
    auto scores = state->scores();
    auto winners = state->winners();
    out << "Result: ";
    for (std::size_t i = 0; i < winners.size(); ++i) out << (i ? " and " : "") << names[winners[i]];
    out << (winners.size() == 1 ? " wins" : " share the win") << ". Scores:";
    for (int p = 0; p < players; ++p) out << fmt::format(" {} {}", names[p], scores[p]);
    out << "\n";
    return 0;
  };

  deliver_events();  // setup events
  int last_human = -1;
  while (!state->is_terminal()) {
    int p = state->current_player();
    Seat& seat = seats[p];
    if (seat.bot) {
      Action action = seat.bot->choose(*state, bot_rng);
      if (humans == 1) {
        for (int h = 0; h < players; ++h)
          if (!seats[h].bot) show_unseen(h);
      }
      state->apply(action);
      tell_bots(action, static_cast<Player>(p));
      record.actions.push_back(state->action_to_string(action));
      deliver_events();
      if (humans == 1)
        for (int h = 0; h < players; ++h)
          if (!seats[h].bot) show_unseen(h);
      continue;
    }

    if (humans > 1 && last_human != p) {
      out << fmt::format("\n==== Pass the device to {} and press Enter ====\n", seat.name);
      std::string ignored;
      if (!std::getline(term.in, ignored)) return finish(false);
      if (term.interactive) out << "\033[2J\033[H";
      else out << std::string(3, '\n');
    }
    last_human = p;
    show_unseen(p);
    out << "\n" << state->render(static_cast<Player>(p), names);
    auto legal = state->legal_actions();
    auto print_menu = [&] {
      for (std::size_t i = 0; i < legal.size(); ++i)
        out << fmt::format("  {:>2}) {}\n", i + 1, with_names(state->action_to_string(legal[i]), seats));
    };
    print_menu();
    for (;;) {
      out << seat.name << "> " << std::flush;
      std::string line;
      if (!std::getline(term.in, line)) {
        out << "\n";
        return finish(false);
      }
      if (!term.interactive) out << line << "\n";  // piped input: keep the transcript readable
      auto trim_start = line.find_first_not_of(" \t\r");
      line = trim_start == std::string::npos ? "" : line.substr(trim_start, line.find_last_not_of(" \t\r") - trim_start + 1);
      if (line.empty()) continue;
      if (line == "help" || line == "?") {
        out << kHumanHelp;
        continue;
      }
      if (line == "quit" || line == "exit") return finish(false);
      if (line == "board") {
        out << state->render(static_cast<Player>(p), names);
        print_menu();
        continue;
      }
      if (line == "log") {
        for (auto& entry : seat.log) out << "  " << entry << "\n";
        continue;
      }
      Action action = 0;
      if (line.find_first_not_of("0123456789") == std::string::npos) {
        std::size_t choice = line.size() > 4 ? 0 : std::stoul(line);
        if (choice < 1 || choice > legal.size()) {
          out << fmt::format("Choose a number from 1 to {} (or type 'help').\n", legal.size());
          continue;
        }
        action = legal[choice - 1];
      } else {
        try {
          action = state->parse_action(line);
        } catch (const IllegalAction& e) {
          out << e.what() << ". Type a number from the menu, or 'help'.\n";
          continue;
        }
      }
      state->apply(action);
      tell_bots(action, static_cast<Player>(p));
      record.actions.push_back(state->action_to_string(action));
      deliver_events();
      show_unseen(p);  // what this seat's own action revealed to it
      break;
    }
  }
  if (humans > 1) out << "\n==== Game over ====\n";
  return finish(true);
}

}  // namespace bw::cli
