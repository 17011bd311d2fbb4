#pragma once
// Sheep Boom Bah (Bob & Ryan Craig, One Day West Games): rules only.
// See docs/rules/boom-bah.md; the rulebook is partial, so the tile mix, the
// sheep per player, the deck and the card and tile effects are data
// parameters (docs/rules/boom-bah.md marks rulebook facts and our proposals).
//
// The board is 7x7: the outer ring of 24 cells are start spaces, the inner
// 5x5 are field tiles, face down until a sheep enters them. Wooden sheep of
// one colour are interchangeable, so the board holds an owner per cell and
// the Barnyard, Barn and Graveyard hold counts. Cards of one kind and colour
// are interchangeable too, so hands are counts per card type.
#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/action_target.hpp"
#include "core/explain.hpp"
#include "core/game.hpp"
#include "core/hand_counts.hpp"
#include "core/pile.hpp"
#include "core/search_defaults.hpp"
#include "core/state_base.hpp"
#include "core/tensor.hpp"

namespace bw::boom_bah {

constexpr int kMaxSeats = 4;
constexpr int kSide = 7;
constexpr int kCells = kSide * kSide;
constexpr int kFieldTiles = 25;
constexpr int kStartSpaces = 24;
constexpr int kMaxSheepPerPlayer = 6;
constexpr int kColours = 4;  // the deck always holds all four colours
constexpr int kMaxDeck = 128;
constexpr int kMaxHand = 12;

constexpr int row_of(int cell) { return cell / kSide; }
constexpr int col_of(int cell) { return cell % kSide; }
constexpr bool is_start_space(int cell) {
  return row_of(cell) == 0 || row_of(cell) == kSide - 1 || col_of(cell) == 0 || col_of(cell) == kSide - 1;
}

// Eight directions, clockwise from north; 0, 2, 4, 6 are orthogonal.
constexpr std::array<int, 8> kDirRow = {-1, -1, 0, 1, 1, 1, 0, -1};
constexpr std::array<int, 8> kDirCol = {0, 1, 1, 1, 0, -1, -1, -1};
// The cell one step from `cell` in each direction, -1 off the board (a table: hot loop).
constexpr auto kNeighbour = [] {
  std::array<std::array<std::int8_t, 8>, kCells> table{};
  for (int cell = 0; cell < kCells; ++cell)
    for (int dir = 0; dir < 8; ++dir) {
      int r = row_of(cell) + kDirRow[dir], c = col_of(cell) + kDirCol[dir];
      table[cell][dir] = static_cast<std::int8_t>(r < 0 || r >= kSide || c < 0 || c >= kSide ? -1 : r * kSide + c);
    }
  return table;
}();
// For each cell, the directions whose first step lands on a field tile (the
// only moves that can ever be legal), and the start spaces in cell order.
struct FieldSteps {
  std::uint8_t count = 0;
  std::array<std::uint8_t, 8> dirs{};
};
constexpr auto kFieldSteps = [] {
  std::array<FieldSteps, kCells> table{};
  for (int cell = 0; cell < kCells; ++cell)
    for (int dir = 0; dir < 8; ++dir) {
      int to = kNeighbour[cell][dir];
      if (to >= 0 && !is_start_space(to)) table[cell].dirs[table[cell].count++] = static_cast<std::uint8_t>(dir);
    }
  return table;
}();
constexpr auto kStartCells = [] {
  std::array<std::uint8_t, kStartSpaces> cells{};
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell)
    if (is_start_space(cell)) cells[n++] = static_cast<std::uint8_t>(cell);
  return cells;
}();
// The field cells (the inner 5x5, one tile each) in cell order.
constexpr auto kFieldCells = [] {
  std::array<std::uint8_t, kFieldTiles> cells{};
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell)
    if (!is_start_space(cell)) cells[n++] = static_cast<std::uint8_t>(cell);
  return cells;
}();
constexpr auto kIsStart = [] {
  std::array<bool, kCells> table{};
  for (int cell = 0; cell < kCells; ++cell) table[cell] = is_start_space(cell);
  return table;
}();

// Field tile kinds. A Barn tile carries a seat colour.
enum Tile : std::uint8_t { kSafe, kMine, kCrater, kBarn0, kBarn1, kBarn2, kBarn3, kNumTileKinds };
constexpr bool is_barn(int tile) { return tile >= kBarn0 && tile <= kBarn3; }

