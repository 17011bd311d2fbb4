#pragma once
// Sheep in Disguise (Skybound Tabletop 2021) with Golden Sheep, Buying and
// Wild Flocks: rules only. See docs/rules/disguise.md.
//
// Cards of one kind are interchangeable, so hands are counts per kind; the
// draw pile keeps its order; the discard pile is public. A flock is a bit per
// sheep type (plus one Wild Flock, a mask of its five types). What each seat
// can prove about another hand (cards seen entering it) is kept as lower
// bounds, because observation() and determinize() must respect it.
#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/action_target.hpp"
#include "core/game.hpp"
#include "core/hand_counts.hpp"
#include "core/pile.hpp"
#include "core/search_defaults.hpp"
#include "core/state_base.hpp"
#include "core/tensor.hpp"

namespace bw::disguise {

constexpr int kMaxSeats = 6;
constexpr int kSheepTypes = 8;
constexpr int kActionTypes = 10;
constexpr int kMaxCards = 200;

// Card kinds: 0..7 the sheep types, then the Golden Sheep, the ten actions,
// and the Attacks (never held: they resolve the moment they appear).
enum Card : std::uint8_t {
  kGolden = kSheepTypes,
  kNiceTry,
  kDraw2,
  kSteal,
  kGimme,
  kYoink,
  kTake2,
  kRestock,
  kYank,
  kDig,
  kExpose,
  kNumHoldable,                // kinds a hand, the Field or the discard can hold
  kAttackLeft = kNumHoldable,  // secondary effect: everybody passes 1 card to the left
  kAttackRight,                // ... to the right
  kNumCardKinds
};
constexpr bool is_sheep(int card) { return card < kSheepTypes; }
constexpr bool is_action(int card) { return card >= kNiceTry && card <= kExpose; }
constexpr bool is_attack(int card) { return card >= kAttackLeft && card < kNumCardKinds; }

using CardCounts = std::array<std::uint8_t, kNumHoldable>;
constexpr int kWildSlot = kSheepTypes;  // flock slot 8 is the Wild Flock
constexpr int kFlockSlots = kSheepTypes + 1;

struct Params {
  std::array<std::uint8_t, kSheepTypes> sheep{6, 6, 6, 6, 6, 6, 6, 6};           // copies per sheep type
  std::array<std::uint8_t, kActionTypes> actions{6, 4, 4, 4, 4, 4, 3, 5, 3, 5};  // Nice Try .. Expose
  std::array<std::uint8_t, 2> attacks{4, 0};                                     // pass left, pass right
  bool golden_sheep = false;  // 3 Golden Sheep in the deck; holding all 3 wins
  bool buying = true;         // extra move: pay 2 of a kind for a Field card
  bool wild_flocks = true;    // extra move: 5 different sheep as one flock
  int start_player = 0;       // 0: a random seat; 1..6: that seat
  int target_flocks = 0;      // 0: the rulebook's (5 for 2-3 players, 4 for 4, 3 for 5-6)
  int turn_limit = 400;       // guard against endless games: most flocks win
  static Params from(const ParamMap& map);
  bool operator==(const Params&) const = default;
};

enum class Phase : std::uint8_t {
  Main,          // the active seat: play, trade, buy, Wild Flock, pay off, or draw to end the turn
  TradeTake,     // trading: which Field card to take
  TradeGive,     // ... and which hand card goes to the Field in its place
  BuyPay,        // buying: which pair to pay
  BuyTake,       // ... and which Field card to take
  WildPick,      // building a Wild Flock: the next sheep type
  PayCards,      // paying off an Expose: the next of two hand cards
  ChooseTarget,  // Steal / Gimme: which opponent
  GimmeMode,     // Gimme: a named card, or one of the opponent's choosing
  ChooseFlock,   // Yoink / Yank / Double Yank / Expose: which flock
  NiceTry,       // response window: the asked seat plays Nice Try or passes
  GimmeGive,     // the Gimme target chooses the card to give
  YoinkPick,     // Yoink: which card of the flock (a sheep, or its Expose card)
  DigPick,       // Dig: which card from the discard pile
  Take2Pick,     // Take 2: the next Field card
  AttackPass,    // an Attack's secondary effect: each seat chooses the card it passes
  GameOver,
};

// Action ids. Seats are 0-based inside, 1-based in text.
namespace act {
constexpr int kDrawEnd = 0;
constexpr int kPlay = 1;  // + PlayKind
// clang-format off
enum PlayKind {
  pDraw2, pSteal, pGimme, pYoink, pTake2, pRestockHand, pRestockField, pYank, pDoubleYank, pDig, pExpose, kNumPlays
};
// clang-format on
constexpr int kTrade = kPlay + kNumPlays;     // start the turn's trade with the Field
constexpr int kBuy = kTrade + 1;              // start a buy
constexpr int kField = kBuy + 1;              // + kind taken from the Field (trade, buy, Take 2)
constexpr int kHand = kField + kNumHoldable;  // + kind from the own hand (trade, buy, give, pay, pass)
constexpr int kWild = kHand + kNumHoldable;   // start a Wild Flock
constexpr int kSheep = kWild + 1;             // + sheep type (Wild Flock, Yoink)
constexpr int kYoinkExpose = kSheep + kSheepTypes;
constexpr int kFlock = kYoinkExpose + 1;                   // + owner * 9 + slot
constexpr int kPayOff = kFlock + kMaxSeats * kFlockSlots;  // + own exposed slot
constexpr int kTarget = kPayOff + kFlockSlots;             // + seat
constexpr int kGimmeAny = kTarget + kMaxSeats;
constexpr int kGimmeAsk = kGimmeAny + 1;        // + kind
constexpr int kDig = kGimmeAsk + kNumHoldable;  // + kind
constexpr int kNiceTry = kDig + kNumHoldable;
constexpr int kPass = kNiceTry + 1;
constexpr int kCount = kPass + 1;
}  // namespace act

// clang-format off
enum EventKind : std::uint8_t {
  evTurnStart, evDrawCard, evFieldCard, evAttack, evExposedDiscarded, evPassed, evPlay, evNiceTry, evCancelled,
  evNoWindow, evTrade, evBuy, evWild, evPayOff, evFlock, evSteal, evStealNothing, evGimmeHit, evGimmeMiss,
  evGimmeGive, evYoinkSheep, evYoinkExpose, evYank, evExpose, evTake, evDig, evRestockHand, evRestockField,
  evReshuffle, evDeckEmpty, evWin, evGoldenWin, evTurnLimit, evPassWindow, evChoosePass, evAim, evAimFlock,
  evWildCard, evPayCard,
};
// clang-format on

// Where a running sequence of draws puts its cards.
struct DrawJob {
  std::int8_t dest = -1;  // seat, or -1 for the Field
  std::uint8_t remaining = 0;
  bool ends_turn = false;  // when done: the next seat's turn
  bool operator==(const DrawJob&) const = default;
};

// What one seat may know. Equal observations <=> that seat cannot tell the states apart.
struct Observation {
  Player viewer = kSpectator;
  std::int8_t num_players = 0;
  Phase phase = Phase::Main;
  Player active = 0;
  Player to_move = 0;
  std::uint16_t turn = 0;
  std::uint8_t target_flocks = 0;
  std::uint8_t draw_pile_size = 0;
  bool traded = false;
  std::uint8_t play = 0, played_count = 0;
  Player target = -1, flock_owner = -1;
  std::int8_t flock_slot = -1, gimme_kind = -1;
  std::uint8_t nice_depth = 0;
  Player last_card_by = -1, asked = -1;
  std::uint8_t picks_left = 0, pick_kind = 0, wild_building = 0;
  DrawJob job;
  std::int8_t attack = -1;
  CardCounts own_hand{};
  std::int8_t own_pass = -1;
  CardCounts laid{};  // the cards paid or laid so far for a buy, a pay-off or a Wild Flock under way
  std::array<bool, kMaxSeats> has_passed{};
  std::array<std::uint8_t, kMaxSeats> hand_size{};
  std::array<std::uint8_t, kMaxSeats> flocks{};
  std::array<std::uint8_t, kMaxSeats> wild{};
  std::array<std::uint16_t, kMaxSeats> exposed{};
  std::array<CardCounts, kMaxSeats> known_in_hand{};
  FixedVector<std::uint8_t, 3> field;
  std::array<std::uint8_t, kNumCardKinds> discard{};
  PlayerList winners;
  bool operator==(const Observation&) const = default;
};
void to_json(nlohmann::json& out, const Observation& obs);
// With `layout`, also records the named sections of the tensor (core/tensor.hpp).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout = nullptr);

// Bits set in a flock-slot mask, by table (no libgcc call without -mpopcnt).
inline constexpr std::array<std::uint8_t, 512> kBits = [] {
  std::array<std::uint8_t, 512> t{};
  for (unsigned i = 1; i < 512; ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1u));
  return t;
}();

