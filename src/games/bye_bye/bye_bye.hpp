#pragma once
// Bye-Bye Black Sheep (Torsten Landsvogt): rules only. See docs/rules/bye-bye.md.
//
// Cards of one kind are interchangeable, so hands, zoos and the Wolf's stash
// are counts per card kind; the draw pile and the watering hole keep order.
// What each seat has learned about other hands (cards seen entering them, a
// Mole's look, failed Eagle questions) is kept in the state too, because the
// observation and determinize() must respect it.
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

namespace bw::bye_bye {

constexpr int kMaxSeats = 5;
constexpr int kMaxSets = 16;
constexpr int kCopiesPerSet = 4;

// Card kinds 0..15 are the animal sets 1..16; the special cards follow.
enum Card : std::uint8_t {
  kBlackSheep = kMaxSets,
  kEagle,
  kMole,
  kMagpie,
  kWhiteSheep,
  kMotherSheep,
  kWolf,
  kNumCardKinds
};
constexpr bool is_set_card(int card) { return card < kMaxSets; }
constexpr bool is_special(int card) { return card > kBlackSheep && card < kNumCardKinds; }  // not the Black Sheep

using CardCounts = std::array<std::uint8_t, kNumCardKinds>;
using ZooCounts = std::array<std::uint8_t, kMaxSets>;

struct Params {
  bool advanced = false;         // White Sheep, Mother Sheep, Wolf; chosen special cards
  bool choose_specials = true;   // advanced: seats pick the special pool in turn (false: 5 random of the 8)
  int start_player = 0;          // 0: a random seat; 1..5: that seat
  int hand_limit = 0;            // refill target; 0: the rulebook's (7, or 8 with two players)
  int target_triplets = 0;       // triplets that win; 0: the rulebook's (5/4/3/3)
  bool allow_zero_draw = false;  // may a turn stop before any draw?
  int stall_rounds = 2;          // rounds with an empty pile and no zoo change that end the game
  int turn_limit = 1000;         // a hard guard against endless games (ends as a stall)
  static Params from(const ParamMap& map);
  bool operator==(const Params&) const = default;
};

enum class Phase : std::uint8_t {
  PickSpecial,  // advanced setup: the seat whose pick it is chooses a special card for the pool
  Draw,         // the active seat draws blind from a hand, or stops
  EagleTarget,  // an Eagle was drawn: whom to ask (or not ask)
  EagleSet,     // ... and for which set
  MolePick,     // a Mole was drawn: take a set card from the hand it showed (or not)
  MagpieSteal,  // the Magpie was drawn: take a card from another zoo (or not)
  WhitePlace,   // the White Sheep was drawn: the seat it came from may put a set card in its zoo
  MotherDraw,   // the Mother Sheep was drawn: take the top pile card (or not)
  ZooPlace,     // after a voluntary stop: put set cards in the zoo, one at a time
  GameOver,
};

// Action ids. Seats and sets are 0-based inside, 1-based in text.
namespace act {
constexpr int kDrawFrom = 0;  // + seat
constexpr int kStop = 5;
constexpr int kEagleAsk = 6;  // + seat
constexpr int kEagleDecline = 11;
constexpr int kEagleSet = 12;  // + set
constexpr int kMoleTake = 28;  // + set
constexpr int kMoleDecline = 44;
constexpr int kMagpieSteal = 45;  // + seat * 16 + set
constexpr int kMagpieDecline = 125;
constexpr int kWhitePlace = 126;  // + set
constexpr int kWhiteDecline = 142;
constexpr int kMotherTake = 143;
constexpr int kMotherDecline = 144;
constexpr int kZooPlace = 145;  // + set
constexpr int kZooDone = 161;
constexpr int kPick = 162;  // + (card - kEagle): Eagle, Mole, (Magpie: never), White, Mother, Wolf
constexpr int kCount = 168;
}  // namespace act

// clang-format off
enum EventKind : std::uint8_t {
  evTurnStart, evDraw, evBlackSheep, evHaul, evStop, evPass, evEagleAsk, evEagleHit, evEagleMiss,
  evEagleDecline, evMoleLook, evMoleTake, evMagpieEnters, evMagpieSteal, evWhitePlace, evMotherDraw,
  evWolf, evZooPlace, evRefill, evWolfReturn, evPick, evSpecialsDealt, evWin, evStall, evEagleTarget,
  evMoleDecline, evMagpieDecline, evWhiteDecline, evMotherDecline, evZooDone,
};
// clang-format on

// What one seat may know. Equal observations <=> that seat cannot tell the states apart.
struct Observation {
  Player viewer = kSpectator;
  std::int8_t num_players = 0;
  Phase phase = Phase::Draw;
  Player active = 0;
  Player to_move = 0;
  Player pending_seat = -1;  // asked by the Eagle / shown by the Mole / holder of the White Sheep choice
  std::uint8_t zoo_allowance = 0;
  std::uint8_t draws_this_turn = 0;
  std::uint16_t turn = 0;
  std::uint16_t quiet_turns = 0;
  bool zoo_changed_this_turn = false;
  Player start_player = 0;
  std::uint8_t draw_pile_size = 0;
  std::uint8_t target_triplets = 0;
  bool magpie_in_play = false;
  CardCounts own_hand{};
  std::array<std::uint8_t, kMaxSeats> hand_size{};
  std::array<std::uint8_t, kMaxSeats> specials_in_hand{};
  std::array<ZooCounts, kMaxSeats> zoo{};
  FixedVector<std::uint8_t, 80> watering_hole;
  Player wolf_owner = -1;
  CardCounts wolf_stash{};
  std::array<CardCounts, kMaxSeats> known_in_hand{};    // lower bounds this viewer can prove
  std::array<std::uint16_t, kMaxSeats> known_absent{};  // sets a hand is known to lack (bit per set)
  CardCounts special_pool{};                            // advanced setup: cards still to pick
  FixedVector<std::uint8_t, kMaxSeats> picks;           // advanced setup: picks so far, public
  PlayerList winners;
  bool operator==(const Observation&) const = default;
};
void to_json(nlohmann::json& out, const Observation& obs);
// With `layout`, also records the named sections of the tensor (core/tensor.hpp).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout = nullptr);

class State : public StateBase<State, EventKind> {
 public:
  using Params = bye_bye::Params;
  using Observation = bye_bye::Observation;
  static constexpr const char* kId = "bye-bye";
  static constexpr const char* kName = "Bye-Bye Black Sheep";
  static constexpr const char* kShortName = "Bye-Bye Black Sheep";  // where space is short: a table's header
  static constexpr const char* kBlurb =
      "Draw blind from the other hands, dodge the Black Sheep, and collect triplets in your zoo.";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kNumDistinctActions = act::kCount;
  // Heuristic play-outs and a larger budget: random play-outs cannot value a
  // zoo, and 1000 iterations only draw level with the heuristic. Opponents in
  // the tree follow the heuristic: against the heuristic that weighs triplets
  // that won 32.1% of 1,000 four-seat games where the default tree won 28.0%
  // (docs/strength.md).
  static constexpr SearchDefaults kSearchDefaults{.iterations = 3000, .heuristic_rollout = true, .opponent_model = 1.0};
  // A 200-iteration search plays below the heuristic here (18% against its 27%
  // over 200 four-seat games), so the heuristic is medium and easy is a short
  // search that ignores it in the tree (docs/strength.md).
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