// Card kinds; the coloured kinds come in all four colours.
enum CardKind : std::uint8_t { kHero, kAmbahlance, kEieino, kWolf, kWildWool, kNumCardKinds };
// Card type = kind * 4 + colour for the coloured kinds, 16 for Wild Wool.
constexpr int kNumCardTypes = 17;
constexpr int kWildWoolType = 16;
constexpr int card_type(int kind, int colour) { return kind == kWildWool ? kWildWoolType : kind * kColours + colour; }
constexpr int kind_of(int type) { return type == kWildWoolType ? kWildWool : type / kColours; }
constexpr int colour_of(int type) { return type == kWildWoolType ? -1 : type % kColours; }
constexpr std::uint8_t kind_bit(int kind) { return static_cast<std::uint8_t>(1u << kind); }
// A card in a hand scores for its holder at the end: its colour, or Wild Wool.
constexpr bool scores_in_hand_of(int type, int seat) { return type == kWildWoolType || colour_of(type) == seat; }
using CardCounts = std::array<std::uint8_t, kNumCardTypes>;

// Where a sheep goes when a tile or card effect applies to it.
enum class Dest : std::uint8_t { Stay, Barnyard, Barn, TileBarn, Graveyard };

struct Params {
  // Tile mix by player count (index 2..4): barns per seat colour, mines, safe fields.
  std::array<std::array<std::uint8_t, 3>, kMaxSeats + 1> tiles{};
  std::array<std::uint8_t, kMaxSeats + 1> sheep{};  // sheep per player, by player count
  std::array<std::uint8_t, kNumCardKinds> deck{};   // copies per colour (Wild Wool: in total)
  // Effects: an unanswered land mine, Hero of the Herd, Am-Bah-Lance, a sheep
  // entering a Barn tile of its own colour, of another seat's colour.
  Dest mine = Dest::Graveyard, hero = Dest::Stay, ambahlance = Dest::Barnyard;
  Dest own_barn = Dest::Barnyard, other_barn = Dest::TileBarn;
  bool diagonal_moves = true;
  int hand_size = 4;
  int start_player = 0;  // 0: a random seat; 1..4: that seat
  int turn_limit = 200;  // guard: the game ends (and is scored) after this many turns
  Params();
  static Params from(const ParamMap& map);
  bool operator==(const Params&) const = default;
};

enum class Phase : std::uint8_t {
  Place,       // setup: the seat whose turn it is places a sheep on a free start space
  Actions,     // the active seat takes an action, discards a card, or ends the turn
  WolfWindow,  // a bump is coming: owners of bumped sheep may play Wolf
  MineWindow,  // a sheep revealed a land mine: its owner may play Hero of the Herd or Am-Bah-Lance
  NoWindow,    // a card was played: every other seat may answer it with EIEI...No
  GameOver,
};

// Action ids. Cells are 0..48 (row * 7 + column).
namespace act {
constexpr int kPlace = 0;                  // + cell (start spaces only)
constexpr int kMove = kPlace + kCells;     // + cell * 8 + direction
constexpr int kBarn = kMove + kCells * 8;  // Barnyard -> Barn
constexpr int kDiscard = kBarn + 1;        // + card type
constexpr int kEndTurn = kDiscard + kNumCardTypes;
constexpr int kPlay = kEndTurn + 1;           // + card type (reactions; Wild Wool never)
constexpr int kPass = kPlay + kNumCardTypes;  // decline to react
constexpr int kCount = kPass + 1;
}  // namespace act

// clang-format off
enum EventKind : std::uint8_t {
  evTurnStart, evPlace, evMove, evBump, evReveal, evToBarnyard, evToBarn, evToGraveyard, evStays,
  evBarnToBarn, evDiscard, evPlay, evPass, evCancelled, evStands, evBumpStopped, evRefill, evEndTurn,
  evForfeit, evEndTriggered, evGameOver, evTurnLimit, evReshuffle, evMoveContested,
};
// clang-format on
// What a seat declined (evPass's b): c and d say which move, mine or card.
enum class PassOn : std::uint8_t {
  Bump,    // a Wolf against the move from c to d
  Mine,    // a rescue card for its sheep on the mine at c
  Card,    // an EIEI...No against card type c, played by d
  Eieino,  // an EIEI...No against the EIEI...No played by d
};

