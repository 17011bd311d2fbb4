#pragma once
// What the server stores, whatever database holds it: a row per table, its
// actions, tokens and chat, and the writes the Store queues.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/params.hpp"
#include "server/tables/time_control.hpp"

namespace bw::server {

struct TableRow {
  std::string id;
  std::string game;
  ParamMap params;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  // agent spec per seat, "human" for people
  std::vector<std::string> names;
  bool is_public = false;
  bool hotseat = false;
  std::int64_t created = 0;  // unix seconds
  bool finished = false;     // the game is over, or it expired
  bool expired = false;      // nobody acted for --expire-after: left unfinished, its record is public
  TimeControl time;          // the clocks, and who plays for a person who is gone
  // When a restart resumed the running decision's clock, counted back by the
  // time that decision had used before the outage (0: no restart since the
  // last move). A second restart charges from here, not for the first outage.
  std::int64_t clock_resumed_ms = 0;
  // Its end moves its players' ratings (docs/ratings.md, "Rated games"): asked for at creation.
  bool rated = false;
  // A bit per person's seat nobody has taken yet: any signed-in person may
  // take it from the lobby (docs/protocol.md, "Meeting people").
  std::uint32_t open_seats = 0;
};

// A line of a table's chat, as stored and sent.
struct ChatLine {
  std::uint64_t index = 0;  // 0, 1, … per table
  int seat = 0;
  std::string text;
  std::int64_t at_ms = 0;  // unix milliseconds
  std::string name;        // the seat's name when it was sent (empty: a line stored before names were kept)
};

// When a move was stored and every seat's time left after it (timed tables only).
struct ActionClock {
  std::int64_t at_ms = 0;
  std::vector<std::int64_t> left_ms;  // empty: a table without clocks (nothing stored)
};

// A token grants seats (a bit per seat) or, with no seat, the spectator view.
struct TokenRow {
  std::string hash;  // hex SHA-256 of the token; the token itself is never stored
  std::string table;
  std::uint32_t seats = 0;
};

struct StoredTable {
  TableRow row;
  std::vector<std::string> actions;  // action texts, in order (the record's "actions")
  std::vector<TokenRow> tokens;
  ActionClock clock;           // stored with the last action (a timed table; none before its first move)
  std::vector<ChatLine> chat;  // in order
  // Per seat, the account it is bound to ("" for none): docs/protocol.md, "A seat and an account".
  std::vector<std::string> seat_accounts;
};

// An account (docs/protocol.md, "Accounts"). Everything an account owns is
// keyed by its id, which never changes; its name is a label people see.
struct AccountRow {
  std::string id;             // 32 hex digits, random
  std::string name;           // as its person typed it
  std::string name_key;       // name_key(name): unique site-wide, so "Ann" and "Аnn" (Cyrillic) are one
  std::string password_hash;  // argon2id in crypto_pwhash_str's text (its parameters and salt inside)
  std::int64_t created_ms = 0;
};

// A signed-in browser or program. Its cookie holds a secret whose SHA-256
// is stored here; the secret itself never is.
struct SessionRow {
  std::string id;           // 16 hex digits: names the session in a list, so it can be revoked; grants nothing
  std::string secret_hash;  // hex SHA-256 of the cookie's secret
  std::string account;      // AccountRow::id
  std::int64_t created_ms = 0;
  std::int64_t seen_ms = 0;     // the last renewal (a session is renewed at most once a day)
  std::int64_t expires_ms = 0;  // after this it opens nothing
  std::string agent;            // the User-Agent that signed in, cut short: how a person tells sessions apart
};

// A rated game's result, as its last action's write carries it: each
// account's place (1 best, equal places a tie). Empty: nothing is rated.
struct RatedPlace {
  std::string account;
  int rank = 1;
};
struct GameRating {
  std::string game;
  std::vector<RatedPlace> places;
  std::int64_t at_ms = 0;  // when the game ended (unix ms)
};

// An account's rating in one game (docs/ratings.md): the model's belief, and how many rated games it rests on.
struct RatingRow {
  std::string account;
  std::string game;
  double mu = 0, sigma = 0;
  int games = 0;
  std::int64_t updated_ms = 0;
  std::string name;  // the account's name (filled where a read joins it)
};

// One rated game in an account's history: its rating after it.
struct RatingEvent {
  std::string table;
  std::string game;
  std::int64_t at_ms = 0;
  double mu = 0, sigma = 0;
  int rank = 0, players = 0;
};

// A seat an account holds (docs/protocol.md, "A seat and an account"): its table and how far it has gone.
struct AccountSeat {
  TableRow row;
  int seat = 0;
  std::uint64_t actions = 0;
};

// A person waiting to be seated by Play now (docs/protocol.md, "Meeting
// people"), one per account; a seated one keeps its table for a while, so
// that every node can tell its person where to go.
struct TicketRow {
  std::string account;  // AccountRow::id
  std::string game;
  int players = 0;
  std::string time;                 // time_control_column of the clock asked for: with game and players, its queue
  std::int64_t bots_after_ms = -1;  // the empty seats go to bots after this wait (-1: keep waiting for people)
  std::string bot;                  // their agent spec
  double mu = 0;                    // the account's rating in the game when it asked
  std::int64_t since_ms = 0;        // when it asked (unix ms)
  std::int64_t seen_ms = 0;         // when its person last asked about it; when it was seated
  std::string table;                // "" while waiting
  int seat = -1;
  std::string name;  // the account's name (filled where a read joins it)

