#include "server/tables/table.hpp"

#include <bit>
#include <boost/asio/post.hpp>
#include <cassert>

#include "core/errors.hpp"
#include "core/fnv1a.hpp"
#include "games/catalog.hpp"
#include "server/log.hpp"
#include "server/tables/rated_result.hpp"

namespace bw::server {

namespace asio = boost::asio;
using json = nlohmann::json;

GameRecord record_of(const TableRow& row, std::vector<std::string> actions) {
  GameRecord record;
  record.game = row.game;
  record.params = row.params;
  record.seed = row.seed;
  record.players = row.players;
  record.names = row.names;
  record.actions = std::move(actions);
  return record;
}

Frame make_frame(const json& message) { return std::make_shared<const std::string>(message.dump()); }
Frame make_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

namespace {
bool holds(const std::weak_ptr<Client>& seat, const Client* client) { return client && seat.lock().get() == client; }
}  // namespace

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Table::Table(TableContext& context, TableRow row, std::unique_ptr<AnyState> state, std::vector<std::string> actions,
             const ActionClock& clock, std::vector<ChatLine> chat, std::vector<std::string> seat_accounts)
    : context_(context),
      strand_(asio::make_strand(context.io)),
      row_(std::move(row)),
      names_(row_.names),
      accounts_(std::move(seat_accounts)),
      state_(std::move(state)),
      actions_(std::move(actions)),
      seats_(row_.players.size()),
      bot_rng_(row_.seed, 0xb07),
      clocks_(row_.time, row_.players.size()),
      deadline_timer_(strand_),
      chat_(std::move(chat)) {
  accounts_.resize(seats_.size());
  next_chat_index_ = chat_.empty() ? 0 : chat_.back().index + 1;
  // A line stored before lines kept their name: the seat's name now is the best there is.
  for (ChatLine& line : chat_)
    if (line.name.empty() && line.seat >= 0 && static_cast<std::size_t>(line.seat) < names_.size())
      line.name = names_[line.seat];
  make_bots();
  update_summary(true);
  // A restored decision: its seat is charged up to the old server's last heartbeat, not for the outage.
  const std::int64_t now = now_ms();
  decision_started_ms_ = now;
  for (auto& seat : seats_) seat.gone_since_ms = now;  // nobody is connected yet: the away rule counts from now
  everyone_arrived_ = !actions_.empty() || people_ == 0;
  // Every seat's stored time comes back, whoever decides now (a bot's decision runs no clock).
  if (everyone_arrived_ && !state_->is_terminal()) {
    const Player current = state_->current_player();
    // The decision started at its move, or where an earlier restart resumed it.
    const std::int64_t started = std::max(clock.at_ms, row_.clock_resumed_ms);
    clocks_.restore(clock.left_ms, seats_[current].bot ? -1 : current, started,
                    context_.alive_ms > 0 ? context_.alive_ms : now, now);
    if (clocks_.running() >= 0) context_.store.resume_clock(row_.id, clocks_.started_ms());
  }
  update_summary();
}

// Bots start from the current state (a new game, a restored one, or one taken back by an undo).
void Table::make_bots() {
  people_ = 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (!is_human_spec(row_.players[p]))
      seats_[p].bot = make_agent(bounded_bot(row_.players[p], context_.bot_limits, context_.stop_bots), *state_);
    else ++people_;
}

Table::Summary Table::summary() const {
  std::lock_guard lock(summary_mutex_);
  return summary_;
}

// Called after every action: the names (strings) are copied only when they change.
void Table::update_summary(bool names_changed) {
  std::uint32_t connected = 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (!seats_[p].client.expired()) connected |= 1u << p;
  std::lock_guard lock(summary_mutex_);
  summary_.version = actions_.size();
  summary_.finished = state_->is_terminal();
  summary_.current = state_->current_player();
  summary_.connected = connected;
  summary_.spectators = static_cast<int>(spectators_.size());
  summary_.last_active = last_active_;
  if (names_changed) {
    summary_.names = names_;
    summary_.accounts = accounts_;
  }
}

std::uint32_t Table::seats_of_account(const std::string& account) const {
  std::lock_guard lock(summary_mutex_);
  std::uint32_t seats = 0;
  for (std::size_t p = 0; p < summary_.accounts.size(); ++p)
    if (!account.empty() && summary_.accounts[p] == account) seats |= 1u << p;
  return seats;
}

void Table::start() {
  asio::post(strand_, [self = shared_from_this()] {
    self->arm_deadline();
    self->move_bot_if_due();
  });
}

void Table::join(std::shared_ptr<Client> client, std::uint32_t seats, std::optional<std::string> name, json ref,
                 std::optional<Person> person) {
  asio::post(strand_,
             [self = shared_from_this(), client = std::move(client), seats, name = std::move(name),
              ref = std::move(ref), person = std::move(person)] { self->do_join(client, seats, name, ref, person); });
}

void Table::leave(std::shared_ptr<Client> client) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client)] { self->do_leave(client); });
}

