#pragma once
// Every open table and the tokens that open its seats. Creating a table
// validates everything through the registry and the agent specs, stores it,
// and only then hands out its links.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/errors.hpp"
#include "server/guard/client_limits.hpp"
#include "server/tables/table.hpp"

namespace bw::server {

struct HubLimits {
  std::size_t max_tables = 20000;           // tables in memory (unfinished, or finished with someone watching)
  bool allow_seed = false;                  // may a create request choose the seed (tests only: it reveals the deck)
  std::size_t open_tables_per_client = 20;  // unfinished tables one client's creations may hold
  std::string node_url;  // one of several nodes on one database (its --advertise): a table runs where its lease is held
};

class Hub {
 public:
  // `client_limits`: where each table made is counted toward its creator's tables a minute.
  Hub(TableContext& context, HubLimits limits, ClientLimits& client_limits);

  // Restores every unfinished table from the store by replaying its actions
  // (at a cluster: those no node holds, as adopt_unowned). Returns how many.
  std::size_t restore();

  // Several nodes: takes the leases of up to `limit` unfinished tables no
  // node holds (their node died or drained) and runs them here. Blocks on
  // the database; returns how many it took.
  std::size_t adopt_unowned(std::size_t limit);
  // These tables (all, when empty) now run elsewhere: their connections are
  // told to reconnect and they leave this hub. Returns how many.
  std::size_t hand_over(const std::vector<std::string>& ids);

  // Counts the table toward `client`'s limits, validates `request` (throws
  // OverLimit, or Error subclasses with a message for the client), then stores
  // the table; `done` gets the answer (table id and links) once it is durable,
  // or the reason it is not. `done` runs on the store's writer thread.
  // `client`: who asks (its address; for a rematch, the address of the person
  // who asked first); it may hold HubLimits::open_tables_per_client unfinished tables.
  void create(const nlohmann::json& request, const std::string& client,
              std::function<void(std::optional<nlohmann::json>, std::string)> done);

  // Play now (docs/protocol.md, "Meeting people"): a table for people the
  // matchmaker seated, counted toward no client's limits. `seat_accounts`:
  // each seat's account ("" a bot's); `tickets`: the accounts whose tickets
  // it seats, each still waiting or nothing is stored (`done` gets the error).
  void create_matched(const nlohmann::json& request, std::vector<std::string> seat_accounts,
                      std::vector<std::string> tickets,
                      std::function<void(std::optional<nlohmann::json>, std::string)> done);
  // A signed-in person takes an open seat (Table::take_open_seat). Throws
  // ProtocolError "unknown-table", or TableElsewhere at a cluster.
  void take_open_seat(const std::string& table, int seat, const Person& person,
                      std::function<void(std::optional<ProtocolError>)> done);

  struct Joinable {
    std::shared_ptr<Table> table;
    std::uint32_t seats = 0;  // none: spectator
  };
  // Throws ProtocolError; at a cluster, TableElsewhere for a table another node runs.
  // `account`: the joining connection is signed in; with no token, the seats bound to it are its.
  Joinable find_for_join(const std::string& table, const std::optional<std::string>& token,
                         const std::string& account = "");

  nlohmann::json lobby() const;   // public unfinished tables (at a cluster: every node's, from the database)
  static nlohmann::json games();  // the registry's games with their parameters
  // Throws ProtocolError "unknown-table", also for a private table without one of its tokens.
  nlohmann::json table_info(const std::string& id, const std::optional<std::string>& token) const;
  nlohmann::json record(const std::string& id);  // throws ProtocolError ("unknown-table", "not-finished")
  void close_all(const Frame& last);
  void clear();  // after shutdown, when no thread runs the io_context: drops every table
  std::size_t table_count() const;
  struct TableCounts {
    std::size_t playing = 0, finished = 0;  // finished: over, kept while someone still watches
  };
  TableCounts count_by_state() const;

  // Tables nobody has acted at or joined since `idle_since` leave memory and the
  // lobby; the store marks them expired, so their records become downloadable
  // and a restart does not bring them back. Returns how many went.
  std::size_t expire_idle(std::chrono::steady_clock::time_point idle_since);

 private:
  // create and create_matched: validates, stores, and then runs the table.
  void make(const nlohmann::json& request, const std::string& client, std::vector<std::string> seat_accounts,
            std::vector<std::string> tickets, std::function<void(std::optional<nlohmann::json>, std::string)> done);
  // Counts a table about to be stored against the server's and the client's
  // limits (no client: the matchmaker's, only the server's); throws "full", "too-many-tables".
  void reserve_place(const std::string& id, const std::string& client);
  // The create answer: an invite per human seat, a spectator link, a hot-seat link; their hashes go to `tokens`.
  nlohmann::json issue_links(const TableRow& row, std::vector<TokenRow>& tokens) const;
  // The store's answer to a create: the table runs, or its place is given back.
  void stored(const std::shared_ptr<Table>& table, const std::vector<TokenRow>& tokens, bool ok,
              const std::string& error);
  void add(std::shared_ptr<Table> table, const std::vector<TokenRow>& tokens);
  bool revive(StoredTable& stored);  // replays a stored table and runs it here (false: it cannot be)
  bool clustered() const { return !limits_.node_url.empty(); }
  TableElsewhere elsewhere(const std::string& id) const;
  // Forgets `table`, unless the id now names another Table (a node that
  // handed a table over may take it back before the old one has gone).
  void retire(const std::string& id, const Table* table);

  TableContext& context_;
  HubLimits limits_;
  ClientLimits& client_limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::unordered_map<std::string, TokenRow> tokens_;                        // by hash
  std::unordered_map<std::string, std::vector<std::string>> token_hashes_;  // by table
  std::unordered_map<std::string, std::string> creators_;  // table -> client, for tables created this run
  std::size_t creating_ = 0;                               // stored but not yet added
};

}  // namespace bw::server
