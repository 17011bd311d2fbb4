#pragma once
// One table: a game, its seats and their connections, owned by one strand
// (an actor). Everything that touches the state runs on that strand, so no
// lock guards it; bots think on a separate pool and post their move back.
// An action is applied, acknowledged and broadcast only after the store has
// made it durable.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "core/any_state.hpp"
#include "core/record.hpp"
#include "core/rng.hpp"
#include "server/guard/bot_limits.hpp"
#include "server/guard/token_bucket.hpp"
#include "server/metrics/server_metrics.hpp"
#include "server/store/store.hpp"
#include "server/tables/seat_clocks.hpp"
#include "server/tables/time_control.hpp"
#include "server/ws/protocol.hpp"

namespace bw::server {

// A table's game as a record: its row and the actions played so far.
GameRecord record_of(const TableRow& row, std::vector<std::string> actions);

using Frame = std::shared_ptr<const std::string>;
Frame make_frame(const nlohmann::json& message);
Frame make_frame(std::string text);

// A connection as a table sees it. Both calls are thread-safe and return at once.
class Client {
 public:
  virtual ~Client() = default;
  virtual void send(Frame frame) = 0;
  // Sends `last` and closes the connection (a newer connection took its seat).
  virtual void close_with(Frame last) = 0;
  // Who it is for the per-address limits (ClientLimits): a rematch it asks for is its table.
  virtual const std::string& address() const = 0;
};

// A signed-in person (docs/protocol.md, "A seat and an account"): the
// account that a seat they open with its link is bound to, and the name that seat then carries.
struct Person {
  std::string account;  // AccountRow::id
  std::string name;
};

// The seed of the coach's meter reading at `version` of `table`: the same table and move read the same.
std::uint64_t meter_seed(const std::string& table, std::uint64_t version);

// Unix milliseconds: clocks are kept in wall time so that a stored one means the same after a restart.
std::int64_t wall_ms();

struct TableContext {
  boost::asio::io_context& io;
  boost::asio::thread_pool& bots;
  Store& store;
  bool log_actions = false;
  BotLimits bot_limits{};
  const std::atomic<bool>* stop_bots = nullptr;        // set at shutdown: searches end at once
  std::int64_t alive_ms = 0;                           // the old server's last heartbeat (restored clocks stop there)
  ServerMetrics* metrics = nullptr;                    // GET /metrics (null in tests that do not count)
  std::function<std::int64_t()> wall_clock = wall_ms;  // unix ms (tests inject one: ServeOptions::wall_clock)
  bool beats = true;  // the store keeps this server's heartbeat (a single server: nodes do not beat)
  std::function<void(const std::string& table)> rated_game_ended =
      nullptr;            // once its end is stored (the post-game analysis)
  int meter_worlds = 32;  // the coach's meter: worlds a reading (0: no meter)
};

// Chat: a line is at most this many characters, a seat may send a burst of
// kChatBurst lines and then one every kChatSecondsPerLine, a table keeps kMaxChatLines.
inline constexpr std::size_t kMaxChatChars = 280;
inline constexpr double kChatBurst = 5;
inline constexpr double kChatSecondsPerLine = 2;
inline constexpr std::size_t kMaxChatLines = 1000;

class Table : public std::enable_shared_from_this<Table> {
 public:
  // `state` has `actions` already applied (a new game has none); `clock` and
  // `chat` as stored (a restored table), empty for a new one.
  // `seat_accounts`: per seat, the account bound to it ("" none; empty: none at all).
  Table(TableContext& context, TableRow row, std::unique_ptr<AnyState> state, std::vector<std::string> actions,
        const ActionClock& clock = {}, std::vector<ChatLine> chat = {}, std::vector<std::string> seat_accounts = {});

  const TableRow& row() const { return row_; }  // never changes (the names as created: Summary has them now)
  const std::string& id() const { return row_.id; }

  // Every call below posts to the table's strand and returns at once.
  void start();  // a bot whose turn it is starts thinking
  // No seats: a spectator. `name`: the person names their seat (a connection
  // holding one seat), unless another seat has that name; its refusal carries `ref`.
  // `person`: the connection is signed in; the one seat it opens becomes
  // their account's, unless it is already someone's, and carries its name.
  void join(std::shared_ptr<Client> client, std::uint32_t seats, std::optional<std::string> name = {},
            nlohmann::json ref = nullptr, std::optional<Person> person = {});
  void leave(std::shared_ptr<Client> client);
  // A joined connection's message, handled on the strand by its kind: act;
  // undo (takes back the connection's last action and every bot action after
  // it, only where every other seat is a bot: docs/protocol.md); chat; name
  // (the person names their seat); rematch (at the end, a new table of the
  // same game, parameters and seats, each person who asks getting their
  // seat's link); back (a person whose seat a bot plays takes it back, as
  // joining with the seat's link does).
  void receive(std::shared_ptr<Client> client, ClientMessage message);
  // A signed-in person takes the open seat `seat` from the lobby
  // (docs/protocol.md, "Meeting people"): it becomes their account's, under
  // its name, once stored. `done` gets nullopt, or the refusal (any thread).
  void take_open_seat(int seat, Person person, std::function<void(std::optional<ProtocolError>)> done);
  void close_all(const Frame& last);  // server shutdown
  // Nobody acts here any more: stored as expired, connections told and closed, then on_retire.
  void expire();
  // Another node runs this table from now on (this one lost its lease, or
  // drains): nothing more is stored here, connections get `last` and close,
  // then on_retire.
  void hand_over(Frame last);

