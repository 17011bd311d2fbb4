#pragma once
// Sheep Hustle / Schafe schubsen (Weinkauf, Stoll, Gartner; H@LL9000 2011):
// rules only. See docs/rules/hustle.md.
//
// The dyke is two boards of 100 squares laid end to end; a sheep's place is
// one linear index 0..199 (rear board 0..99, front board 100..199), because a
// move of S squares (ones up with the wrap, tens to the right) is exactly +S.
// Card hands are bitmasks of the digits 0..9. The only hidden information is
// a bid between the moment it is chosen and the moment it is revealed.
#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/action_target.hpp"
#include "core/explain.hpp"
#include "core/game.hpp"
#include "core/search_defaults.hpp"
#include "core/state_base.hpp"
#include "core/tensor.hpp"

namespace bw::hustle {

constexpr int kMaxSeats = 8;
constexpr int kSquaresPerBoard = 100;
constexpr int kDykeLength = 2 * kSquaresPerBoard;  // squares 0..199
constexpr int kMaxPads = 16;
constexpr int kMaxRunBack = 99;             // a Run Back pad's printed value, 1..99
constexpr int kMaxChange = 20;              // a Change Scope pad's printed value, 1..20
constexpr int kNumSides = 4;                // board 1: sides A, B; board 2: sides C, D
constexpr std::uint16_t kAllCards = 0x3ff;  // the digits 0..9
constexpr int kHandRefillBelow = 4;         // fewer cards than this in hand: take the discards back

enum class PadKind : std::uint8_t { RunBack, Change };
struct Pad {
  PadKind kind = PadKind::RunBack;
  std::uint8_t value = 0;
  bool operator==(const Pad&) const = default;
};

// One side of a board: which of its 100 squares are water (bit per square).
struct WaterSide {
  std::array<std::uint64_t, 2> bits{};
  bool has(int square) const { return (bits[square >> 6] >> (square & 63)) & 1u; }
  void set(int square) { bits[square >> 6] |= std::uint64_t{1} << (square & 63); }
  bool operator==(const WaterSide&) const = default;
};

struct Params {
  Params();                                  // the documented defaults
  int lifesavers = 0;                        // per player; 0 = the table by player count (3:4, 4:3, 5-6:2, 7-8:1)
  int start_player = 0;                      // 0: a random seat; 1..8: that seat
  std::array<WaterSide, kNumSides> water{};  // sides A, B (board 1) and C, D (board 2)
  std::array<Pad, kMaxPads> pads{};          // the clover pad supply
  int num_pads = 0;
  int first_side = 0;                 // side up on the rear (first) board at the start: 0 = A, 1 = B
  int second_side = 2;                // side up on the front board at the start: 2 = C, 3 = D
  bool allow_rotation = false;        // relaying may also turn the board half round
  bool joint_last_eliminated = true;  // nobody left: all of the last eliminated win (false: the one behind)
  static Params from(const ParamMap& map);
  bool operator==(const Params&) const = default;
};

enum class Phase : std::uint8_t {
  Bid,      // 1: the active seat lays its secret cards, one digit at a time (highest place first)
  Pads,     // 2a-b: the active seat's bid is revealed; it may play clover pads, then moves
  Delta,    // 2b: a Change Scope pad was played: by how much
  Relay,    // III: the rear board emptied during the active seat's move: which side goes up
  TakePad,  // 3: the cherub holder takes a clover pad from the supply
  GameOver,
};

// Action ids.
namespace act {
constexpr int kCard = 0;      // + digit: lay this card as the next (lower) digit of the bid
constexpr int kBidDone = 10;  // the bid is complete (after 1 or 2 cards; 3 complete it by themselves)
constexpr int kRunBack = 11;  // + value - 1: play a Run Back pad of this value
constexpr int kChange = kRunBack + kMaxRunBack;          // + value - 1: play a Change Scope pad of this value
constexpr int kMove = kChange + kMaxChange;              // no more pads: move the sheep
constexpr int kDelta = kMove + 1;                        // + delta + kMaxChange: change the scope by delta
constexpr int kRelay = kDelta + 2 * kMaxChange + 1;      // + side + 4 * turned: the relaid board's side
constexpr int kTakeRunBack = kRelay + 2 * kNumSides;     // + value - 1: the cherub takes this Run Back pad
constexpr int kTakeChange = kTakeRunBack + kMaxRunBack;  // + value - 1: ... this Change Scope pad
constexpr int kCount = kTakeChange + kMaxChange;
}  // namespace act

// clang-format off
enum EventKind : std::uint8_t {
  evRoundStart, evBid, evReveal, evPlayPad, evDelta, evMove, evStay, evShove, evWater, evOut, evRelay,
  evBoth, evImp, evCherub, evReassign, evImpPenalty, evTakePad, evTakeBack, evWin,
};
// clang-format on
// Why a sheep left the game (evOut's b).
enum OutReason : std::uint8_t { outWater, outOffTheEnd, outImp };

constexpr std::uint8_t kPadSupply = 0xff;  // pad_where: in the supply
constexpr std::uint8_t kPadGone = 0xfe;    // pad_where: played or boxed; out of the game

// What one seat may know. Equal observations <=> that seat cannot tell the states apart.
struct Observation {
  Player viewer = kSpectator;
  std::int8_t num_players = 0;
  Phase phase = Phase::Bid;
  Player active = 0;
  Player to_move = 0;
  Player start_player = 0;
  std::uint16_t round = 0;
  std::array<std::int16_t, kMaxSeats> position{};  // -1: out of the game
  std::array<bool, kMaxSeats> at_start{};          // still on the starting square (stacking allowed)
  std::array<std::uint8_t, kMaxSeats> lifesavers{};
  std::array<std::uint16_t, kMaxSeats> hand{};  // a seat with a hidden bid: hand and bid together
  std::array<std::uint16_t, kMaxSeats> discard{};
  std::array<bool, kMaxSeats> has_bid{};
  std::array<std::uint8_t, kMaxSeats> bid_len{};  // known: own, or revealed
  std::array<std::array<std::uint8_t, 3>, kMaxSeats> bid{};
  std::array<std::uint8_t, kMaxSeats> cards_laid{};  // face-down cards in front of each seat: everybody sees them
  std::array<bool, kMaxSeats> revealed{};
  std::array<bool, kMaxSeats> evaluated{};
  std::array<std::int16_t, kMaxSeats> scope{};  // revealed scopes (after changes)
  std::array<std::uint8_t, kMaxPads> pad_where{};
  std::array<Pad, kMaxPads> pads{};
  std::uint8_t num_pads = 0;
  Player imp = -1;
  Player cherub = -1;
  std::uint16_t run_back = 0;
  std::uint8_t pending_change = 0;
  std::array<std::uint8_t, 2> side{};
  std::array<bool, 2> turned{};
  std::array<std::uint16_t, kMaxSeats> out_moment{};  // 0: in; else when the sheep left (higher = later)
  // The water of the rear [0] and front [1] board as they lie (a turned board
  // read from its far end): the boards are face up, so every seat sees it.
  std::array<WaterSide, 2> water{};
  PlayerList winners;
  bool is_water(int square) const { return water[square / kSquaresPerBoard].has(square % kSquaresPerBoard); }
  bool operator==(const Observation&) const = default;
};
void to_json(nlohmann::json& out, const Observation& obs);
// With `layout`, also records the named sections of the tensor (core/tensor.hpp).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout = nullptr);

class State : public StateBase<State, EventKind> {
 public:
  using Params = hustle::Params;
  using Observation = hustle::Observation;
  static constexpr const char* kId = "hustle";
  static constexpr const char* kName = "Sheep Hustle";
  static constexpr const char* kShortName = "Sheep Hustle";  // where space is short: a table's header
  static constexpr const char* kBlurb =
      "Race along the dyke with secret number bids, dodging water; the runner-up wins, so do not run off the end.";
  static constexpr int kMinPlayers = 3;
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kNumDistinctActions = act::kCount;
  // Random play-outs: the heuristic's own play-outs judged bids worse (docs/agents.md).
  static constexpr SearchDefaults kSearchDefaults{};
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

