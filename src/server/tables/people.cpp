// The people around a table: names, who is here, chat, the rematch, and a
// seat whose person is gone (docs/protocol.md, "People at the table").
// Everything here runs on the table's strand, like table.cpp.
#include <algorithm>
#include <bit>
#include <boost/asio/post.hpp>

#include "agents/agent.hpp"
#include "core/outside_text.hpp"
#include "server/errors.hpp"
#include "server/log.hpp"
#include "server/tables/seat_names.hpp"
#include "server/tables/table.hpp"

namespace bw::server {

namespace asio = boost::asio;
using json = nlohmann::json;

namespace {
json chat_line_json(const ChatLine& line) {
  return {{"index", line.index}, {"seat", line.seat}, {"name", line.name}, {"text", line.text}, {"at", line.at_ms}};
}
}  // namespace

// Once per connection, though a hot-seat connection holds several seats.
void Table::send_to_all(const Frame& frame) {
  std::vector<const Client*> sent;
  for (auto& seat : seats_)
    if (auto client = seat.client.lock()) {
      if (std::find(sent.begin(), sent.end(), client.get()) != sent.end()) continue;
      sent.push_back(client.get());
      client->send(frame);
    }
  for (auto& spectator : spectators_)
    if (auto client = spectator.lock()) client->send(frame);
}

json Table::chat_history() const {
  json lines = json::array();
  for (const ChatLine& line : chat_) lines.push_back(chat_line_json(line));
  return {{"type", "chat-history"}, {"lines", std::move(lines)}};
}

json Table::presence_message() const {
  json seats = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    const Seat& seat = seats_[p];
    seats.push_back({{"seat", p},
                     {"name", names_[p]},
                     {"agent", row_.players[p]},
                     {"connected", !seat.client.expired()},
                     {"stand_in", seat.stood_in_because ? json(seat.stood_in_because) : json(nullptr)}});
  }
  return {{"type", "presence"}, {"seats", std::move(seats)}, {"spectators", spectators_.size()}};
}

void Table::send_presence() { send_to_all(make_frame(presence_message())); }

// --- Names ---------------------------------------------------------------

// A person names their seat; throws ProtocolError when another seat has the
// name, or one like it (seat_names.hpp). The moves on offer name the seats
// (their labels): every connection is sent the state again, nothing new in it.
void Table::rename_seat(int seat, const std::string& name) {
  check_seat_name(names_, static_cast<std::size_t>(seat), name, true);
  if (names_[seat] == name) return;
  log("table {} seat {} is now named {}", row_.id, seat, excerpt(name));
  names_[seat] = name;
  context_.store.rename_seats(row_.id, names_, [id = row_.id](bool ok, const std::string& error) {
    if (!ok) log("table {}: a seat's new name could not be saved: {}", id, error);
  });
  update_summary(true);
  broadcast(false);
}

// A friend who opens an invite names the seat it opens, if nobody has named
// it yet (a connection holding one seat: a hot-seat connection's seats were
// named at creation). The seat's name is the seat's: the same link opened in
// another browser, which remembers another name, does not rename it; only a
// `name` message does. The refusal of a name another seat has, or null.
// Called before the connection takes its seats, so the state sent again
// after a rename goes to the others; the newcomer's own comes with "joined".
nlohmann::json Table::name_on_join(std::uint32_t seats, const std::string& name, const json& ref, bool account_name) {
  if (std::popcount(seats) != 1) return nullptr;
  const int seat = std::countr_zero(seats);
  if (!account_name && names_[seat] != default_seat_name(static_cast<std::size_t>(seat))) return nullptr;
  try {
    rename_seat(seat, name);
  } catch (const ProtocolError& e) {
    if (context_.metrics) context_.metrics->refusals.inc(e.code);
    return error_message(e.code, std::string(e.what()) + " (the seat keeps its name)", ref);
  }
  return nullptr;
}