  // Called (on the strand) when the game is over and nobody is connected: the hub forgets the table.
  std::function<void(const std::string& id)> on_retire;
  // Creates the rematch table from a create request for `asker` (an address):
  // throws what Hub::create throws (OverLimit: the asker's limits), else
  // `done` gets the answer (links) or the reason it was not stored (any thread).
  std::function<void(const nlohmann::json& request, const std::string& asker,
                     std::function<void(std::optional<nlohmann::json>, std::string)> done)>
      make_rematch;

  struct Summary {
    std::uint64_t version = 0;
    bool finished = false;
    std::uint32_t connected = 0;  // a bit per seat with a connection
    int spectators = 0;
    int current = -1;
    std::vector<std::string> names;                     // as the people named their seats
    std::vector<std::string> accounts;                  // per seat, the account bound to it ("" none)
    std::chrono::steady_clock::time_point last_active;  // the last action or join (or the table's start this run)
  };
  Summary summary() const;                                           // any thread
  std::uint32_t seats_of_account(const std::string& account) const;  // any thread: a bit per seat bound to it

 private:
  // A connection owns its table (it sends to it); the table only refers to its
  // connections, so the two never keep each other alive.
  struct Seat {
    std::shared_ptr<Agent> bot;  // null for a person
    std::weak_ptr<Client> client;
    // A person who is gone (away on their decision, or out of time) has a bot play for them until they are back.
    std::shared_ptr<Agent> stand_in;
    const char* stood_in_because = nullptr;  // "away", "clock"
    std::int64_t gone_since_ms = 0;          // when its last connection left
    TokenBucket chat_lines{1 / kChatSecondsPerLine, kChatBurst, std::chrono::steady_clock::now()};
  };
  void do_join(const std::shared_ptr<Client>& client, std::uint32_t seats, const std::optional<std::string>& name,
               const nlohmann::json& ref, const std::optional<Person>& person);
  // The one seat of `seats` becomes `person`'s account's if nobody's yet; the name it should carry, if any.
  std::optional<std::string> bind_seat(std::uint32_t seats, const Person& person);
  void do_leave(const std::shared_ptr<Client>& client);
  void close_connections(const Frame& last);  // every seat and spectator, with `last` as their final frame
  void do_act(const std::shared_ptr<Client>& client, const ClientMessage& message);
  void do_undo(const std::shared_ptr<Client>& client, const ClientMessage& message);
  // An act or an undo refused: its error code and the text the client is sent.
  struct Refusal {
    std::string code;
    std::string text;
  };
  void refuse(const std::shared_ptr<Client>& client, const ClientMessage& message, const Refusal& refusal) const;
  std::optional<Refusal> out_of_date(const ClientMessage& message, const char* what) const;
  void undone(std::size_t keep, std::shared_ptr<AnyState> state, const std::shared_ptr<Client>& client,
              const nlohmann::json& ref, bool ok, const std::string& error);
  void make_bots();
  void commit(Player actor, Action action, std::shared_ptr<Client> client, nlohmann::json ref);
  GameRating rating_at(const AnyState& end, std::int64_t at_ms) const;  // a rated game's places at its end
  // `made_ms`: when the move was made; the next decision's clock counts from it, live and after a restart.
  void committed(Player actor, Action action, std::shared_ptr<AnyState> next, const std::shared_ptr<Client>& client,
                 const nlohmann::json& ref, std::int64_t made_ms, bool ok, const std::string& error);
  void broadcast(bool with_events = true);
  void move_bot_if_due();
  std::shared_ptr<Agent> agent_for(Player seat) const;  // the bot or stand-in that decides for `seat`, if any
  // People around the table (table_people.cpp).
  void do_chat(const std::shared_ptr<Client>& client, const ClientMessage& message);
  void chat_stored(ChatLine line, const std::shared_ptr<Client>& client, const nlohmann::json& ref, bool ok,
                   const std::string& error);
  void do_rematch(const std::shared_ptr<Client>& client, const ClientMessage& message);
  nlohmann::json rematch_request() const;  // a create request: this table's game, seats and names, a new seed
  nlohmann::json rematch_refusal(const Error& error, const nlohmann::json& ref) const;
  void rematch_made(std::optional<nlohmann::json> answer, const std::string& error);
  void give_rematch(const std::shared_ptr<Client>& client, std::uint32_t seats, const nlohmann::json& ref);
  nlohmann::json rematch_offer() const;
  void do_back(const std::shared_ptr<Client>& client, const ClientMessage& message);
  // The win meter (table_meter.cpp): the one person at a table of bots (the
  // coach's meter, from their seat's view) or a spectator where at most one
  // person plays (from the public view) turns it on or off; after each move a
  // reading is made on the bots' pool for each view someone asked for.
  void do_meter(const std::shared_ptr<Client>& client, const ClientMessage& message);
  std::optional<Refusal> meter_refusal(std::uint32_t seats) const;  // nullopt: offered to these seats
  void read_meter();
  void read_meter_as(Player viewer);  // the seat's view, or kSpectator
  void rename_seat(int seat, const std::string& name);
  // `account_name`: the seat is bound to the joining person's account, so it takes the account's name even
  // when it has one already.
  nlohmann::json name_on_join(std::uint32_t seats, const std::string& name, const nlohmann::json& ref,
                              bool account_name);
  void do_rename(const std::shared_ptr<Client>& client, const ClientMessage& message);
  bool take_back(std::uint32_t seats);  // the people of `seats` are back: their stand-ins stop (false: none was)
  void stand_in_for(Player seat, const char* because);
  nlohmann::json presence_message() const;
  nlohmann::json chat_history() const;  // every line, each under the name it was sent under
  void send_presence();
  nlohmann::json clock_message(std::int64_t at_ms) const;
  void send_clock();                           // as of now, once a heartbeat at now is stored
  void send_clock_at(std::int64_t stored_ms);  // as of a moment the store holds
  void send_to_all(const Frame& frame);
  bool chat_allowed() const { return people_ >= 2; }
  // The clocks (table_clock.cpp): which seat's runs, and the timer that acts when a person's time is up.
  void decision_started(std::int64_t now_ms);
  void arm_deadline();
  void on_deadline();
  std::optional<Action> lone_pass() const;  // the pass, when the person alone among bots can only pass
  bool pass_for_lone_person(Player current);
  FrameExtras extras(bool with_events) const;
  void retire_if_done();
  void update_summary(bool names_changed = false);
  std::uint32_t seats_of(const Client* client) const;
  nlohmann::json joined_message(std::uint32_t seats) const;
  Names names() const { return names_; }
  std::int64_t now_ms() const { return context_.wall_clock(); }