class State : public StateBase<State, EventKind> {
 public:
  using Params = disguise::Params;
  using Observation = disguise::Observation;
  static constexpr const char* kId = "disguise";
  static constexpr const char* kName = "Sheep in Disguise";
  static constexpr const char* kShortName = "Sheep in Disguise";  // where space is short: a table's header
  static constexpr const char* kBlurb =
      "Build flocks of sheep, steal and swap cards, and cancel plays with a timely Nice Try.";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kNumDistinctActions = act::kCount;
  // Random play-outs rarely finish (docs/agents.md): the search plays the
  // heuristic for a few turns and scores the position with position_value().
  static constexpr SearchDefaults kSearchDefaults{.heuristic_rollout = true, .horizon = 40};
  static std::vector<ParamSpec> param_specs();

  State(const Params& params, int num_players, std::uint64_t seed);

  Player current_player() const;
  bool is_terminal() const { return phase == Phase::GameOver; }
  void legal_actions(ActionList& out) const;
  bool is_legal(Action action) const;
  // apply(action): StateBase's, which asserts is_legal() and calls apply_legal().
  static std::string action_to_string(Action action);

  Observation observation(Player viewer) const;
  CardCounts laid_so_far() const;
  void determinize(Player viewer, Rng& rng);
  Scores scores() const;
  std::string describe(const Event& event, Player viewer, Names names) const;
  std::string render(Player viewer, Names names) const;