  // Derived figures the rules and the fronts both use.
  int hand_size(Player p) const;
  int triplets(Player p) const;
  int zoo_size(Player p) const;
  int species_in_zoo(Player p) const;
  int sets_in_play() const { return sets_in_play_; }
  int target() const { return target_triplets_; }
  int hand_limit() const { return hand_limit_; }
  int total_cards() const;  // every card in the game, wherever it is (conservation checks)
  // The special cards dealt at the start, as every seat knows them (false
  // before the deal, and when five of the eight were dealt unseen).
  bool specials_dealt(CardCounts& out) const;

  bool operator==(const State&) const = default;

  // The state is plain data so that tests can set up any rule situation.
  Params params;
  Phase phase = Phase::Draw;
  Player active = 0;
  Player start_player = 0;
  Player pending_seat = -1;
  std::uint8_t zoo_allowance = 0;
  std::uint8_t draws_this_turn = 0;
  bool zoo_changed_this_turn = false;
  bool magpie_in_play = false;
  std::uint16_t turn = 0;
  std::uint16_t quiet_turns = 0;
  std::array<CardCounts, kMaxSeats> hand{};
  std::array<ZooCounts, kMaxSeats> zoo{};
  std::array<std::uint8_t, kMaxSeats> specials_in_hand{};  // public count of non-Black-Sheep specials
  FixedVector<std::uint8_t, 80> watering_hole;
  Pile<std::uint8_t, 64> draw_pile;
  Player wolf_owner = -1;
  CardCounts wolf_stash{};
  // known[v][h]: cards seat v can prove are in seat h's hand (a lower bound per kind).
  KnownCards<kMaxSeats, kNumCardKinds> known{};
  // What anybody, a spectator too, has seen go into each hand and not out:
  // the Black Sheep, hauls, the Wolf's stash, the Magpie. Never more than any
  // seat's known[v][h], since every seat saw the same.
  std::array<CardCounts, kMaxSeats> public_known{};
  std::array<std::uint16_t, kMaxSeats> known_absent{};  // public: sets a hand lacks (failed Eagle)
  CardCounts special_pool{};                            // advanced setup
  FixedVector<std::uint8_t, kMaxSeats> picks;