  TableContext& context_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const TableRow row_;
  std::vector<std::string> names_;     // the seats' names: a person may rename their seat on joining
  std::vector<std::string> accounts_;  // per seat, the account bound to it ("" none)
  std::shared_ptr<AnyState> state_;    // replaced, never changed in place, once an action is stored
  std::vector<std::string> actions_;   // texts of the applied actions: the record's "actions"
  std::vector<Seat> seats_;
  std::vector<std::weak_ptr<Client>> spectators_;
  bool busy_ = false;                                    // an action is being saved, or a bot is thinking
  int people_ = 0;                                       // seats played by a person (the rest are bots)
  std::weak_ptr<Client> meter_client_;                   // who gets the coach's meter (expired: nobody)
  Player meter_seat_ = -1;                               // whose view it reads
  std::vector<std::weak_ptr<Client>> meter_spectators_;  // who get the public meter
  bool coach_reading_ = false, public_reading_ = false;  // a reading under way on the bots' pool
  LastMove last_;                                        // the move that reached state_
  bool retired_ = false;
  bool expired_ = false;
  bool handed_over_ = false;
  Frame last_handover_;  // what a connection joining after the hand-over is sent
  std::chrono::steady_clock::time_point last_active_ = std::chrono::steady_clock::now();
  Rng bot_rng_;
  SeatClocks clocks_;
  boost::asio::steady_timer deadline_timer_;
  std::int64_t decision_started_ms_ = 0;  // when the current decision began (the away rule counts from it)
  // Clocks and the away rule wait until every person has come to the table
  // once (a game with a move stored has begun: true after a restart).
  bool everyone_arrived_ = false;
  std::vector<ChatLine> chat_;
  std::uint64_t next_chat_index_ = 0;
  // The rematch: asked for, made (its create answer: links), and who asked before it was made.
  bool rematch_asked_ = false;
  nlohmann::json rematch_;
  struct RematchWaiter {
    std::weak_ptr<Client> client;
    std::uint32_t seats;
    nlohmann::json ref;
  };
  std::vector<RematchWaiter> rematch_waiting_;
  std::uint32_t rematch_accepted_ = 0;

  mutable std::mutex summary_mutex_;
  Summary summary_;
};

}  // namespace bw::server
