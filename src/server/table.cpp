#include "server/table.hpp"

#include <bit>
#include <boost/asio/post.hpp>

#include "core/errors.hpp"
#include "core/fnv1a.hpp"
#include "games/catalog.hpp"
#include "server/log.hpp"

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

Table::Table(TableContext& context, TableRow row, std::unique_ptr<AnyState> state, std::vector<std::string> actions)
    : context_(context),
      strand_(asio::make_strand(context.io)),
      row_(std::move(row)),
      state_(std::move(state)),
      actions_(std::move(actions)),
      seats_(row_.players.size()),
      bot_rng_(row_.seed, 0xb07) {
  make_bots();
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

void Table::update_summary() {
  Summary summary;
  summary.version = actions_.size();
  summary.finished = state_->is_terminal();
  summary.current = state_->current_player();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (!seats_[p].client.expired()) summary.connected |= 1u << p;
  summary.spectators = static_cast<int>(spectators_.size());
  summary.last_active = last_active_;
  std::lock_guard lock(summary_mutex_);
  summary_ = summary;
}

void Table::start() {
  asio::post(strand_, [self = shared_from_this()] { self->move_bot_if_due(); });
}

void Table::join(std::shared_ptr<Client> client, std::uint32_t seats) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client), seats] { self->do_join(client, seats); });
}

void Table::leave(std::shared_ptr<Client> client) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client)] { self->do_leave(client); });
}

void Table::act(std::shared_ptr<Client> client, ClientMessage message) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client), message = std::move(message)] {
    self->do_act(client, message);
  });
}

void Table::undo(std::shared_ptr<Client> client, ClientMessage message) {
  asio::post(strand_, [self = shared_from_this(), client = std::move(client), message = std::move(message)] {
    self->do_undo(client, message);
  });
}

void Table::close_all(const Frame& last) {
  asio::post(strand_, [self = shared_from_this(), last] { self->close_connections(last); });
}

void Table::close_connections(const Frame& last) {
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

std::uint32_t Table::seats_of(const Client* client) const {
  std::uint32_t seats = 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (holds(seats_[p].client, client)) seats |= 1u << p;
  return seats;
}

json Table::joined_message(std::uint32_t seats) const {
  json list = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    list.push_back({{"seat", p}, {"name", row_.names[p]}, {"agent", row_.players[p]}});
  json yours = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats & (1u << p)) yours.push_back(p);
  return {{"type", "joined"},        {"protocol", kProtocolVersion}, {"table", row_.id},
          {"game", row_.game},       {"params", row_.params},        {"seats", std::move(list)},
          {"you", std::move(yours)}, {"spectator", seats == 0},      {"hotseat", row_.hotseat}};
}

void Table::do_join(const std::shared_ptr<Client>& client, std::uint32_t seats) {
  last_active_ = std::chrono::steady_clock::now();
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    if (!(seats & (1u << p))) continue;
    auto holder = seats_[p].client.lock();
    if (holder && holder != client) {
      holder->close_with(make_frame(
          error_message("replaced", "another connection took seat " + std::to_string(p) + " (" + row_.names[p] + ")")));
      // The old connection leaves all its seats: one connection, one set of seats.
      for (auto& other : seats_)
        if (holds(other.client, holder.get())) other.client.reset();
      log("table {} seat {} ({}) taken over by a new connection", row_.id, p, row_.names[p]);
    }
    seats_[p].client = client;
  }
  if (seats == 0) spectators_.push_back(client);
  client->send(make_frame(joined_message(seats)));
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats & (1u << p))
      client->send(make_frame(
          state_frame(row_.id, static_cast<Player>(p), actions_.size(), *state_, row_.names, extras(false))));
  if (seats == 0)
    client->send(make_frame(state_frame(row_.id, kSpectator, actions_.size(), *state_, row_.names, extras(false))));
  log("table {} {} joined", row_.id, seats ? fmt::format("seats {:#x}", seats) : std::string("a spectator"));
  update_summary();
}

void Table::do_leave(const std::shared_ptr<Client>& client) {
  std::uint32_t seats = seats_of(client.get());
  for (auto& seat : seats_)
    if (holds(seat.client, client.get())) seat.client.reset();
  // Spectators that are gone without a word (their connection ended first) go too.
  auto before = spectators_.size();
  std::erase_if(spectators_,
                [&](const auto& spectator) { return spectator.expired() || holds(spectator, client.get()); });
  if (seats || spectators_.size() != before)
    log("table {} {} left", row_.id, seats ? fmt::format("seats {:#x}", seats) : std::string("a spectator"));
  update_summary();
  retire_if_done();
}

// Sends the client a refusal of its message (with the message's `ref`).
void Table::refuse(const std::shared_ptr<Client>& client, const ClientMessage& message, const Refusal& refusal) {
  client->send(make_frame(error_message(refusal.code, refusal.text, message.ref)));
}