void Table::receive(std::shared_ptr<Client> client, ClientMessage message) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client), message = std::move(message)] {
    switch (message.kind) {
      case ClientMessage::Kind::Act: return self->do_act(client, message);
      case ClientMessage::Kind::Undo: return self->do_undo(client, message);
      case ClientMessage::Kind::Chat: return self->do_chat(client, message);
      case ClientMessage::Kind::Name: return self->do_rename(client, message);
      case ClientMessage::Kind::Rematch: return self->do_rematch(client, message);
      case ClientMessage::Kind::Back: return self->do_back(client, message);
      case ClientMessage::Kind::Meter: return self->do_meter(client, message);
      case ClientMessage::Kind::Join:
      case ClientMessage::Kind::Ping: assert(false && "the connection handles join and ping itself"); return;
    }
  });
}

void Table::close_all(const Frame& last) {
  asio::post(strand_, [self = shared_from_this(), last] { self->close_connections(last); });
}

void Table::close_connections(const Frame& last) {
  deadline_timer_.cancel();
  for (auto& seat : seats_)
    if (auto client = std::exchange(seat.client, {}).lock()) client->close_with(last);
  for (auto& spectator : spectators_)
    if (auto client = spectator.lock()) client->close_with(last);
  spectators_.clear();
  update_summary();
}

void Table::expire() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->expired_ || self->busy_ || self->state_->is_terminal()) return;  // busy: something moves after all
    self->expired_ = true;
    self->context_.store.expire_table(self->row_.id, [self](bool ok, const std::string& error) {
      asio::post(self->strand_, [self, ok, error] {
        if (!ok) {  // it stays; the next sweep tries again
          log("table {} could not be marked expired: {}", self->row_.id, error);
          self->expired_ = false;
          return;
        }
        Frame last = make_frame(error_message(
            "table-expired",
            "nobody moved at this table for a long time, so it was closed; its record is at /api/tables/" +
                self->row_.id + "/record"));
        // Out of the lobby first: whoever is told "expired" must not still find it listed.
        self->retired_ = true;
        if (self->on_retire) self->on_retire(self->row_.id);
        self->close_connections(last);
      });
    });
  });
}

void Table::hand_over(Frame last) {
  asio::post(strand_, [self = shared_from_this(), last = std::move(last)] {
    if (self->handed_over_) return;
    self->handed_over_ = true;
    self->last_handover_ = last;
    if (!self->retired_) {
      self->retired_ = true;
      if (self->on_retire) self->on_retire(self->row_.id);
    }
    self->close_connections(last);
  });
}

std::uint32_t Table::seats_of(const Client* client) const {
  std::uint32_t seats = 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (holds(seats_[p].client, client)) seats |= 1u << p;
  return seats;
}

json Table::joined_message(std::uint32_t seats) const {
  json list = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    list.push_back({{"seat", p}, {"name", names_[p]}, {"agent", row_.players[p]}});
  json yours = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats & (1u << p)) yours.push_back(p);
  return {{"type", "joined"},
          {"protocol", kProtocolVersion},
          {"table", row_.id},
          {"game", row_.game},
          {"params", row_.params},
          {"seats", std::move(list)},
          {"you", std::move(yours)},
          {"spectator", seats == 0},
          {"hotseat", row_.hotseat},
          {"rated", row_.rated},
          {"time", time_control_json(row_.time)},
          {"chat", chat_allowed()},
          {"meter", !meter_refusal(seats)}};
}

