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
};

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
};
struct AppendAction {  // `ends_game`: the table is marked finished in the same transaction
  std::string table;
  std::uint64_t index = 0;
  std::string action;
  bool ends_game = false;
  ActionClock clock;
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
}  // namespace writes

using StoreWrite = std::variant<writes::CreateTable, writes::AppendAction, writes::RenameSeats, writes::AppendChat,
                                writes::Heartbeat, writes::FinishTable, writes::ExpireTable, writes::ResumeClock,
                                writes::TruncateActions, writes::JoinCluster, writes::Claim, writes::Release>;

// The text columns (JSON) both back ends keep: encoded and read back in one place.
std::string params_column(const ParamMap& params);
ParamMap params_from_column(const std::string& text);
std::string strings_column(const std::vector<std::string>& strings);
std::vector<std::string> strings_from_column(const std::string& text);
std::string clocks_column(const std::vector<std::int64_t>& left_ms);
std::vector<std::int64_t> clocks_from_column(const std::string& text);
std::string time_control_column(const TimeControl& time);
TimeControl time_control_from_column(const std::string& text);

// The columns of a table's row, in the order every back end selects them.
inline constexpr const char* kTableColumns =
    "id, game, params, seed, players, names, public, hotseat, created, finished, time_control, clock_resumed_ms";

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
  return row;
}

}  // namespace bw::server