  // Derived figures the rules, the tests and the fronts use.
  // Inline: legal_actions() asks these for every card (decisions.cpp).
  int hand_size(Player p) const { return count_total(hand[p]); }
  int flock_count(Player p) const { return kBits[slot_mask(p)]; }  // regular + Wild, exposed included
  // Bit per flock slot this seat holds (slot 8: the Wild Flock).
  std::uint16_t slot_mask(Player p) const {
    return static_cast<std::uint16_t>(flocks[p] | (wild[p] ? 1u << kWildSlot : 0u));
  }
  bool has_flock(Player p, int slot) const {
    return slot == kWildSlot ? wild[p] != 0 : ((flocks[p] >> slot) & 1u) != 0;
  }
  bool is_exposed(Player p, int slot) const { return (exposed[p] >> slot) & 1u; }
  int target_flocks() const { return target_flocks_; }
  int total_cards() const;           // every card in the game, wherever it is (conservation checks)
  int nice_try_unaccounted() const;  // Nice Trys not face up (discard, Field): could be in a hand
  // The seat the Nice Try window asks after `from`, or -1 when the window closes.
  Player next_to_ask(Player from) const;

  bool operator==(const State&) const = default;

  // Plain data so that tests can set up any rule situation.
  Params params;
  Phase phase = Phase::Main;
  Player active = 0;
  std::uint16_t turn = 0;
  bool traded = false;
  // The Action card in play (an act::PlayKind) and what it aims at.
  std::uint8_t play = 0;
  std::uint8_t played_count = 0;  // cards held in play (1, or 2 for a Double Yank)
  Player target = -1;
  Player flock_owner = -1;
  std::int8_t flock_slot = -1;
  std::int8_t gimme_kind = -1;  // Gimme: the named kind, or -1 for "your choice"
  // Nice Try window.
  std::uint8_t nice_depth = 0;  // Nice Trys played against the card in play
  Player last_card_by = -1;     // who played the card the window answers
  Player asked = -1;            // the seat being asked now
  // Small multi-step decisions.
  std::uint8_t picks_left = 0;
  std::uint8_t pick_kind = 0;      // trade: the Field card; buy: the pair; pay-off: the flock slot
  std::uint8_t wild_building = 0;  // Wild Flock types chosen so far
  DrawJob job;
  std::int8_t attack = -1;                         // the Attack being resolved, or -1
  std::array<std::int8_t, kMaxSeats> pass_card{};  // AttackPass: chosen card, -1 none yet, -2 nothing to pass
  std::array<CardCounts, kMaxSeats> hand{};
  std::array<std::uint8_t, kMaxSeats> flocks{};    // bit per sheep type
  std::array<std::uint8_t, kMaxSeats> wild{};      // Wild Flock: mask of its five types (0: none)
  std::array<std::uint16_t, kMaxSeats> exposed{};  // bit per flock slot carrying an Expose card
  FixedVector<std::uint8_t, 3> field;
  Pile<std::uint8_t, kMaxCards> draw_pile;  // top card is back()
  Pile<std::uint8_t, kMaxCards> discard;
  // known[v][h]: cards seat v can prove are in seat h's hand (a lower bound per kind).
  KnownCards<kMaxSeats, kNumHoldable> known{};
  // What anybody, a spectator too, can prove in each hand: the cards seen
  // going in, less what may have left unseen. Never more than any seat's
  // known[v][h], since every seat saw the same.
  std::array<CardCounts, kMaxSeats> public_known{};
  // AttackPass: what seat p's receiver could prove in p's hand before p set a
  // card aside. Until the cards change hands the receiver counts on one fewer
  // of every kind, like everybody else; once it sees the card, it gets back
  // all but that one (finish_attack_passes).
  std::array<CardCounts, kMaxSeats> receiver_knew{};

