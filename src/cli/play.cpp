// `bellwether play`: a game at the terminal. Each human sees only what their
// seat may see; with several humans (hot-seat) a pass-the-device screen
// stands between their turns.
#include <CLI/CLI.hpp>
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

struct PlayOptions {
  std::string game;
  std::vector<std::string> seats;
  std::vector<std::string> names;
  std::optional<std::uint64_t> seed;
  ParamMap params;
  std::string save_path;
};

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

// One game at the terminal: the seats, the state, the record being written.
class PlaySession {
 public:
  // Checks everything before the first line is printed: a bad seat, name,
  // parameter or --save path costs nothing.
  PlaySession(Terminal& term, const PlayOptions& options);
  int run();

 private:
  std::optional<Action> ask_human(int seat);  // nullopt: the person left
  // The one step of the game, whoever chose the action: apply it, tell the
  // bots, record it, hand out its events, and show them to whoever watches.
  void apply_and_show(Action action);
  void deliver_events();
  void show_unseen(int seat);
  int finish(bool completed);

  Terminal& term_;
  std::ostream& out_;
  const PlayOptions& options_;
  const GameInfo& game_;
  int players_;
  std::vector<std::string> names_;
  std::vector<Seat> seats_;
  int humans_ = 0;
  int only_human_ = -1;  // the human's seat when exactly one plays (bots' moves are shown to them at once)
  std::unique_ptr<AnyState> state_;
  GameRecord record_;
  Rng bot_rng_;
  int last_human_ = -1;  // for the pass-the-device screen
};

PlaySession::PlaySession(Terminal& term, const PlayOptions& options)
    : term_(term), out_(term.out), options_(options), game_(registry().find(options.game)) {
  if (options.seats.empty()) throw BadSeats("--seats needs at least one seat");
  players_ = static_cast<int>(options.seats.size());
  game_.check_player_count(players_);
  if (!options.names.empty() && static_cast<int>(options.names.size()) != players_)
    throw BadSeats(fmt::format("--names gives {} names for {} seats", options.names.size(), players_));
  // Names go into the record and onto every screen: plain, short text, checked before the game.
  for (int p = 0; p < static_cast<int>(options.names.size()); ++p)
    check_display_name(options.names[p], fmt::format("--names: seat {}", p + 1));

  // A bad path must not cost a whole game: check where the record goes first.
  if (!options.save_path.empty()) check_output_path(options.save_path, "--save");

  seats_.resize(players_);
  names_ = options.names.empty() ? default_names(players_) : options.names;
  std::vector<std::optional<AgentSpec>> bots(players_);  // parsed before the set-up, so a bad spec is named first
  for (int p = 0; p < players_; ++p) {
    seats_[p].spec = options.seats[p];
    seats_[p].name = names_[p];
    if (is_human_spec(seats_[p].spec)) {
      ++humans_;
      only_human_ = p;
    } else {
      bots[p] = parse_agent_spec(seats_[p].spec);
    }
  }
  if (humans_ != 1) only_human_ = -1;
  std::uint64_t seed = options.seed ? *options.seed : std::random_device{}() * 0x100000001ULL;
  state_ = game_.start(options.params, players_, seed);
  for (int p = 0; p < players_; ++p)
    if (bots[p]) seats_[p].bot = make_agent(*bots[p], *state_);

  record_.game = game_.id;
  record_.params = validate_params(game_.params, options.params);
  record_.seed = seed;
  record_.players = options.seats;
  record_.names = names_;
  bot_rng_ = Rng(seed, 0xb07);
}

int PlaySession::run() {
  out_ << fmt::format("{} — seed {} — seats:", game_.name, record_.seed);
  for (int p = 0; p < players_; ++p) out_ << fmt::format(" P{} {} ({})", p + 1, seats_[p].name, seats_[p].spec);
  out_ << "\n";
  deliver_events();  // setup events
  while (!state_->is_terminal()) {
    int p = state_->current_player();
    std::optional<Action> action = seats_[p].bot ? seats_[p].bot->choose(*state_, bot_rng_) : ask_human(p);
    if (!action) return finish(false);
    apply_and_show(*action);
  }
  if (humans_ > 1) out_ << "\n==== Game over ====\n";
  return finish(true);
}

