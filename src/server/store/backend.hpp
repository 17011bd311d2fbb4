#pragma once
// What a database does for the Store. The Store's writer thread opens a
// transaction, applies a batch of writes and commits; reads come from any
// thread on a connection of their own. SQLite (a file, the default) and
// PostgreSQL (a server several nodes can share) implement it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/store/rows.hpp"

namespace bw::server {

// How far a commit has gone when it returns. Full: on disk, so an
// acknowledged action survives a power cut. Normal: it survives the server's
// crash (kill -9) but perhaps not a power cut (SQLite: in the operating
// system; PostgreSQL: in its memory, synchronous_commit off); for tests.
enum class StoreSync { Full, Normal };

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;

  // The writer's side: one thread. Each throws StoreError.
  virtual void begin() = 0;
  virtual void apply(const StoreWrite& write) = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;

  // The readers' side: any thread (the back end serialises its reads).
  virtual std::vector<StoredTable> load_unfinished() = 0;
  virtual std::optional<StoredTable> load_table(const std::string& id) = 0;
  virtual std::int64_t alive_ms() = 0;  // the last heartbeat (0: none yet)
  // Accounts and sessions (docs/protocol.md, "Accounts"); every node reads the same rows.
  virtual std::optional<AccountRow> account_by_key(const std::string& name_key) = 0;
  virtual std::optional<AccountRow> account_by_id(const std::string& id) = 0;
  virtual std::optional<SessionRow> session_by_secret(const std::string& secret_hash) = 0;
  virtual std::vector<SessionRow> sessions_of(const std::string& account) = 0;  // oldest first
  // The seats bound to `account`, newest table first, at most `limit`.
  virtual std::vector<AccountSeat> seats_of(const std::string& account, std::size_t limit) = 0;
  // Ratings (docs/ratings.md): an account's, one per game it has played rated;
  // its rated games, newest first; a game's leaderboard, by mu - 3 sigma, of
  // the ratings with at least `min_games` games and sigma at most `max_sigma`, each with its account's name.
  virtual std::vector<RatingRow> ratings_of(const std::string& account) = 0;
  virtual std::vector<RatingEvent> rating_history(const std::string& account, std::size_t limit) = 0;
  virtual std::vector<RatingRow> leaderboard(const std::string& game, int min_games, double max_sigma,
                                             std::size_t limit) = 0;
  // Play now's queue (docs/protocol.md, "Meeting people"): the waiting
  // tickets, oldest first; an account's ticket, waiting or seated. Who is
  // online: accounts seen since `since_ms`, the `limit` most recent by name.
  virtual std::vector<TicketRow> waiting_tickets() = 0;
  virtual std::optional<TicketRow> ticket_of(const std::string& account) = 0;
  virtual OnlinePeople online(std::int64_t since_ms, std::size_t limit) = 0;
  // A finished table's stored analysis (JSON), if one was made.
  virtual std::optional<std::string> analysis_of(const std::string& table) = 0;
  // A balance-lab report (JSON) by its id, if one was stored.
  virtual std::optional<std::string> lab_report_of(const std::string& id) = 0;

  // Several nodes (PostgreSQL; a single server has nothing to share). Reads:
  // unfinished tables whose lease no node holds, oldest first; the address of
  // the node holding a table's lease. Writer side, after a batch: the tables
  // whose leases this node lost with its database session.
  virtual std::vector<std::string> unowned_tables(std::size_t /*limit*/) { return {}; }
  virtual std::optional<std::string> owner_url(const std::string& /*table*/) { return std::nullopt; }
  virtual std::vector<std::string> lost_leases() { return {}; }
  // Every node's lobby: public unfinished tables, newest first.
  virtual std::vector<ListedTable> public_tables(std::size_t /*limit*/) { return {}; }
};

std::unique_ptr<StoreBackend> open_sqlite_store(const std::string& path, StoreSync sync);
std::unique_ptr<StoreBackend> open_postgres_store(const std::string& url, StoreSync sync);

// A PostgreSQL connection URI (postgresql:// or postgres://), as libpq takes it.
bool is_postgres_url(const std::string& location);
// The URI without its password, for messages and logs.
std::string redacted_url(const std::string& url);

}  // namespace bw::server