void Table::do_join(const std::shared_ptr<Client>& client, std::uint32_t seats, const std::optional<std::string>& name,
                    const json& ref, const std::optional<Person>& person) {
  if (handed_over_) return client->close_with(last_handover_);  // it joined while the table left this node
  last_active_ = std::chrono::steady_clock::now();
  const std::optional<std::string> account_name = person ? bind_seat(seats, *person) : std::nullopt;
  json name_refused = nullptr;
  if (account_name) name_refused = name_on_join(seats, *account_name, ref, true);
  else if (name) name_refused = name_on_join(seats, *name, ref, false);
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    if (!(seats & (1u << p))) continue;
    auto holder = seats_[p].client.lock();
    if (holder && holder != client) {
      holder->close_with(make_frame(
          error_message("replaced", "another connection took seat " + std::to_string(p) + " (" + names_[p] + ")")));
      // The old connection leaves all its seats: one connection, one set of seats.
      for (auto& other : seats_)
        if (holds(other.client, holder.get())) other.client.reset();
      log("table {} seat {} ({}) taken over by a new connection", row_.id, p, names_[p]);
    }
    seats_[p].client = client;
  }
  if (seats == 0) spectators_.push_back(client);
  if (!everyone_arrived_) {
    bool all = true;
    for (std::size_t p = 0; p < seats_.size(); ++p) all = all && (seats_[p].bot || !seats_[p].client.expired());
    if (all) {
      everyone_arrived_ = true;
      decision_started(now_ms());
    }
  }
  take_back(seats);  // returning with the seat's link takes it back from a stand-in
  update_summary();  // before "joined" (see committed())
  client->send(make_frame(joined_message(seats)));
  // After "joined", which a page takes for "all is well".
  if (!name_refused.is_null()) client->send(make_frame(name_refused));
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats & (1u << p))
      client->send(
          make_frame(state_frame(row_.id, static_cast<Player>(p), actions_.size(), *state_, names(), extras(false))));
  if (seats == 0)
    client->send(make_frame(state_frame(row_.id, kSpectator, actions_.size(), *state_, names(), extras(false))));
  if (!chat_.empty()) client->send(make_frame(chat_history()));
  if (rematch_.is_object()) client->send(make_frame(rematch_offer()));
  log("table {} {} joined", row_.id, seats ? fmt::format("seats {:#x}", seats) : std::string("a spectator"));
  send_presence();                      // everybody, the newcomer included, sees who is here
  if (row_.time.timed()) send_clock();  // the last person to arrive starts the clocks
  arm_deadline();
}

void Table::do_leave(const std::shared_ptr<Client>& client) {
  std::uint32_t seats = seats_of(client.get());
  const std::int64_t now = now_ms();
  for (auto& seat : seats_)
    if (holds(seat.client, client.get())) {
      seat.client.reset();
      seat.gone_since_ms = now;
    }
  // Spectators that are gone without a word (their connection ended first) go too.
  auto before = spectators_.size();
  std::erase_if(spectators_,
                [&](const auto& spectator) { return spectator.expired() || holds(spectator, client.get()); });
  if (seats || spectators_.size() != before)
    log("table {} {} left", row_.id, seats ? fmt::format("seats {:#x}", seats) : std::string("a spectator"));
  update_summary();
  retire_if_done();
  if (retired_) return;
  send_presence();
  if (seats) arm_deadline();
}

// Sends the client a refusal of its message (with the message's `ref`).
void Table::refuse(const std::shared_ptr<Client>& client, const ClientMessage& message, const Refusal& refusal) const {
  if (context_.metrics) context_.metrics->refusals.inc(refusal.code);
  client->send(make_frame(error_message(refusal.code, refusal.text, message.ref)));
}

// What an act and an undo are both refused for once the seat may make them:
// a finished game, a closed table, or a version the table has left behind.
// `what`: "action" or "undo".
std::optional<Table::Refusal> Table::out_of_date(const ClientMessage& message, const char* what) const {
  if (state_->is_terminal()) return Refusal{"game-over", "the game is over"};
  if (expired_) return Refusal{"table-expired", "this table was closed: nobody had moved for a long time"};
  if (handed_over_) return Refusal{"moved", "this table is moving to another server: reconnect"};
  if (message.version != actions_.size())
    return Refusal{"stale", std::string("the ") + what + " was chosen at version " + std::to_string(message.version) +
                                " but the table is at version " + std::to_string(actions_.size())};
  return std::nullopt;
}