// What an act and an undo are both refused for once the seat may make them:
// a finished game, a closed table, or a version the table has left behind.
// `what`: "action" or "undo".
std::optional<Table::Refusal> Table::out_of_date(const ClientMessage& message, const char* what) const {
  if (state_->is_terminal()) return Refusal{"game-over", "the game is over"};
  if (expired_) return Refusal{"table-expired", "this table was closed: nobody had moved for a long time"};
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
    return refuse(
        client, message,
        {"not-your-turn", "it is seat " + std::to_string(current) + "'s decision (" + row_.names[current] + ")"});
  if (!state_->is_legal(message.action)) {
    bool known = message.action < state_->num_distinct_actions();
    return refuse(client, message,
                  {"illegal-action", "action " + std::to_string(message.action) +
                                         (known ? " (" + state_->action_to_string(message.action) + ")" : "") +
                                         " is not legal now"});
  }
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
                                         " (" + row_.names[p] + ") is a person"});
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
  client->send(make_frame(ack_message(row_.id, actions_.size(), ref)));
  broadcast(false);  // the state as it was; its events were told before
  update_summary();
  move_bot_if_due();
}

void Table::commit(Player actor, Action action, std::shared_ptr<Client> client, json ref) {
  busy_ = true;
  // The state after the action is worked out now, so that the game's end is
  // stored in the same transaction as its last action.
  std::shared_ptr<AnyState> next = state_->clone();
  next->apply(action);  // legal: checked by do_act, or chosen by a bot from the legal list
  bool ends_game = next->is_terminal();
  auto done = [self = shared_from_this(), actor, action, next, client = std::move(client), ref = std::move(ref)](
                  bool ok, const std::string& error) mutable {
    asio::post(self->strand_, [self, actor, action, next, client = std::move(client), ref = std::move(ref), ok, error] {
      self->committed(actor, action, next, client, ref, ok, error);
    });
  };
  context_.store.append_action(row_.id, actions_.size(), state_->action_to_string(action), ends_game, std::move(done));
}

void Table::committed(Player actor, Action action, std::shared_ptr<AnyState> next,
                      const std::shared_ptr<Client>& client, const json& ref, bool ok, const std::string& error) {
  busy_ = false;
  if (!ok) {
    log("table {} could not save action {} of seat {}: {}", row_.id, actions_.size(), actor, error);
    if (client) client->send(make_frame(error_message("storage", "the action could not be saved: " + error, ref)));
    return;  // nothing applied; a bot would try again after a restart
  }
  actions_.push_back(state_->action_to_string(action));
  last_ = {actor, state_->action_targets({action}).front()};  // read from the actor's view, before the move
  state_ = std::move(next);
  last_active_ = std::chrono::steady_clock::now();
  for (auto& seat : seats_)
    if (seat.bot) seat.bot->observe(action, actor);
  if (context_.log_actions) log("table {} v{} seat {}: {}", row_.id, actions_.size(), actor, actions_.back());
  if (client) client->send(make_frame(ack_message(row_.id, actions_.size(), ref)));
  broadcast();
  update_summary();
  if (state_->is_terminal()) {
    auto winners = state_->winners();
    std::string names;
    for (Player w : winners) names += (names.empty() ? "" : ", ") + row_.names[w];
    log("table {} finished after {} actions; won by {}", row_.id, actions_.size(), names);
    retire_if_done();
    return;
  }
  move_bot_if_due();
}

FrameExtras Table::extras(bool with_events) const {
  return {.with_events = with_events, .ask = !lone_pass().has_value(), .last = last_};
}

void Table::broadcast(bool with_events) {
  const FrameExtras extra = extras(with_events);
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (auto client = seats_[p].client.lock())
      client->send(
          make_frame(state_frame(row_.id, static_cast<Player>(p), actions_.size(), *state_, row_.names, extra)));
  if (!spectators_.empty()) {
    Frame frame = make_frame(state_frame(row_.id, kSpectator, actions_.size(), *state_, row_.names, extra));
    for (auto& spectator : spectators_)
      if (auto client = spectator.lock()) client->send(frame);
  }
}

// One person among bots who can only pass (a Nice Try window without a Nice
// Try, a Wolf with no answer) is not asked: no other person could learn from
// how quickly the pass came, and the window costs the person a click for
// nothing. With two people at the table the question is always put, so the
// timing of an answer never tells anyone what a hand lacks.
std::optional<Action> Table::lone_pass() const {
  if (people_ != 1 || state_->is_terminal() || seats_[state_->current_player()].bot) return std::nullopt;
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
  if (busy_ || expired_ || state_->is_terminal()) return;
  Player current = state_->current_player();
  if (pass_for_lone_person(current)) return;
  if (!seats_[current].bot) return;
  busy_ = true;
  std::shared_ptr<const AnyState> snapshot = state_;  // never changed in place: no copy needed
  asio::post(context_.bots, [self = shared_from_this(), snapshot, current] {
    Action action = 0;
    try {
      action = self->seats_[current].bot->choose(*snapshot, self->bot_rng_);
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

void Table::retire_if_done() {
  if (retired_ || busy_ || !state_->is_terminal() || !spectators_.empty()) return;
  for (auto& seat : seats_)
    if (!seat.client.expired()) return;
  retired_ = true;
  if (on_retire) on_retire(row_.id);
}

}  // namespace bw::server