// A signed-in person opening a seat with its link (or with nothing, when it
// is theirs already) makes it their account's: from then on it opens to
// them from any device, and carries their account's name. A seat bound to
// someone else stays theirs: the link still plays it (whoever holds a seat's
// link may play it), but does not take it over.
std::optional<std::string> Table::bind_seat(std::uint32_t seats, const Person& person) {
  if (std::popcount(seats) != 1) return std::nullopt;
  const int seat = std::countr_zero(seats);
  if (seats_[seat].bot) return std::nullopt;
  if (accounts_[seat].empty()) {
    accounts_[seat] = person.account;
    log("table {} seat {} is bound to an account", row_.id, seat);
    context_.store.bind_seat(row_.id, seat, person.account, [id = row_.id](bool ok, const std::string& error) {
      if (!ok) log("table {}: a seat's account could not be saved: {}", id, error);
    });
    update_summary(true);
  }
  if (accounts_[seat] != person.account) return std::nullopt;
  return person.name;
}

void Table::take_open_seat(int seat, Person person, std::function<void(std::optional<ProtocolError>)> done) {
  asio::post(strand_, [self = shared_from_this(), seat, person = std::move(person), done = std::move(done)] {
    auto refuse = [&](const std::string& text) { done(ProtocolError("seat-taken", text)); };
    if (seat < 0 || static_cast<std::size_t>(seat) >= self->seats_.size() || !(self->row_.open_seats >> seat & 1u))
      return refuse("seat " + std::to_string(seat) + " of table " + self->row_.id + " is not an open seat");
    if (self->state_->is_terminal()) return refuse("the game at table " + self->row_.id + " is over");
    if (!self->accounts_[seat].empty()) return refuse("somebody took that seat a moment ago");
    if (std::find(self->accounts_.begin(), self->accounts_.end(), person.account) != self->accounts_.end())
      return refuse("you have a seat at this table already");
    try {
      self->rename_seat(seat, person.name);  // throws name-taken: a guest's seat here has the name
    } catch (const ProtocolError& e) {
      return done(e);
    }
    self->accounts_[seat] = person.account;
    self->update_summary(true);
    log("table {} seat {} was taken from the lobby", self->row_.id, seat);
    self->context_.store.bind_seat(
        self->row_.id, seat, person.account,
        [done](bool ok, const std::string& error) {
          if (ok) done(std::nullopt);
          else done(ProtocolError("storage", "the seat could not be saved: " + error));
        },
        true);
  });
}

void Table::do_rename(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (std::popcount(seats) != 1)
    return refuse(client, message,
                  {"not-seated",
                   seats ? "a connection holding several seats cannot rename one" : "a spectator has no seat to name"});
  if (!accounts_[std::countr_zero(seats)].empty())
    return refuse(client, message,
                  {"bad-name", "this seat belongs to an account and carries its name; it is not renamed here"});
  try {
    rename_seat(std::countr_zero(seats), *message.name);
  } catch (const ProtocolError& e) {
    return refuse(client, message, {e.code, e.what()});
  }
  client->send(make_frame(ack_message(row_.id, actions_.size(), message.ref)));
  send_presence();
}

// --- Chat ------------------------------------------------------------------

void Table::do_chat(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (seats == 0)
    return refuse(client, message, {"not-seated", "spectators read the chat; only the seated people write in it"});
  if (!chat_allowed())
    return refuse(client, message, {"no-chat", "there is no chat at a table of one person and bots"});
  const int seat = message.seat >= 0 ? message.seat : std::countr_zero(seats);
  if (seat >= static_cast<int>(seats_.size()) || !(seats & (1u << seat)))
    return refuse(client, message, {"not-your-seat", "seat " + std::to_string(seat) + " is not yours"});
  if (auto problem = one_line_problem(message.text, kMaxChatChars); !problem.empty())
    return refuse(client, message, {"bad-chat", "the line " + problem});
  if (next_chat_index_ >= kMaxChatLines)
    return refuse(client, message,
                  {"chat-full", "this table's chat holds " + std::to_string(kMaxChatLines) + " lines; it is full"});
  if (!seats_[seat].chat_lines.take(std::chrono::steady_clock::now()))
    return refuse(
        client, message,
        {"chat-rate", "too many lines: " + std::to_string(static_cast<int>(kChatBurst)) + " at once, then one every " +
                          std::to_string(static_cast<int>(kChatSecondsPerLine)) + " s; this one was not sent"});
  // Under the name the seat has now: a later name does not rewrite what was said.
  ChatLine line{next_chat_index_++, seat, message.text, now_ms(), names_[seat]};
  context_.store.append_chat(
      row_.id, line, [self = shared_from_this(), line, client, ref = message.ref](bool ok, const std::string& error) {
        asio::post(self->strand_,
                   [self, line, client, ref, ok, error] { self->chat_stored(line, client, ref, ok, error); });
      });
}