void Table::do_act(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  std::uint32_t seats = seats_of(client.get());
  if (seats == 0)
    return refuse(client, message,
                  {"not-seated", "this connection holds no seat at table " + row_.id + " (a spectator cannot act)"});
  int seat = message.seat;
  if (seat < 0) {
    if (std::popcount(seats) != 1)
      return refuse(client, message,
                    {"bad-message", "this connection holds several seats: say which one acts with \"seat\""});
    seat = std::countr_zero(seats);
  }
  if (seat >= static_cast<int>(seats_.size()) || !(seats & (1u << seat)))
    return refuse(client, message, {"not-your-seat", "seat " + std::to_string(seat) + " is not yours"});
  if (auto refusal = out_of_date(message, "action")) return refuse(client, message, *refusal);
  Player current = state_->current_player();
  if (current != seat)
    return refuse(client, message,
                  {"not-your-turn", "it is seat " + std::to_string(current) + "'s decision (" + names_[current] + ")"});
  if (!state_->is_legal(message.action)) {
    bool known = message.action < state_->num_distinct_actions();
    return refuse(client, message,
                  {"illegal-action", "action " + std::to_string(message.action) +
                                         (known ? " (" + state_->action_to_string(message.action) + ")" : "") +
                                         " is not legal now"});
  }
  if (seats_[seat].stand_in)
    return refuse(client, message,
                  {"stood-in", "a bot plays this seat since you were gone; send \"back\" to take it back"});
  // The seat's own earlier action is still being saved: this one was chosen on the old state.
  if (busy_)
    return refuse(client, message, {"stale", "another action of this seat is being saved; wait for the next state"});
  commit(static_cast<Player>(seat), message.action, client, message.ref);
}

// Undo is for practice against bots: with another person at the table it
// would take back their moves too, so it is refused there.
void Table::do_undo(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  std::uint32_t seats = seats_of(client.get());
  if (seats == 0)
    return refuse(client, message,
                  {"not-seated", "this connection holds no seat at table " + row_.id + " (a spectator cannot undo)"});
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (!(seats & (1u << p)) && !seats_[p].bot)
      return refuse(client, message,
                    {"undo-refused", "undo is offered only where every other seat is a bot; seat " + std::to_string(p) +
                                         " (" + names_[p] + ") is a person"});
  if (row_.time.timed())
    return refuse(client, message, {"undo-refused", "undo is not offered at a table with a clock"});
  if (auto refusal = out_of_date(message, "undo")) return refuse(client, message, *refusal);
  if (busy_) return refuse(client, message, {"stale", "a move is being made or saved; undo after the next state"});
  // Which seat made each action: the record replayed (a table keeps only the texts).
  GameRecord record = record_of(row_, actions_);
  std::size_t last_own = actions_.size();
  std::vector<Action> played;
  // A pass the table made for the person (pass_for_lone_person) is not a move
  // of theirs: taking it back would only see it made again.
  bool forced_pass = false;  // a game never opens on a reaction window
  replay(registry(), record, [&](std::size_t, Player actor, Action action, const AnyState& after) {
    if ((seats & (1u << actor)) && !forced_pass) last_own = played.size();
    played.push_back(action);
    const std::vector<Action> next = after.legal_actions();
    forced_pass = next.size() == 1 && after.is_pass(next.front());
  });
  if (last_own == actions_.size())
    return refuse(client, message, {"nothing-to-undo", "there is no move of yours to take back"});
  record.actions.resize(last_own);
  std::shared_ptr<AnyState> before = replay(registry(), record);
  // A take-back replays from the seed: a blind draw would come out the same
  // card again, so moves that showed this person anything hidden stay played.
  const std::vector<Action> taken_back(played.begin() + static_cast<std::ptrdiff_t>(last_own), played.end());
  Fnv1a table_key;
  table_key.add(row_.id);
  Rng worlds(table_key.value(), actions_.size());
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if ((seats & (1u << p)) && shows_hidden_to(*before, taken_back, static_cast<Player>(p), worlds))
      return refuse(
          client, message,
          {"undo-refused",
           "Undo refused: these moves showed you something hidden (a card drawn, taken or looked at, or what a "
           "bot holds); taking them back would let you play them again knowing it, so they stay played"});
  busy_ = true;
  auto done = [self = shared_from_this(), last_own, before, client, ref = message.ref](bool ok,
                                                                                       const std::string& error) {
    asio::post(self->strand_, [self, last_own, before, client, ref, ok, error] {
      self->undone(last_own, before, client, ref, ok, error);
    });
  };
  context_.store.truncate_actions(row_.id, last_own, std::move(done));
}