  // Derived figures the rules, the tests and the fronts use.
  bool alive(Player p) const { return position[p] >= 0; }
  int alive_count() const;
  bool is_water(int square) const;  // square on the dyke, 0..199
  int bid_value(Player p) const;    // the number the laid cards make
  int total_lifesavers() const;     // in front of players + used + boxed (conservation)
  int total_cards() const;          // hands + discards + bids + boxed (conservation)
  int lifesaver_table() const;      // the per-player count this game started with

  bool operator==(const State&) const = default;

  // The state is plain data so that tests can set up any rule situation.
  Params params;
  Phase phase = Phase::Bid;
  Player active = 0;
  Player start_player = 0;
  std::uint16_t round = 0;
  std::array<std::int16_t, kMaxSeats> position{};  // linear square 0..199; -1: out
  std::array<bool, kMaxSeats> at_start{};          // on the start square, never moved yet
  std::array<std::uint8_t, kMaxSeats> lifesavers{};
  std::array<std::uint16_t, kMaxSeats> hand{};
  std::array<std::uint16_t, kMaxSeats> discard{};
  std::array<std::array<std::uint8_t, 3>, kMaxSeats> bid{};  // highest place first
  std::array<std::uint8_t, kMaxSeats> bid_len{};
  std::array<bool, kMaxSeats> has_bid{};  // the bid is complete (still hidden until revealed)
  std::array<bool, kMaxSeats> revealed{};
  std::array<bool, kMaxSeats> evaluated{};  // revealed, moved and compared this round
  std::array<std::int16_t, kMaxSeats> scope{};
  std::array<std::uint8_t, kMaxPads> pad_where{};  // owner seat, kPadSupply or kPadGone
  Player imp = -1;
  Player cherub = -1;
  std::uint16_t run_back = 0;                         // Run Back pads played this evaluation (sum)
  std::uint8_t pending_change = 0;                    // value of the Change Scope pad awaiting its delta
  std::array<std::uint8_t, 2> side{};                 // side up on the rear [0] and front [1] board (0..3 = A..D)
  std::array<bool, 2> turned{};                       // board laid turned half round (allow_rotation)
  std::array<std::uint16_t, kMaxSeats> out_moment{};  // 0: in the game; else the moment it left
  std::array<std::int16_t, kMaxSeats> out_square{};   // where it stood when it left
  std::uint16_t moment = 0;                           // counts moves and round ends (eliminations' clock)
  std::uint8_t lifesavers_used = 0;
  std::uint8_t lifesavers_boxed = 0;
  std::uint8_t cards_boxed = 0;