  bool waiting() const { return table.empty(); }
};

// Who is online: how many accounts were seen since a time, and the names of the most recent.
struct OnlinePeople {
  std::size_t count = 0;
  std::vector<std::string> names;
};
// A presence row older than this is deleted when presence is next written.
inline constexpr std::int64_t kForgetPresenceAfterMs = std::int64_t{24} * 3600 * 1000;

// A public unfinished table as the lobby of a cluster lists it.
struct ListedTable {
  TableRow row;
  std::uint64_t actions = 0;  // its version
};

// The writes, one struct each; a back end applies them inside the Store's transaction.
namespace writes {
struct CreateTable {
  TableRow row;
  std::vector<TokenRow> tokens;
  std::vector<std::string> seat_accounts;  // seats bound from the start ("" none)
  // Play now: these accounts' tickets are seated at the table (in seat order).
  // Each must still be waiting, else nothing is written (StoreError).
  std::vector<std::string> tickets;
};
struct AppendAction {  // `ends_game`: the table is marked finished in the same transaction
  std::string table;
  std::uint64_t index = 0;
  std::string action;
  bool ends_game = false;
  ActionClock clock;
  GameRating rating;  // a rated game's end: its players' ratings move in the same transaction
};
struct RenameSeats {
  std::string table;
  std::vector<std::string> names;
};
struct AppendChat {
  std::string table;
  ChatLine line;
};
struct Heartbeat {
  std::int64_t now_ms = 0;
};
struct FinishTable {
  std::string table;
};
struct ExpireTable {  // only a running table expires
  std::string table;
};
struct ResumeClock {  // a restart resumed the running decision's clock (TableRow::clock_resumed_ms)
  std::string table;
  std::int64_t resumed_ms = 0;
};
struct TruncateActions {  // forgets the actions from index `keep` on
  std::string table;
  std::uint64_t keep = 0;
};
// Several nodes on one database (PostgreSQL): a node holds a lease on each
// table it runs, and only the holder's writes to a table commit.
struct JoinCluster {  // this server is the node `node`, reachable at `url`
  std::string node;
  std::string url;
};
struct Claim {  // takes the table's lease when nobody holds it; `granted` says whether this node has it
  std::string table;
  std::shared_ptr<std::atomic<bool>> granted;
};
struct Release {  // gives the table's lease up
  std::string table;
};
// Accounts and their sessions.
struct CreateAccount {  // with its first session; `created` is false when the name's key is taken
  AccountRow account;
  SessionRow session;
  std::shared_ptr<std::atomic<bool>> created;
};
struct CreateSession {  // also forgets every session expired by `session.created_ms`
  SessionRow session;
};
struct RenewSession {
  std::string id;
  std::int64_t seen_ms = 0, expires_ms = 0;
};
struct EndSession {  // signs out (or revokes) one session of `account`
  std::string account, id;
};
struct SetPassword {  // a new password hash; every session of the account but `keep` ends
  std::string account, password_hash, keep;
};
struct RehashPassword {  // the same password hashed at today's cost, unless the hash changed meanwhile
  std::string account, old_hash, new_hash;
};
struct DeleteAccount {  // the account row, its sessions and its seats' bindings; those seats become P<n>
  std::string account;
};
struct BindSeat {  // the seat is the account's from now on, unless it already is someone's
  std::string table;
  int seat = 0;
  std::string account;
  bool was_open = false;  // an open seat taken from the lobby: it is open no more
};
// Play now's queue.
struct Enqueue {  // a waiting ticket; it replaces the account's ticket, if any
  TicketRow ticket;
};
struct SeeTicket {  // its person asked about it
  std::string account;
  std::int64_t seen_ms = 0;
};
struct LeaveQueue {  // a waiting ticket leaves (a seated one stays)
  std::string account;
};
struct ForgetTickets {  // waiting tickets unseen since `unseen_since_ms`, seated ones seated before `seated_before_ms`
  std::int64_t unseen_since_ms = 0, seated_before_ms = 0;
};
struct SeePeople {  // these accounts were online at `now_ms` (who is online)
  std::vector<std::string> accounts;
  std::int64_t now_ms = 0;
};
// A finished table's post-game analysis (its JSON, docs/analysis.md), replacing any earlier one.
struct SaveAnalysis {
  std::string table;
  std::string body;
  std::int64_t at_ms = 0;
};
// A finished balance-lab job's report (its JSON, docs/protocol.md "Balance lab"), under its permanent id.
struct SaveLabReport {
  std::string id;
  std::string body;
  std::int64_t at_ms = 0;
};
}  // namespace writes

using StoreWrite =
    std::variant<writes::CreateTable, writes::AppendAction, writes::RenameSeats, writes::AppendChat, writes::Heartbeat,
                 writes::FinishTable, writes::ExpireTable, writes::ResumeClock, writes::TruncateActions,
                 writes::JoinCluster, writes::Claim, writes::Release, writes::CreateAccount, writes::CreateSession,
                 writes::RenewSession, writes::EndSession, writes::SetPassword, writes::RehashPassword,
                 writes::DeleteAccount, writes::BindSeat, writes::Enqueue, writes::SeeTicket, writes::LeaveQueue,
                 writes::ForgetTickets, writes::SeePeople, writes::SaveAnalysis, writes::SaveLabReport>;

// The text columns (JSON) both back ends keep: encoded and read back in one place.
std::string params_column(const ParamMap& params);
ParamMap params_from_column(const std::string& text);
std::string strings_column(const std::vector<std::string>& strings);
std::vector<std::string> strings_from_column(const std::string& text);
// A names column with seat `seat` called by its label again (a deleted account's seat keeps no name).
std::string names_without(const std::string& names_column, int seat);
std::string clocks_column(const std::vector<std::int64_t>& left_ms);
std::vector<std::int64_t> clocks_from_column(const std::string& text);
std::string time_control_column(const TimeControl& time);
TimeControl time_control_from_column(const std::string& text);

// The columns of a table's row, in the order every back end selects them.
inline constexpr const char* kTableColumns =
    "id, game, params, seed, players, names, public, hotseat, created, finished, time_control, clock_resumed_ms, rated,"
    " open_seats";
// How many they are: a query's own columns after them start at this index.
inline constexpr int kTableColumnCount = 14;

// A table's row from a result positioned on it: `columns.text(i)` and
// `columns.integer(i)` read the i-th of kTableColumns.
template <class Columns>
TableRow table_row_from(const Columns& columns) {
  TableRow row;
  row.id = columns.text(0);
  row.game = columns.text(1);
  row.params = params_from_column(columns.text(2));
  row.seed = std::stoull(columns.text(3));
  row.players = strings_from_column(columns.text(4));
  row.names = strings_from_column(columns.text(5));
  row.is_public = columns.integer(6) != 0;
  row.hotseat = columns.integer(7) != 0;
  row.created = columns.integer(8);
  row.finished = columns.integer(9) != 0;
  row.expired = columns.integer(9) == 2;
  row.time = time_control_from_column(columns.text(10));
  row.clock_resumed_ms = columns.integer(11);
  row.rated = columns.integer(12) != 0;
  row.open_seats = static_cast<std::uint32_t>(columns.integer(13));
  return row;
}

// The columns of an account's and a session's row, in the order every back end selects them.
inline constexpr const char* kAccountColumns = "id, name, name_key, password_hash, created_ms";
inline constexpr const char* kSessionColumns = "id, secret_hash, account_id, created_ms, seen_ms, expires_ms, agent";

// The columns of a ticket's row (queue q, joined with accounts a for the name).
inline constexpr const char* kTicketColumns =
    "q.account_id, q.game, q.players, q.time_control, q.bots_after_ms, q.bot, q.mu, q.since_ms, q.seen_ms,"
    " q.table_id, q.seat, a.name";

template <class Columns>
TicketRow ticket_row_from(const Columns& columns) {
  TicketRow ticket;
  ticket.account = columns.text(0);
  ticket.game = columns.text(1);
  ticket.players = static_cast<int>(columns.integer(2));
  ticket.time = columns.text(3);
  ticket.bots_after_ms = columns.integer(4);
  ticket.bot = columns.text(5);
  ticket.mu = columns.real(6);
  ticket.since_ms = columns.integer(7);
  ticket.seen_ms = columns.integer(8);
  ticket.table = columns.text(9);
  ticket.seat = static_cast<int>(columns.integer(10));
  ticket.name = columns.text(11);
  return ticket;
}

template <class Columns>
AccountRow account_row_from(const Columns& columns) {
  return {columns.text(0), columns.text(1), columns.text(2), columns.text(3), columns.integer(4)};
}

template <class Columns>
SessionRow session_row_from(const Columns& columns) {
  return {columns.text(0),    columns.text(1),    columns.text(2), columns.integer(3),
          columns.integer(4), columns.integer(5), columns.text(6)};
}

}  // namespace bw::server