// The line is said once it is stored: a restart never loses a line someone saw.
void Table::chat_stored(ChatLine line, const std::shared_ptr<Client>& client, const json& ref, bool ok,
                        const std::string& error) {
  if (!ok) {
    log("table {} could not save a chat line: {}", row_.id, error);
    client->send(make_frame(error_message("storage", "the line could not be saved: " + error, ref)));
    return;
  }
  client->send(make_frame(ack_message(row_.id, actions_.size(), ref)));
  json message = chat_line_json(line);
  message["type"] = "chat";
  chat_.push_back(std::move(line));
  send_to_all(make_frame(message));
}

// --- Rematch -----------------------------------------------------------------

void Table::do_rematch(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (seats == 0)
    return refuse(client, message,
                  {"not-seated", "the players ask for a rematch; a spectator is sent its link when it is made"});
  if (!state_->is_terminal())
    return refuse(client, message, {"not-finished", "a rematch is offered once the game is over"});
  if (!make_rematch) return refuse(client, message, {"rematch-failed", "this server makes no rematches"});
  if (rematch_.is_object()) return give_rematch(client, seats, message.ref);
  rematch_waiting_.push_back({client, seats, message.ref});
  if (rematch_asked_) return;
  rematch_asked_ = true;
  try {
    make_rematch(rematch_request(), client->address(),
                 [self = shared_from_this()](std::optional<json> answer, std::string error) {
                   asio::post(self->strand_, [self, answer = std::move(answer), error = std::move(error)] {
                     self->rematch_made(answer, error);
                   });
                 });
  } catch (const Error& e) {
    // Refused before anything was stored: the asker is the only one waiting, and the next asker tries again.
    rematch_asked_ = false;
    rematch_waiting_.clear();
    client->send(make_frame(rematch_refusal(e, message.ref)));
  }
}

json Table::rematch_request() const {
  json request = time_control_request(row_.time);
  request["game"] = row_.game;
  request["params"] = row_.params;
  request["public"] = row_.is_public;
  request["hotseat"] = row_.hotseat;
  if (row_.rated) request["rated"] = true;
  request["seats"] = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    request["seats"].push_back({{"agent", row_.players[p]}, {"name", names_[p]}});
  return request;
}

// Over the asker's own limits, they are told which and when to ask again; anything else is the server's.
json Table::rematch_refusal(const Error& error, const json& ref) const {
  json refusal;
  if (const auto* over = dynamic_cast<const OverLimit*>(&error)) {
    refusal = error_message(over->code, std::string("no rematch now: ") + over->what(), ref);
    if (over->retry_seconds > 0) refusal["retry_ms"] = over->retry_seconds * 1000;
  } else {
    refusal = error_message("rematch-failed", std::string("the rematch could not be made: ") + error.what(), ref);
  }
  if (context_.metrics) context_.metrics->refusals.inc(refusal["code"].get<std::string>());
  return refusal;
}

void Table::rematch_made(std::optional<json> answer, const std::string& error) {
  std::vector<RematchWaiter> waiting = std::exchange(rematch_waiting_, {});
  if (!answer) {
    rematch_asked_ = false;  // the next request tries again
    log("table {}: the rematch could not be made: {}", row_.id, error);
    for (const auto& waiter : waiting)
      if (auto client = waiter.client.lock())
        client->send(
            make_frame(error_message("rematch-failed", "the rematch could not be made: " + error, waiter.ref)));
    return;
  }
  rematch_ = std::move(*answer);
  log("table {}: rematch at table {}", row_.id, rematch_["table"].get<std::string>());
  for (const auto& waiter : waiting)
    if (auto client = waiter.client.lock()) give_rematch(client, waiter.seats, waiter.ref);
}

