#pragma once
// The server's database: one row per table, one row per action, in SQLite
// (a file, WAL mode: the default) or PostgreSQL (postgresql://…, which
// several nodes can share). Writes go through one writer thread that gathers
// whatever the tables have queued into a single transaction (group commit),
// so a thousand tables acting at once cost one flush, not a thousand. A
// write's callback runs on the writer thread after its transaction is
// durable; the caller posts back to its own strand from there.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/metrics/registry.hpp"
#include "server/store/backend.hpp"
#include "server/store/rows.hpp"

namespace bw::server {

class Store {
 public:
  using Done = std::function<void(bool ok, const std::string& error)>;
  using Sync = StoreSync;

  // Opens (creating or migrating) the database: a file path, or a
  // postgresql:// URI. Throws StoreError.
  explicit Store(const std::string& location, Sync sync = Sync::Full);
  explicit Store(std::unique_ptr<StoreBackend> backend);
  ~Store();  // flushes what is queued, then closes
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Queued writes; `done` runs on the writer thread once the write is durable (or failed).
  // `seat_accounts`: seats bound from the start; `tickets`: Play now's tickets seated here (each must be waiting).
  void create_table(const TableRow& row, const std::vector<TokenRow>& tokens, Done done,
                    std::vector<std::string> seat_accounts = {}, std::vector<std::string> tickets = {});
  // `ends_game`: the table is marked finished in the same transaction, and
  // a rated game's `rating` (its places; none: nothing rated) moves its players' ratings there too.
  void append_action(const std::string& table, std::uint64_t index, const std::string& action, bool ends_game,
                     ActionClock clock, Done done, GameRating rating = {});
  void rename_seats(const std::string& table, const std::vector<std::string>& names, Done done);
  void append_chat(const std::string& table, const ChatLine& line, Done done);
  // The server is running at `now_ms` (written every few seconds): after a
  // crash, clocks are charged up to the last of these and not for the outage.
  void heartbeat(std::int64_t now_ms, Done done = {});  // never moves the stored beat back
  void finish_table(const std::string& table, Done done);
  // A restart resumed the running decision's clock as if it had started at `resumed_ms`.
  void resume_clock(const std::string& table, std::int64_t resumed_ms);
  // An unfinished table nobody acts at any more (finished = 2 in the tables table).
  void expire_table(const std::string& table, Done done);
  // Forgets the actions from index `keep` on (an undo at a table of one person and bots).
  void truncate_actions(const std::string& table, std::uint64_t keep, Done done);