void Table::undone(std::size_t keep, std::shared_ptr<AnyState> state, const std::shared_ptr<Client>& client,
                   const json& ref, bool ok, const std::string& error) {
  busy_ = false;
  if (!ok) {
    log("table {} could not undo back to version {}: {}", row_.id, keep, error);
    client->send(make_frame(error_message("storage", "the undo could not be saved: " + error, ref)));
    return;
  }
  log("table {} undo: back from version {} to {}", row_.id, actions_.size(), keep);
  actions_.resize(keep);
  state_ = std::move(state);
  last_ = {};
  make_bots();
  decision_started(now_ms());
  update_summary();  // before anyone hears of the undo (see committed())
  client->send(make_frame(ack_message(row_.id, actions_.size(), ref)));
  broadcast(false);  // the state as it was; its events were told before
  if (row_.time.timed()) send_clock();
  move_bot_if_due();
}

void Table::commit(Player actor, Action action, std::shared_ptr<Client> client, json ref) {
  if (handed_over_) return;  // a bot's move that arrived after the hand-over: the next node decides again
  busy_ = true;
  // The state after the action is worked out now, so that the game's end is
  // stored in the same transaction as its last action.
  std::shared_ptr<AnyState> next = state_->clone();
  next->apply(action);  // legal: checked by do_act, or chosen by a bot from the legal list
  bool ends_game = next->is_terminal();
  const std::int64_t made_ms = now_ms();
  ActionClock clock;
  if (row_.time.timed()) {
    // The clocks as the move leaves them, stored with it. The table's own
    // change waits for the commit: a clock message sent meanwhile, or a write
    // that fails, must not show a move the store does not hold.
    SeatClocks after = clocks_;
    after.moved(made_ms);  // a bot's or stand-in's move: no clock ran, nothing is charged
    clock.at_ms = made_ms;
    clock.left_ms = after.snapshot(made_ms);
  }
  auto done = [self = shared_from_this(), actor, action, next, client = std::move(client), ref = std::move(ref),
               made_ms](bool ok, const std::string& error) mutable {
    asio::post(self->strand_, [self, actor, action, next, client = std::move(client), ref = std::move(ref), made_ms, ok,
                               error] { self->committed(actor, action, next, client, ref, made_ms, ok, error); });
  };
  context_.store.append_action(row_.id, actions_.size(), state_->action_to_string(action), ends_game, std::move(clock),
                               std::move(done), ends_game ? rating_at(*next, made_ms) : GameRating{});
}

GameRating Table::rating_at(const AnyState& end, std::int64_t at_ms) const {
  std::vector<RatedSeat> seats;
  seats.reserve(seats_.size());
  for (std::size_t p = 0; p < seats_.size(); ++p)
    seats.push_back({accounts_[p], !seats_[p].bot, seats_[p].stand_in != nullptr});
  return rated_result(row_.rated, row_.game, end, seats, at_ms);
}

void Table::committed(Player actor, Action action, std::shared_ptr<AnyState> next,
                      const std::shared_ptr<Client>& client, const json& ref, std::int64_t made_ms, bool ok,
                      const std::string& error) {
  busy_ = false;
  if (!ok) {
    log("table {} could not save action {} of seat {}: {}", row_.id, actions_.size(), actor, error);
    if (context_.metrics) context_.metrics->refusals.inc("storage");
    if (client) client->send(make_frame(error_message("storage", "the action could not be saved: " + error, ref)));
    return;  // nothing applied; a bot would try again after a restart
  }
  if (context_.metrics) context_.metrics->actions.inc();
  actions_.push_back(state_->action_to_string(action));
  last_ = {actor, state_->action_targets({action}).front()};  // read from the actor's view, before the move
  state_ = std::move(next);
  last_active_ = std::chrono::steady_clock::now();
  for (auto& seat : seats_) {
    if (seat.bot) seat.bot->observe(action, actor);
    if (seat.stand_in) seat.stand_in->observe(action, actor);
  }
  if (context_.log_actions) log("table {} v{} seat {}: {}", row_.id, actions_.size(), actor, actions_.back());
  // The summary first: a person who has just seen the game end may at once
  // ask for a new table, and the hub must count this one as finished then.
  update_summary();
  if (client) client->send(make_frame(ack_message(row_.id, actions_.size(), ref)));
  clocks_.moved(made_ms);
  decision_started(made_ms);
  broadcast();
  if (row_.time.timed()) send_clock_at(made_ms);  // the move's moment, stored with it
  if (state_->is_terminal()) {
    auto winners = state_->winners();
    std::string winner_names;
    for (Player w : winners) winner_names += (winner_names.empty() ? "" : ", ") + names_[w];
    log("table {} finished after {} actions; won by {}", row_.id, actions_.size(), winner_names);
    if (row_.rated && context_.rated_game_ended) context_.rated_game_ended(row_.id);
    retire_if_done();
    return;
  }
  move_bot_if_due();
}

