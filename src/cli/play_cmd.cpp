// `bellwether play`: a game at the terminal. Each human sees only what their
// seat may see; with several humans (hot-seat) a pass-the-device screen
// stands between their turns.
#include <CLI/CLI.hpp>
#include <chrono>
#include <fmt/format.h>
#include <future>
#include <istream>
#include <optional>
#include <ostream>
#include <random>

#include "agents/agent.hpp"
#include "cli/commands.hpp"
#include "cli/play_text.hpp"
#include "cli/styled_output.hpp"
#include "cli/text_layout.hpp"
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
  std::optional<bool> auto_pass;  // unset: on when exactly one human plays
  bool think = false;             // show each searching bot's view and what it weighed
};

struct Seat {
  std::string spec;
  std::string name;
  std::unique_ptr<Agent> bot;              // null for a human
  bool auto_pass = false;                  // a human with nothing to choose but "pass" is not asked
  std::vector<std::string> unseen_events;  // what happened since this human last looked
  std::vector<std::string> log;            // everything this seat has seen
};

// Before the pass-the-device screen: the cursor home, the screen and its
// scrollback cleared, so the next person cannot scroll back to the last hand.
constexpr const char* kClearScreenAndScrollback = "\033[H\033[2J\033[3J";

// One game at the terminal: the seats, the state, the record being written.
class PlaySession {
 public:
  // Checks everything before the first line is printed: a bad seat, name,
  // parameter or --save path costs nothing.
  PlaySession(Terminal& term, const PlayOptions& options);
  int run();

 private:
  std::optional<Action> ask_human(int seat);  // nullopt: the person left
  Action ask_bot(int seat);
  void show_thinking(int seat);
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
  // A bot's statistics reflect its own hand: at a table with people they would leak it.
  if (options.think && humans_ > 0)
    throw BadSeats("--think shows what each bot sees and weighs, so every seat must be a bot");
  // In hot-seat play an automatic pass would show the others who holds no reaction card.
  bool auto_pass = options.auto_pass.value_or(humans_ == 1);
  for (int p = 0; p < players_; ++p) seats_[p].auto_pass = auto_pass && !bots[p];  // people only
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
  if (term.styled) term.styled->set_seat_names(names_);
}

int PlaySession::run() {
  std::string heading = fmt::format("{} — seed {} — seats:", game_.name, record_.seed);
  for (int p = 0; p < players_; ++p) heading += fmt::format(" P{} {} ({})", p + 1, seats_[p].name, seats_[p].spec);
  out_ << fit_to_width(heading, static_cast<std::size_t>(term_.width)) << "\n";
  deliver_events();  // setup events
  while (!state_->is_terminal()) {
    int p = state_->current_player();
    if (seats_[p].auto_pass) {
      auto legal = state_->legal_actions();
      if (nothing_to_choose(legal, [&](Action a) { return state_->is_pass(a); })) {
        out_ << fmt::format("  Passed for {}: '{}' was the only choice.\n", seats_[p].name,
                            state_->action_to_string(legal.front()));
        apply_and_show(legal.front());
        continue;
      }
    }
    std::optional<Action> action = seats_[p].bot ? ask_bot(p) : ask_human(p);
    if (!action) return finish(false);
    if (options_.think && seats_[p].bot) show_thinking(p);
    apply_and_show(*action);
  }
  if (humans_ > 1) out_ << "\n==== Game over ====\n";
  return finish(true);
}

std::optional<Action> PlaySession::ask_human(int p) {
  Seat& seat = seats_[p];
  if (humans_ > 1 && last_human_ != p) {
    out_ << (term_.interactive ? kClearScreenAndScrollback : "\n");
    out_ << fmt::format("==== Pass the device to {} and press Enter ====\n", seat.name);
    std::string ignored;
    if (!std::getline(term_.in, ignored)) return std::nullopt;
    if (term_.interactive) out_ << kClearScreenAndScrollback;
    else out_ << std::string(3, '\n');
  }
  last_human_ = p;
  show_unseen(p);
  out_ << "\n" << fit_to_width(state_->render(static_cast<Player>(p), names_), static_cast<std::size_t>(term_.width));
  auto legal = state_->legal_actions();
  auto print_menu = [&] { out_ << action_menu(*state_, legal, names_, static_cast<std::size_t>(term_.width)); };
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
    line =
        trim_start == std::string::npos ? "" : line.substr(trim_start, line.find_last_not_of(" \t\r") - trim_start + 1);
    if (line.empty()) continue;
    if (line == "help" || line == "?") {
      out_ << fit_to_width(prompt_help(*state_, legal, names_), static_cast<std::size_t>(term_.width));
      continue;
    }
    if (line == "rules") {
      out_ << how_to_play_text(game_, term_.width);
      continue;
    }
    if (line == "quit" || line == "exit") return std::nullopt;
    if (line == "board") {
      out_ << fit_to_width(state_->render(static_cast<Player>(p), names_), static_cast<std::size_t>(term_.width));
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
      return state_->parse_typed_action(line, names_);
    } catch (const IllegalAction& e) {
      out_ << e.what() << ". Type a number from the menu, or 'help'.\n";
    }
  }
}