std::optional<Action> PlaySession::ask_human(int p) {
  Seat& seat = seats_[p];
  if (humans_ > 1 && last_human_ != p) {
    out_ << fmt::format("\n==== Pass the device to {} and press Enter ====\n", seat.name);
    std::string ignored;
    if (!std::getline(term_.in, ignored)) return std::nullopt;
    if (term_.interactive) out_ << "\033[2J\033[H";
    else out_ << std::string(3, '\n');
  }
  last_human_ = p;
  show_unseen(p);
  out_ << "\n" << state_->render(static_cast<Player>(p), names_);
  auto legal = state_->legal_actions();
  auto print_menu = [&] {
    for (std::size_t i = 0; i < legal.size(); ++i)
      out_ << fmt::format("  {:>2}) {}\n", i + 1, with_names(state_->action_to_string(legal[i]), seats_));
  };
  print_menu();
  for (;;) {
    out_ << seat.name << "> " << std::flush;
    std::string line;
    if (!std::getline(term_.in, line)) {
      out_ << "\n";
      return std::nullopt;
    }
    if (!term_.interactive) out_ << line << "\n";  // piped input: keep the transcript readable
    auto trim_start = line.find_first_not_of(" \t\r");
    line = trim_start == std::string::npos ? "" : line.substr(trim_start, line.find_last_not_of(" \t\r") - trim_start + 1);
    if (line.empty()) continue;
    if (line == "help" || line == "?") {
      out_ << kHumanHelp;
      continue;
    }
    if (line == "quit" || line == "exit") return std::nullopt;
    if (line == "board") {
      out_ << state_->render(static_cast<Player>(p), names_);
      print_menu();
      continue;
    }
    if (line == "log") {
      for (auto& entry : seat.log) out_ << "  " << entry << "\n";
      continue;
    }
    if (line.find_first_not_of("0123456789") == std::string::npos) {
      std::size_t choice = line.size() > 4 ? 0 : std::stoul(line);
      if (choice >= 1 && choice <= legal.size()) return legal[choice - 1];
      out_ << fmt::format("Choose a number from 1 to {} (or type 'help').\n", legal.size());
      continue;
    }
    try {
      return state_->parse_action(line);
    } catch (const IllegalAction& e) {
      out_ << e.what() << ". Type a number from the menu, or 'help'.\n";
    }
  }
}

void PlaySession::apply_and_show(Action action) {
  const Player actor = state_->current_player();
  state_->apply(action);
  for (auto& seat : seats_)
    if (seat.bot) seat.bot->observe(action, actor);
  record_.actions.push_back(state_->action_to_string(action));
  deliver_events();
  // A human sees at once what their own action revealed to them; against bots
  // only, the one human also sees each bot's move as it happens. In hot-seat
  // play the others' moves wait for that human's next turn.
  if (!seats_[actor].bot) show_unseen(actor);
  else if (only_human_ >= 0) show_unseen(only_human_);
}

void PlaySession::deliver_events() {
  for (int p = 0; p < players_; ++p) {
    for (auto& line : state_->events(static_cast<Player>(p), names_)) {
      seats_[p].log.push_back(line);
      seats_[p].unseen_events.push_back(line);
    }
  }
  if (humans_ == 0) {
    for (auto& line : state_->events(kOmniscient, names_)) out_ << "  " << line << "\n";
  }
}

void PlaySession::show_unseen(int p) {
  for (auto& line : seats_[p].unseen_events) out_ << "  " << line << "\n";
  seats_[p].unseen_events.clear();
}

int PlaySession::finish(bool completed) {
  if (!options_.save_path.empty()) {
    save_record(options_.save_path, record_, state_.get());
    out_ << "Record saved to " << options_.save_path << "\n";
  }
  if (!completed) {
    out_ << "Game left unfinished after " << record_.actions.size() << " actions.\n";
    return 0;
  }
  out_ << "\n" << state_->render(humans_ == 1 ? kSpectator : kOmniscient, names_);
  auto scores = state_->scores();
  auto winners = state_->winners();
  out_ << "Result: ";
  for (std::size_t i = 0; i < winners.size(); ++i) out_ << (i ? " and " : "") << names_[winners[i]];
  out_ << (winners.size() == 1 ? " wins" : " share the win") << ". Scores:";
  for (int p = 0; p < players_; ++p) out_ << fmt::format(" {} {}", names_[p], scores[p]);
  out_ << "\n";
  return 0;
}

}  // namespace

Command add_play_command(CLI::App& app, Terminal& term) {
  struct Given {
    PlayOptions options;
    std::string seats = "human,random,random", names, seed;
    std::vector<std::string> params;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal (humans and bots)");
  cmd->add_option("game", given->options.game, "game id (see 'bellwether games')")->required();
  cmd->add_option("--seats", given->seats, "one per seat: human, random, heuristic or ismcts[:options]")
      ->capture_default_str();
  cmd->add_option("--names", given->names, "display names, comma-separated");
  auto* seed_opt = cmd->add_option("--seed", given->seed, "seed for the shuffle and blind draws (default: random)");
  cmd->add_option("--param", given->params, "game parameter name=value (repeatable)");
  cmd->add_option("--save", given->options.save_path, "write the game record (JSON) here at the end");
  return {cmd, [given, seed_opt, &term] {
            PlayOptions& options = given->options;
            options.seats = split_seats(given->seats);
            options.names = split_list(given->names);
            options.params = parse_params(given->params);
            if (*seed_opt) options.seed = parse_seed(given->seed, "--seed");
            return PlaySession(term, options).run();
          }};
}

}  // namespace bw::cli