FrameExtras Table::extras(bool with_events) const {
  const bool stood_in = !state_->is_terminal() && seats_[state_->current_player()].stand_in != nullptr;
  return {.with_events = with_events, .ask = !stood_in && !lone_pass().has_value(), .last = last_};
}

void Table::broadcast(bool with_events) {
  const FrameExtras extra = extras(with_events);
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (auto client = seats_[p].client.lock())
      client->send(make_frame(state_frame(row_.id, static_cast<Player>(p), actions_.size(), *state_, names(), extra)));
  if (!spectators_.empty()) {
    Frame frame = make_frame(state_frame(row_.id, kSpectator, actions_.size(), *state_, names(), extra));
    for (auto& spectator : spectators_)
      if (auto client = spectator.lock()) client->send(frame);
  }
  read_meter();
}

// One person among bots who can only pass (a Nice Try window without a Nice
// Try, a Wolf with no answer) is not asked: no other person could learn from
// how quickly the pass came, and the window costs the person a click for
// nothing. With two people at the table the question is always put, so the
// timing of an answer never tells anyone what a hand lacks.
std::optional<Action> Table::lone_pass() const {
  if (people_ != 1 || state_->is_terminal() || agent_for(state_->current_player())) return std::nullopt;
  const std::vector<Action> legal = state_->legal_actions();
  if (legal.size() != 1 || !state_->is_pass(legal.front())) return std::nullopt;
  return legal.front();
}

// The person is sent the state without the question (extras: ask), then the pass.
bool Table::pass_for_lone_person(Player current) {
  const std::optional<Action> pass = lone_pass();
  if (!pass) return false;
  commit(current, *pass, nullptr, nullptr);
  return true;
}

void Table::move_bot_if_due() {
  if (busy_ || expired_ || handed_over_ || state_->is_terminal()) return;
  Player current = state_->current_player();
  if (pass_for_lone_person(current)) return;
  std::shared_ptr<Agent> agent = agent_for(current);
  if (!agent) return;
  busy_ = true;
  std::shared_ptr<const AnyState> snapshot = state_;  // never changed in place: no copy needed
  ServerMetrics* metrics = context_.metrics;
  if (metrics) ++metrics->bots_waiting;
  // The agent is held here: a person taking their seat back drops its stand-in while it thinks.
  asio::post(context_.bots, [self = shared_from_this(), snapshot, current, agent, metrics] {
    Action action = 0;
    if (metrics) --metrics->bots_waiting;
    const auto thinking = std::chrono::steady_clock::now();
    try {
      action = agent->choose(*snapshot, self->bot_rng_);
      if (metrics) metrics->bot_think_seconds.observe(std::chrono::steady_clock::now() - thinking);
    } catch (const std::exception& e) {
      log("table {} bot at seat {} failed: {}", self->row_.id, current, e.what());
      asio::post(self->strand_, [self] { self->busy_ = false; });
      return;
    }
    // A search cut short by shutdown chose in haste: the restarted server thinks again.
    if (self->context_.stop_bots && self->context_.stop_bots->load()) return;
    asio::post(self->strand_, [self, current, action] { self->commit(current, action, nullptr, nullptr); });
  });
}

std::shared_ptr<Agent> Table::agent_for(Player seat) const {
  const Seat& at = seats_[static_cast<std::size_t>(seat)];
  return at.bot ? at.bot : at.stand_in;
}

void Table::retire_if_done() {
  if (retired_ || busy_ || !state_->is_terminal() || !spectators_.empty()) return;
  for (auto& seat : seats_)
    if (!seat.client.expired()) return;
  retired_ = true;
  deadline_timer_.cancel();
  if (on_retire) on_retire(row_.id);
}

}  // namespace bw::server