 private:
  // apply() once StateBase has checked the action: the phase's rule step.
  friend StateBase;
  void apply_legal(Action action);
  // Setup and the turn, in the rulebook's order (rules.cpp).
  void set_up(std::uint64_t seed);
  void deal_specials(FixedVector<std::uint8_t, kMaxSeats> specials);
  void pick_special(std::uint8_t card);
  void draw_blind(Player from);
  void on_special_drawn(std::uint8_t card, Player from);
  void black_sheep_ends_turn(Player from);
  void stop_voluntarily();
  void take_watering_hole_into_hand();
  void choose_eagle_target(Player target);
  void eagle_question(std::uint8_t set);
  void mole_take(int set);
  void magpie_steal(Player victim, int set);
  void white_sheep_place(int set);
  void mother_sheep_draw(bool take);
  void place_in_zoo(Player owner, std::uint8_t set);
  void place_after_stop(int set);
  void check_magpie_entry(Player placer, std::uint8_t set);
  bool check_win(Player p);
  void end_turn();
  void refill_hands();
  void end_by_stall();
  void continue_drawing() { phase = Phase::Draw; }
  // What the viewer's counts of every card prove beyond what it saw (observation.cpp).
  void add_what_counting_proves(Player viewer, Observation& obs) const;
  // Card movement with the knowledge bookkeeping that goes with it.
  void move_into_hand_publicly(Player p, std::uint8_t card);
  void remove_from_hand_publicly(Player p, std::uint8_t card);

  std::uint8_t sets_in_play_ = 0;
  std::uint8_t hand_limit_ = 7;
  std::uint8_t target_triplets_ = 4;
};

std::string card_name(int card);

// A rule-of-thumb player (heuristic.cpp); reads only the acting seat's observation.
Action heuristic_action(const State& state, Rng& rng);
// Each seat's chance of winning from here, from triplets and the pairs and
// cards that can still become one: what a tree search scores a play-out with
// when it cuts it short (heuristic.cpp). Reads the whole state, which inside a
// search is a sampled world.
Scores position_value(const State& state);
// What chance has shown `viewer` (its hand, the watering hole, what it can
// prove of other hands) as a key: the search branches on it after the seat's
// own draws (observation.cpp).
std::uint32_t private_outcome(const State& state, Player viewer);
// ---------------------------------------------------------------- Teaching (explain.cpp)

// Rules the hints and the itemised score share with play (rules.cpp).
constexpr int kTripletSize = 3;
constexpr bool is_triplet(int cards_of_a_set) { return cards_of_a_set >= kTripletSize; }
int triplets_in(const ZooCounts& zoo);  // the score: one per triplet
int species_in(const ZooCounts& zoo);
// A voluntary stop lets one card into the zoo per card beyond two at the watering hole.
constexpr int zoo_allowance_for(int cards_at_watering_hole) {
  return cards_at_watering_hole > 2 ? cards_at_watering_hole - 2 : 0;
}
bool placement_brings_in_magpie(const std::array<ZooCounts, kMaxSeats>& zoos, int num_players, Player placer, int set);

// The teaching hooks (core/game_hooks.hpp).
std::string action_hint(const Observation& obs, Action action);
ActionTarget action_target(const Observation& obs, Action action);  // targets.cpp
ScoreBreakdown score_breakdown(const State& state, Player seat);
std::string result_explanation(const State& state, Names names);
bool is_pass(const State& state, Action action);

}  // namespace bw::bye_bye