// The asker's link to the new table: its seat's invite, or the hot-seat link
// for a connection holding several seats. Everyone then sees who accepted.
void Table::give_rematch(const std::shared_ptr<Client>& client, std::uint32_t seats, const json& ref) {
  json link;
  if (std::popcount(seats) > 1 && rematch_.contains("hotseat")) {
    link = rematch_["hotseat"];
  } else {
    for (const json& invite : rematch_["invites"])
      if (invite["seat"] == std::countr_zero(seats)) link = invite;
  }
  if (link.is_null()) {
    client->send(make_frame(error_message("rematch-failed", "the rematch has no seat for you", ref)));
    return;
  }
  rematch_accepted_ |= seats;
  json yours{{"type", "rematch"}, {"table", rematch_["table"]}, {"url", link["url"]}, {"token", link["token"]}};
  if (!ref.is_null()) yours["ref"] = ref;
  client->send(make_frame(yours));
  send_to_all(make_frame(rematch_offer()));
}

json Table::rematch_offer() const {
  json accepted = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (rematch_accepted_ >> p & 1u) accepted.push_back(p);
  return {{"type", "rematch-offer"},
          {"table", rematch_["table"]},
          {"accepted", std::move(accepted)},
          {"spectator", rematch_["spectator"]["url"]}};
}

// --- A seat whose person is gone ---------------------------------------------

void Table::stand_in_for(Player seat, const char* because) {
  clocks_.stop(now_ms());
  Seat& at = seats_[static_cast<std::size_t>(seat)];
  at.stand_in = make_agent(bounded_bot(row_.time.stand_in, context_.bot_limits, context_.stop_bots), *state_);
  at.stood_in_because = because;
  log("table {} seat {} ({}) is played by a bot ({}): {}", row_.id, seat, names_[seat], row_.time.stand_in,
      std::string(because) == "clock" ? "out of time" : "away on their decision");
  send_to_all(make_frame(json{{"type", "stand-in"},
                              {"seat", seat},
                              {"name", names_[seat]},
                              {"because", because},
                              {"bot", row_.time.stand_in}}));
  send_presence();
  // The seat's person, if still connected, is asked nothing any more.
  if (auto client = at.client.lock())
    client->send(make_frame(state_frame(row_.id, seat, actions_.size(), *state_, names(), extras(false))));
  if (row_.time.timed()) send_clock();
  move_bot_if_due();
}

bool Table::take_back(std::uint32_t seats) {
  bool any = false;
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    Seat& seat = seats_[p];
    if (!(seats >> p & 1u) || !seat.stand_in) continue;
    seat.stand_in.reset();  // a move it is thinking about still lands: it holds its own reference
    seat.stood_in_because = nullptr;
    any = true;
    log("table {} seat {} ({}) is back", row_.id, p, names_[p]);
  }
  if (any && !busy_ && !state_->is_terminal() && (seats >> state_->current_player() & 1u)) decision_started(now_ms());
  return any;
}

void Table::do_back(const std::shared_ptr<Client>& client, const ClientMessage& message) {
  const std::uint32_t seats = seats_of(client.get());
  if (seats == 0) return refuse(client, message, {"not-seated", "this connection holds no seat"});
  if (!take_back(seats)) return refuse(client, message, {"not-stood-in", "no bot plays your seat: it is yours"});
  client->send(make_frame(ack_message(row_.id, actions_.size(), message.ref)));
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats >> p & 1u)
      client->send(
          make_frame(state_frame(row_.id, static_cast<Player>(p), actions_.size(), *state_, names(), extras(false))));
  send_presence();
  if (row_.time.timed()) send_clock();
}

}  // namespace bw::server
