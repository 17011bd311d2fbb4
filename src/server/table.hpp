#pragma once
// One table: a game, its seats and their connections, owned by one strand
// (an actor). Everything that touches the state runs on that strand, so no
// lock guards it; bots think on a separate pool and post their move back.
// An action is applied, acknowledged and broadcast only after the store has
// made it durable.
#include <boost/asio/io_context.hpp>
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
#include "server/bot_limits.hpp"
#include "server/protocol.hpp"
#include "server/store.hpp"

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
};

struct TableContext {
  boost::asio::io_context& io;
  boost::asio::thread_pool& bots;
  Store& store;
  bool log_actions = false;
  BotLimits bot_limits{};
  const std::atomic<bool>* stop_bots = nullptr;  // set at shutdown: searches end at once
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  // `state` has `actions` already applied (a new game has none).
  Table(TableContext& context, TableRow row, std::unique_ptr<AnyState> state, std::vector<std::string> actions);

  const TableRow& row() const { return row_; }  // never changes
  const std::string& id() const { return row_.id; }

  // Every call below posts to the table's strand and returns at once.
  void start();                                                    // a bot whose turn it is starts thinking
  void join(std::shared_ptr<Client> client, std::uint32_t seats);  // no seats: a spectator
  void leave(std::shared_ptr<Client> client);
  void act(std::shared_ptr<Client> client, ClientMessage message);
  // Takes back the connection's last action and every bot action after it;
  // only where every other seat is a bot (docs/protocol.md, undo).
  void undo(std::shared_ptr<Client> client, ClientMessage message);
  void close_all(const Frame& last);  // server shutdown
  // Nobody acts here any more: stored as expired, connections told and closed, then on_retire.
  void expire();

  // Called (on the strand) when the game is over and nobody is connected: the hub forgets the table.
  std::function<void(const std::string& id)> on_retire;

  struct Summary {
    std::uint64_t version = 0;
    bool finished = false;
    std::uint32_t connected = 0;  // a bit per seat with a connection
    int spectators = 0;
    int current = -1;
    std::chrono::steady_clock::time_point last_active;  // the last action or join (or the table's start this run)
  };
  Summary summary() const;  // any thread

 private:
  // A connection owns its table (it sends to it); the table only refers to its
  // connections, so the two never keep each other alive.
  struct Seat {
    std::unique_ptr<Agent> bot;  // null for a person
    std::weak_ptr<Client> client;
  };
  void do_join(const std::shared_ptr<Client>& client, std::uint32_t seats);
  void do_leave(const std::shared_ptr<Client>& client);
  void close_connections(const Frame& last);  // every seat and spectator, with `last` as their final frame
  void do_act(const std::shared_ptr<Client>& client, const ClientMessage& message);
  void do_undo(const std::shared_ptr<Client>& client, const ClientMessage& message);
  // An act or an undo refused: its error code and the text the client is sent.
  struct Refusal {
    const char* code;
    std::string text;
  };
  static void refuse(const std::shared_ptr<Client>& client, const ClientMessage& message, const Refusal& refusal);
  std::optional<Refusal> out_of_date(const ClientMessage& message, const char* what) const;
  void undone(std::size_t keep, std::shared_ptr<AnyState> state, const std::shared_ptr<Client>& client,
              const nlohmann::json& ref, bool ok, const std::string& error);
  void make_bots();
  void commit(Player actor, Action action, std::shared_ptr<Client> client, nlohmann::json ref);
  void committed(Player actor, Action action, std::shared_ptr<AnyState> next, const std::shared_ptr<Client>& client,
                 const nlohmann::json& ref, bool ok, const std::string& error);
  void broadcast(bool with_events = true);
  void move_bot_if_due();
  std::optional<Action> lone_pass() const;  // the pass, when the person alone among bots can only pass
  bool pass_for_lone_person(Player current);
  FrameExtras extras(bool with_events) const;
  void retire_if_done();
  void update_summary();
  std::uint32_t seats_of(const Client* client) const;
  nlohmann::json joined_message(std::uint32_t seats) const;

  TableContext& context_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const TableRow row_;
  std::shared_ptr<AnyState> state_;   // replaced, never changed in place, once an action is stored
  std::vector<std::string> actions_;  // texts of the applied actions: the record's "actions"
  std::vector<Seat> seats_;
  std::vector<std::weak_ptr<Client>> spectators_;
  bool busy_ = false;  // an action is being saved, or a bot is thinking
  int people_ = 0;     // seats played by a person (the rest are bots)
  LastMove last_;      // the move that reached state_
  bool retired_ = false;
  bool expired_ = false;
  std::chrono::steady_clock::time_point last_active_ = std::chrono::steady_clock::now();
  Rng bot_rng_;

  mutable std::mutex summary_mutex_;
  Summary summary_;
};

}  // namespace bw::server