 private:
  // apply() once StateBase has checked the action: the phase's rule step.
  friend StateBase;
  void apply_legal(Action action);
  // Setup and the turn, in the rulebook's order (rules.cpp).
  void set_up(std::uint64_t seed);
  void form_flocks();
  bool check_win();
  void start_turn(Player p);
  void end_turn();
  void run_draws();
  void resolve_attack(std::uint8_t card);
  Player pass_receiver(Player passer) const;
  void finish_attack_passes();
  void finish_attack();
  void play_card(int kind);
  void open_window(Player card_by);
  void resolve_play();
  void resolve_yoink(int choice);
  // The Nice Try window's answers and each Action card's effect (nice_try.cpp).
  void play_nice_try();
  void pass_window();
  void discard_played_cards();
  void draw_two();
  void steal();
  void gimme();
  void yoink();
  void take_two();
  void restock_hand();
  void restock_field();
  void yank();
  void expose();
  // The decisions apply_legal() dispatches, one a phase (decisions.cpp).
  void take_turn_action(int a);
  void choose_trade_take(int field_kind);
  void pay_for_buy(int hand_kind);
  void choose_target(Player seat);
  void choose_gimme_kind(int kind);
  void choose_flock(int flock);
  void give_gimme_card(int kind);
  void dig_up(int kind);
  void take2_pick(int field_kind);
  void choose_attack_pass(int kind);
  void trade(int hand_kind);
  void buy(int field_kind);
  void add_wild_type(int type);
  void pay_card(int kind);
  void refill_field();
  bool draw_card(std::uint8_t& card);
  void continue_after_job();
  // Card movement with the knowledge bookkeeping that goes with it.
  void into_hand_publicly(Player p, int kind, int n = 1);
  void out_of_hand_publicly(Player p, int kind, int n = 1);
  void out_of_hand_unseen(Player p, int kind, Player seer);
  void field_take(int kind);

  std::uint8_t target_flocks_ = 5;
  std::uint8_t golden_count_ = 0;
};

std::string card_name(int card);
// A flock slot as boards and observations name it: its sheep type ("Sheep 5"), or "Wild Flock".
std::string flock_type(int slot);

// A rule-of-thumb player (heuristic.cpp); reads only the acting seat's observation.
Action heuristic_action(const State& state, Rng& rng);
// Each seat's chance of winning from here, estimated from flocks and pairs:
// what a tree search scores a play-out with when it cuts it short (heuristic.cpp).
// It reads the whole state, which inside a search is a sampled world.
Scores position_value(const State& state);

}  // namespace bw::disguise

// Teaching (explain.cpp): what a legal action would do, from the observation
// of the seat to move; a finished game's result by flock and in words; the
// Nice Try window's pass. The names of text.cpp that it shares. (One block
// at the end, include and all, while another change reworks the top.)
#include "core/explain.hpp"

namespace bw::disguise {

std::string action_hint(const Observation& obs, Action action);
ActionTarget action_target(const Observation& obs, Action action);  // targets.cpp
ScoreBreakdown score_breakdown(const State& state, Player seat);
std::string result_explanation(const State& state, Names names);
bool is_pass(const State& state, Action action);
std::string slot_name(int slot);                   // "Viking flock", "Wild Flock"
const char* play_name(int play);                   // an act::PlayKind: "Double Yank"
std::string list_cards(const CardCounts& counts);  // "Viking ×2, Dig", or "nothing"

}  // namespace bw::disguise