// A bot that takes longer than half a second says so, on a terminal (a pipe gets no timing noise).
Action PlaySession::ask_bot(int p) {
  Agent& bot = *seats_[p].bot;
  if (!term_.interactive) return bot.choose(*state_, bot_rng_);
  auto choice = std::async(std::launch::async, [&] { return bot.choose(*state_, bot_rng_); });
  if (choice.wait_for(std::chrono::milliseconds(500)) == std::future_status::ready) return choice.get();
  out_ << fmt::format("  {} is thinking…", seats_[p].name) << std::flush;
  Action action = choice.get();
  out_ << "\r\033[K" << std::flush;  // the line goes once the move is made
  return action;
}

// Before a searching bot's move is applied: the position as that seat sees
// it, and its most visited root actions with the mean result it saw after each.
void PlaySession::show_thinking(int p) {
  // A subtree kept from the move before also holds actions of worlds that did
  // not come true (another card drawn): only what is legal now is shown.
  std::vector<ConsideredAction> considered;
  for (const auto& option : seats_[p].bot->last_considered())
    if (state_->is_legal(option.action)) considered.push_back(option);
  if (considered.empty()) return;  // not a search, or a forced move
  std::uint64_t total = 0;
  for (const auto& option : considered) total += option.visits;
  const auto width = static_cast<std::size_t>(term_.width);
  out_ << "\n" << fit_to_width(fmt::format("── {} ({}) sees:", seats_[p].name, seats_[p].spec), width) << "\n";
  out_ << fit_to_width(state_->render(static_cast<Player>(p), names_), width);
  out_ << fmt::format("  {} weighed {} play-outs:\n", seats_[p].name, total);
  constexpr std::size_t kShown = 4;
  for (std::size_t i = 0; i < considered.size() && i < kShown; ++i) {
    const auto& option = considered[i];
    out_ << fit_to_width(fmt::format("    {:<32} {:5.1f}% of visits, mean result {:.2f}",
                                     state_->action_label(option.action, names_),
                                     100.0 * static_cast<double>(option.visits) / static_cast<double>(total),
                                     option.mean_reward),
                         width)
         << "\n";
  }
  if (considered.size() > kShown) out_ << fmt::format("    … and {} more\n", considered.size() - kShown);
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
    for (auto& line : state_->events(kOmniscient, names_))
      out_ << fit_to_width("  " + line, static_cast<std::size_t>(term_.width)) << "\n";
  }
}

void PlaySession::show_unseen(int p) {
  for (auto& line : seats_[p].unseen_events)
    out_ << fit_to_width("  " + line, static_cast<std::size_t>(term_.width)) << "\n";
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
  // The game is over: every hand is shown.
  out_ << "\nEvery hand revealed:\n"
       << fit_to_width(state_->render(kOmniscient, names_), static_cast<std::size_t>(term_.width));
  auto scores = state_->scores();
  auto winners = state_->winners();
  out_ << "Result: ";
  for (std::size_t i = 0; i < winners.size(); ++i) out_ << (i ? " and " : "") << names_[winners[i]];
  out_ << (winners.size() == 1 ? " wins" : " share the win") << ". Scores:";
  for (int p = 0; p < players_; ++p) out_ << fmt::format(" {} {}", names_[p], scores[p]);
  out_ << "\n" << itemised_result(*state_, names_, static_cast<std::size_t>(term_.width));
  return 0;
}

}  // namespace

Command add_play_command(CLI::App& app, Terminal& term) {
  struct Given {
    PlayOptions options;
    std::string seats = "human,random,random", names, seed;
    std::vector<std::string> params;
    std::string auto_pass;
  };
  auto given = std::make_shared<Given>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal (humans and bots)");
  cmd->add_option("game", given->options.game, "game id (see 'bellwether games')")->required();
  cmd->add_option("--seats", given->seats,
                  "one per seat: human, random, heuristic, easy|medium|hard or ismcts[:options]")
      ->capture_default_str();
  cmd->add_option("--names", given->names, "display names, comma-separated");
  auto* seed_opt = cmd->add_option("--seed", given->seed, "seed for the shuffle and blind draws (default: random)");
  cmd->add_option("--param", given->params, "game parameter name=value (repeatable)");
  cmd->add_option("--save", given->options.save_path, "write the game record (JSON) here at the end");
  cmd->add_option("--auto-pass", given->auto_pass,
                  "on|off: answer 'pass' for a human who has no other choice (default: on with one human, "
                  "off in hot-seat play, where it would show who holds no reaction card)")
      ->check(CLI::IsMember({"on", "off"}));
  cmd->add_flag("--think", given->options.think,
                "before each searching bot's move, print what that seat sees and the moves it weighed "
                "(share of play-outs, mean result); only when every seat is a bot");
  return {cmd, [given, seed_opt, &term] {
            PlayOptions& options = given->options;
            options.seats = split_seats(given->seats);
            options.names = split_list(given->names);
            options.params = parse_params(given->params);
            if (*seed_opt) options.seed = parse_seed(given->seed, "--seed");
            if (!given->auto_pass.empty()) options.auto_pass = given->auto_pass == "on";
            return PlaySession(term, options).run();
          }};
}

}  // namespace bw::cli