// What one seat may know. Equal observations <=> that seat cannot tell the states apart.
struct Observation {
  Player viewer = kSpectator;
  std::int8_t num_players = 0;
  Phase phase = Phase::Place;
  Player active = 0;
  Player to_move = 0;
  std::uint8_t actions_left = 0;
  std::uint16_t turn = 0;
  bool end_triggered = false;
  Player trigger_seat = -1;
  std::array<std::int8_t, kCells> sheep{};  // owner or -1
  std::array<std::int8_t, kCells> tile{};   // kind if revealed, -1 hidden, -2 start space
  std::array<std::uint8_t, kMaxSeats> to_place{}, barnyard{}, graveyard{}, hand_size{};
  std::array<std::array<std::uint8_t, kMaxSeats>, kMaxSeats> barn{};
  std::array<bool, kMaxSeats> needs_refill{};
  std::array<std::uint8_t, kMaxSeats> kept_for_points{};  // State::kept_for_points
  std::array<std::uint8_t, kMaxSeats> passed_without{};   // State::passed_without
  CardCounts own_hand{};
  std::array<CardCounts, kMaxSeats> revealed_hands{};  // all hands, once the game is over
  CardCounts discards{};
  std::uint8_t draw_pile_size = 0;
  std::uint8_t hidden_tiles = 0;
  // The open question, if any.
  std::int8_t move_from = -1, move_dir = -1, mine_cell = -1;
  Player card_player = -1, asked = -1;
  std::uint8_t card_played = 0, no_depth = 0, wolf_mask = 0;
  Player no_last = -1;
  PlayerList winners;
  bool operator==(const Observation&) const = default;
};
void to_json(nlohmann::json& out, const Observation& obs);
// With `layout`, also records the named sections of the tensor (core/tensor.hpp).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout = nullptr);

class State : public StateBase<State, EventKind> {
 public:
  using Params = boom_bah::Params;
  using Observation = boom_bah::Observation;
  static constexpr const char* kId = "boom-bah";
  static constexpr const char* kName = "Sheep Boom Bah";
  static constexpr const char* kShortName = "Sheep Boom Bah";  // where space is short: a table's header
  static constexpr const char* kBlurb =
      "Guide your sheep over a field of hidden tiles into barns and your barnyard; some tiles are mines.";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kNumDistinctActions = act::kCount;
  // Heuristic play-outs: random seats rarely reach their barns. Against three
  // heuristic bots the search gains from budget, from letting the others play
  // their heuristic move inside the tree and from a part of the reward on
  // score (docs/strength.md, "Four seats"); 20,000 iterations stay under
  // 200 ms a decision.
  static constexpr SearchDefaults kSearchDefaults{
      .iterations = 20000, .heuristic_rollout = true, .score_weight = 0.3, .opponent_model = 1.0};
  // Since the heuristic discards for a refill, a 200-iteration search no longer
  // beats it (26.8% against its 24.4% over 200 four-seat games), so the
  // heuristic is medium and easy is a short search (docs/strength.md).
  static constexpr Levels kLevels{.easy = "ismcts:iters=30,bias=0", .medium = "heuristic", .hard = "ismcts"};
  static std::vector<ParamSpec> param_specs();

  State(const Params& params, int num_players, std::uint64_t seed);

  Player current_player() const;
  bool is_terminal() const { return phase == Phase::GameOver; }
  void legal_actions(ActionList& out) const;
  bool is_legal(Action action) const;
  // apply(action): StateBase's, which asserts is_legal() and calls apply_legal().
  static std::string action_to_string(Action action);

  Observation observation(Player viewer) const;
  void determinize(Player viewer, Rng& rng);
  Scores scores() const;
  std::string describe(const Event& event, Player viewer, Names names) const;
  std::string render(Player viewer, Names names) const;

  // Derived figures the rules, the fronts and the tests use.
  int sheep_per_player() const { return sheep_per_player_; }
  int sheep_on_board(Player p) const;  // on start spaces or field tiles
  int sheep_in_barn(Player p) const;   // any colour
  int hand_count(Player p) const;
  int score(Player p) const;
  int hand_points(Player p) const;              // cards of p's colour and Wild Wool in p's hand
  bool move_is_legal(int from, int dir) const;  // a sheep of the active seat, that direction
  bool any_action_possible() const;
  bool placeable(int cell) const;  // a free start space a sheep may be placed on
  // Puts a sheep of `owner` on `cell` (or empties it with -1); keeps `herd` in step.
  void set_cell(int cell, int owner) {
    if (sheep[cell] >= 0) herd[sheep[cell]] &= ~(std::uint64_t{1} << cell);
    sheep[cell] = static_cast<std::int8_t>(owner);
    if (owner >= 0) herd[owner] |= std::uint64_t{1} << cell;
  }
  int total_cards() const;  // hands + draw pile + discards (conservation)
  int total_sheep() const;  // everywhere (conservation)
  static int neighbour(int cell, int dir) { return kNeighbour[cell][dir]; }  // -1 off the board

  bool operator==(const State&) const = default;