  // Accounts (docs/protocol.md, "Accounts"). `created` is false when another
  // account holds the name's key (nothing is written then).
  using AccountDone = std::function<void(bool ok, const std::string& error, bool created)>;
  void create_account(const AccountRow& account, const SessionRow& first_session, AccountDone done);
  void create_session(const SessionRow& session, Done done);
  void renew_session(const std::string& id, std::int64_t seen_ms, std::int64_t expires_ms);
  void end_session(const std::string& account, const std::string& id, Done done);
  void set_password(const std::string& account, const std::string& password_hash, const std::string& keep_session,
                    Done done);
  // A password stored at another cost, hashed again at a sign-in (no session ends).
  void rehash_password(const std::string& account, const std::string& old_hash, const std::string& new_hash);
  void delete_account(const std::string& account, Done done);
  // The seat is the account's from now on, unless it is already someone's (docs/protocol.md, "A seat and an account").
  // `was_open`: an open seat taken from the lobby (it is open no more).
  void bind_seat(const std::string& table, int seat, const std::string& account, Done done = {}, bool was_open = false);
  // Play now's queue and who is online (docs/protocol.md, "Meeting people").
  void enqueue(const TicketRow& ticket, Done done);
  void see_ticket(const std::string& account, std::int64_t seen_ms);
  void leave_queue(const std::string& account, Done done);
  void forget_tickets(std::int64_t unseen_since_ms, std::int64_t seated_before_ms);
  void see_people(std::vector<std::string> accounts, std::int64_t now_ms, Done done = {});
  // A finished table's post-game analysis (JSON); the last saved is kept.
  void save_analysis(const std::string& table, std::string body, std::int64_t at_ms, Done done = {});
  std::optional<std::string> analysis_of(const std::string& table) { return backend_->analysis_of(table); }
  // A finished balance-lab job's report (JSON), kept for good under its id: the permalink.
  void save_lab_report(const std::string& id, std::string body, std::int64_t at_ms, Done done = {});
  std::optional<std::string> lab_report_of(const std::string& id) { return backend_->lab_report_of(id); }
  std::vector<TicketRow> waiting_tickets() { return backend_->waiting_tickets(); }
  std::optional<TicketRow> ticket_of(const std::string& account) { return backend_->ticket_of(account); }
  OnlinePeople online(std::int64_t since_ms, std::size_t limit) { return backend_->online(since_ms, limit); }
  std::optional<AccountRow> account_by_key(const std::string& key) { return backend_->account_by_key(key); }
  std::optional<AccountRow> account_by_id(const std::string& id) { return backend_->account_by_id(id); }
  std::optional<SessionRow> session_by_secret(const std::string& hash) { return backend_->session_by_secret(hash); }
  std::vector<SessionRow> sessions_of(const std::string& account) { return backend_->sessions_of(account); }
  std::vector<AccountSeat> seats_of(const std::string& account, std::size_t limit) {
    return backend_->seats_of(account, limit);
  }
  std::vector<RatingRow> ratings_of(const std::string& account) { return backend_->ratings_of(account); }
  std::vector<RatingEvent> rating_history(const std::string& account, std::size_t limit) {
    return backend_->rating_history(account, limit);
  }
  std::vector<RatingRow> leaderboard(const std::string& game, int min_games, double max_sigma, std::size_t limit) {
    return backend_->leaderboard(game, min_games, max_sigma, limit);
  }

  // Several nodes on one PostgreSQL database (docs/deploy.md). This server
  // becomes the node `node`, reachable at `url`; from then on a table's
  // writes commit only while this node holds its lease. `claim` takes a
  // table's lease if no node holds it (`granted`: this node has it now).
  // `leases_lost` runs on the writer thread with the tables whose leases
  // went with a lost database session (none of their later writes commit).
  void join_cluster(const std::string& node, const std::string& url, Done done);
  void claim(const std::string& table, std::function<void(bool granted)> done);
  void release(const std::string& table);
  void on_leases_lost(std::function<void(std::vector<std::string>)> leases_lost);
  std::vector<std::string> unowned_tables(std::size_t limit) { return backend_->unowned_tables(limit); }
  std::optional<std::string> owner_url(const std::string& table) { return backend_->owner_url(table); }
  std::vector<ListedTable> public_tables(std::size_t limit) { return backend_->public_tables(limit); }

  // Reads (any thread; a separate connection, so they never wait for the writer's batch).
  std::vector<StoredTable> load_unfinished() { return backend_->load_unfinished(); }
  std::optional<StoredTable> load_table(const std::string& id) { return backend_->load_table(id); }
  std::int64_t alive_ms() { return backend_->alive_ms(); }

  // Commits everything queued and stops the writer; later writes fail.
  void close();

  // Each transaction's time, from its begin to its commit (GET /metrics).
  void observe_commits(Histogram* commit_seconds) { commit_seconds_ = commit_seconds; }

  struct Stats {
    std::uint64_t transactions = 0, writes = 0;
  };
  Stats stats() const;

 private:
  struct Write {
    StoreWrite what;
    Done done;
  };
  void queue_write(StoreWrite what, Done done);
  void writer_loop();

  std::unique_ptr<StoreBackend> backend_;
  std::function<void(std::vector<std::string>)> leases_lost_;
  std::atomic<Histogram*> commit_seconds_{nullptr};
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Write> queue_;
  bool stopping_ = false;
  Stats stats_;
  std::thread writer_;
};

}  // namespace bw::server