 private:
  // apply() once StateBase has checked the action: the phase's rule step.
  friend StateBase;
  void apply_legal(Action action);
  // Preparation and the round, in the rulebook's order (rules.cpp).
  void set_up(std::uint64_t seed);
  void start_round();        // phase 1 begins
  void lay_card(int digit);  // 1: secret scope, one card
  void finish_bid();
  void reveal(Player p);                   // 2a
  void play_pad(PadKind kind, int value);  // 2b
  void change_scope(int delta);            // 2b: Change Scope
  void move_sheep();                       // 2c, with I, II, IV and the Run Back pads
  void land(Player p, int square);         // I + II: a move ends here
  void shove(Player q);                    // I: one square forward, chained
  void water_check(Player q);              // II
  void after_move();                       // III, then 2d
  bool rear_board_empty() const;
  void relay_rear_board(int new_side, bool turned_round, Player chooser);  // III
  void finish_evaluation();                                                // 2d, then the next player
  void compare_scopes(Player p);                                           // 2d
  void next_evaluator();
  void evaluate_round();                                   // 3
  void take_pad(PadKind kind, int value);                  // 3: cherub
  void prepare_next_round();                               // 4
  void eliminate(Player q, OutReason why, bool reassign);  // V
  void reassign_cards();                                   // V: imp / cherub after an elimination
  bool check_end();                                        // end of game
  int order_of(Player p) const { return (p - start_player + num_players_) % num_players_; }
  int owned_pad(Player p, PadKind kind, int value) const;  // index of such a pad, or -1
  bool pad_in_supply(PadKind kind, int value) const;
  bool run_back_allowed(int extra) const;
  bool delta_allowed(int delta) const;

  std::uint8_t lifesavers_each_ = 0;
};

std::string side_name(int side);
std::string pad_name(Pad pad);
std::string square_name(int square);  // "square 40 of the second board", as the log says it
// A board side's water as it lies: turned half round, its square i shows the side's square 99 - i.
WaterSide as_laid(const WaterSide& side, bool turned);

// A rule-of-thumb player (heuristic.cpp); reads only the acting seat's observation
// and the public board layout.
Action heuristic_action(const State& state, Rng& rng);

// Teaching (explain.cpp): a legal action's effect from the mover's observation,
// the final score by category, why the winners won; no pass actions here.
std::string action_hint(const Observation& obs, Action action);
// Where a move would leave the mover's sheep, by today's dyke (explain.cpp): a
// square, kDykeLength past the far end, or -1 for a move that lands nowhere yet.
int action_landing(const Observation& obs, Action action);
ActionTarget action_target(const Observation& obs, Action action);  // targets.cpp
ScoreBreakdown score_breakdown(const State& state, Player seat);
std::string result_explanation(const State& state, Names names);
bool is_pass(const State& state, Action action);

}  // namespace bw::hustle