  // The state is plain data so that tests can set up any rule situation.
  Params params;
  Phase phase = Phase::Place;
  Player active = 0;
  Player start_player = 0;
  std::uint8_t actions_left = 0;
  std::uint16_t turn = 0;
  bool end_triggered = false;
  Player trigger_seat = -1;                     // the active seat when the end was triggered: it does not play again
  std::array<std::int8_t, kCells> sheep{};      // owner of the sheep on each cell, -1 none
  std::array<std::uint64_t, kMaxSeats> herd{};  // the same as a bit per cell, per owner (kept by set_cell)
  std::array<std::uint8_t, kCells> tile{};      // field tile kind (start spaces: unused)
  std::array<bool, kCells> revealed{};          // field tiles turned face up
  std::array<std::uint8_t, kMaxSeats> to_place{}, barnyard{}, graveyard{};
  std::array<std::array<std::uint8_t, kMaxSeats>, kMaxSeats> barn{};  // barn[holder][sheep owner]
  std::array<CardCounts, kMaxSeats> hand{};
  std::array<bool, kMaxSeats> needs_refill{};  // played or discarded since the last refill
  // What a seat's public choices suggest about its hand, for determinize().
  // kept_for_points: the cards it kept at the end of its last turn, less the
  // scoring ones it gave up since. Discarding every card that does not score
  // is the measured best play (docs/strength.md), so those are believed to be
  // its colour or Wild Wool. passed_without: a bit per card kind (kind_bit)
  // the seat passed on since it last drew where the rule of thumb would have
  // played one (kinds_a_pass_suggests_lacking), so it is believed to hold
  // none. Beliefs, not proofs: a seat may play otherwise, and determinize()
  // falls back to any card when they cannot all hold.
  std::array<std::uint8_t, kMaxSeats> kept_for_points{};
  std::array<std::uint8_t, kMaxSeats> passed_without{};
  Pile<std::uint8_t, kMaxDeck> draw_pile;
  Pile<std::uint8_t, kMaxDeck> discard_pile;  // face up, public
  // The open question.
  std::int8_t move_from = -1, move_dir = -1;  // the move waiting on a Wolf window
  std::uint8_t wolf_asked_mask = 0;           // owners still to be asked in the Wolf window
  std::int8_t mine_cell = -1;                 // the sheep on a just-revealed land mine
  Player card_player = -1;                    // who played the card under question
  std::uint8_t card_played = 0;               // its type (the original card, below any EIEI...No)
  std::uint8_t no_depth = 0;                  // EIEI...No cards played on it
  Player no_last = -1;                        // who played the latest card of the chain
  Player asked = -1;                          // the seat being asked in a window

 private:
  // apply() once StateBase has checked the action: the phase's rule step.
  friend StateBase;
  void apply_legal(Action action);
  // Setup and the turn, in the rulebook's order (rules.cpp).
  void set_up(std::uint64_t seed);
  void place_sheep(int cell);
  void start_turn();
  void take_move(int from, int dir);
  void open_wolf_window();
  void resolve_move();
  void enter_tile(int cell);
  void send_sheep(int cell, Dest dest, int tile_colour);
  void open_mine_window(int cell);
  void play_reaction(Player p, int type);
  void open_no_window(Player played_by);
  void ask_next_in_no_window();
  void close_no_window();
  void return_to_window_after_cancel();
  void continue_turn();
  void check_end_trigger();
  void end_turn();
  void refill(Player p);
  void finish_game();
  void log_pass();
  void give_up_card(Player p, int type);

  std::uint8_t sheep_per_player_ = 4;
};

std::string card_name(int type);
std::string colour_name(int colour);  // a seat's colour: seat p plays colour p
std::string cell_name(int cell);
std::string direction_name(int dir);

// A rule-of-thumb player (heuristic.cpp); reads only the acting seat's observation.
Action heuristic_action(const State& state, Rng& rng);
// The card kinds (kind_bit) the seat asked in the open window would have
// played now if it held one, by the same rule of thumb: passing suggests it
// holds none. Reads only what every seat sees.
std::uint8_t kinds_a_pass_suggests_lacking(const State& state);
// The legal actions a search weighs (core/game_hooks.hpp): discards only once
// the turn's moves are spent, and then in card order (rules.cpp).
void search_actions(const State& state, Action previous, ActionList& out);

// Scoring by category (rules.cpp): State::score is total().
struct ScoreParts {
  int hand = 0;  // own-colour cards and Wild Wool in hand
  int barnyard = 0;
  int own_barn = 0;    // own sheep in the Barn
  int other_barn = 0;  // other colours' sheep in the Barn
  int graveyard = 0;   // negative
  int total() const { return hand + barnyard + own_barn + other_barn + graveyard; }
};
ScoreParts score_parts(const State& state, Player seat);

// Teaching (explain.cpp): a legal action's effect from the deciding seat's
// observation, the final score by category, why the winners won, and which
// actions only decline a reaction.
std::string action_hint(const Observation& obs, Action action);
ActionTarget action_target(const Observation& obs, Action action);  // targets.cpp
ScoreBreakdown score_breakdown(const State& state, Player seat);
std::string result_explanation(const State& state, Names names);
bool is_pass(const State& state, Action action);

}  // namespace bw::boom_bah
