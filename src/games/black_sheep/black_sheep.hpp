#pragma once
// Reiner Knizia's Black Sheep (FFG 2008) with the Task Card variant: rules only.
// See docs/rules/black-sheep.md.
//
// Animal cards of one kind are interchangeable, so hands and the discard pile
// are counts per animal; the draw deck keeps its order. Every plastic figure
// carries a hidden value; the stock, the fields and the corrals keep each
// figure's value so that final scoring is exact, and determinize() permutes
// the values a seat cannot know.
#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/action_target.hpp"
#include "core/explain.hpp"
#include "core/game.hpp"
#include "core/hand_counts.hpp"
#include "core/pile.hpp"
#include "core/search_defaults.hpp"
#include "core/state_base.hpp"
#include "core/tensor.hpp"

namespace bw::black_sheep {

constexpr int kMaxSeats = 4;
constexpr int kNumFields = 3;
constexpr int kSideCards = 3;  // cards a side of a field holds
constexpr int kHandSize = 3;
constexpr int kCardsPerAnimal = 14;   // 84 animal cards
constexpr int kFiguresPerAnimal = 6;  // 36 plastic animals
constexpr int kDeckSize = 6 * kCardsPerAnimal;
constexpr int kMaxTasks = 16;
constexpr int kTasksInPlay = 6;
constexpr int kBonusPoints = 6;  // a six-point bonus card

// Best first: the rulebook's order of animal types.
enum Animal : std::uint8_t { kHorse, kCow, kPig, kSheep, kRooster, kBlackSheep, kNumAnimals };
using AnimalCounts = std::array<std::uint8_t, kNumAnimals>;

// ---------------------------------------------------------------- Hand strength

// The seven combination ranks, lowest first.
enum class Combination : std::uint8_t { HighAnimal, Pair, TwoPairs, Three, FullFarm, Four, Five };

// The strength of one side's animals (two field figures + three cards; fewer
// when a field was stocked with one figure). Higher `key` wins; equal keys are
// identical combinations (then the earliest completed side wins).
struct HandRank {
  Combination combination = Combination::HighAnimal;
  // The animals in comparison order: by group size, then animal rank (the
  // triple before the pair, the higher pair before the lower, then the kickers).
  FixedVector<std::uint8_t, 5> order;
  std::uint32_t key = 0;
  bool operator==(const HandRank&) const = default;
};
HandRank rank_hand(const AnimalCounts& animals);
// "three horses and two black sheep", "four cows", "a pair of pigs; then horse, rooster, black sheep".
std::string describe_hand(const HandRank& rank);
// Parses "horse horse cow cow pig" (names or plurals, commas allowed). Throws
// BadParameter on an unknown word or more than five animals.
AnimalCounts parse_hand(std::string_view text);
// For `bellwether explain black-sheep --hand "..."`: every hand given (separated
// by '|' or ';') ranked, best first, with the reason one beats the next.
std::string explain_hands(std::string_view text);

// ---------------------------------------------------------------- Parameters

enum class TaskKind : std::uint8_t { Majority, Combination, LoneBlackSheep };
struct Task {
  TaskKind kind = TaskKind::Majority;
  std::uint8_t animal = 0;  // Majority: the animal
  AnimalCounts need{};      // Combination: animals needed per matching combination
  std::int8_t points = 0;   // Majority/Combination: points per fulfilment
  bool operator==(const Task&) const = default;
};
using TaskList = FixedVector<Task, kMaxTasks>;
using FigureValues = std::array<std::array<std::int8_t, kFiguresPerAnimal>, kNumAnimals>;

TaskList default_tasks();
FigureValues default_figure_values();
TaskList parse_tasks(std::string_view text);              // throws BadParameter
FigureValues parse_figure_values(std::string_view text);  // throws BadParameter
std::string task_text(const Task& task);

struct Params {
  bool tasks = false;                                    // the Task Card variant
  int start_player = 0;                                  // 0: a random seat ("loudest moo"); 1..4: that seat
  FigureValues figure_values = default_figure_values();  // magnitudes; black sheep subtract
  TaskList task_cards = default_tasks();
  static Params from(const ParamMap& map);
  bool operator==(const Params&) const = default;
};

// ---------------------------------------------------------------- State

enum class Phase : std::uint8_t {
  ChooseField,  // the active seat picks a field whose side facing it holds < 3 cards
  Place,        // ... and places cards there, one at a time
  Discard,      // after placing one card: discard one of the two left, or not
  GameOver,
};

namespace act {
constexpr int kField = 0;     // + field
constexpr int kPlace = 3;     // + animal
constexpr int kJustOne = 9;   // place only one card on an empty side
constexpr int kDiscard = 10;  // + animal
constexpr int kKeep = 16;     // discard nothing
constexpr int kCount = 17;
}  // namespace act

// clang-format off
enum EventKind : std::uint8_t {
  evTurnStart, evChooseField, evPlace, evJustOne, evDiscard, evKeep, evDraw, evReshuffle, evSkip,
  evSideComplete, evFieldWinner, evAward, evRestockCard, evStock, evExhausted, evNoMoreCards, evFlip,
  evEndTriggered, evGameEnd, evFinalScore, evLoneBlackSheep, evWinner, evStartPlayer, evWinningHand,
  evRestockMisses,  // field, how many cards, bit mask of their animals (none has a figure left)
};
// clang-format on

struct Figure {
  std::uint8_t animal = 0;
  std::int8_t value = 0;  // magnitude as printed; black sheep subtract it
  bool operator==(const Figure&) const = default;
};

using SideCards = FixedVector<std::uint8_t, kSideCards>;

struct Field {
  FixedVector<Figure, 2> figures;
  std::array<SideCards, kMaxSeats> side{};
  std::array<std::uint16_t, kMaxSeats> completed_at{};  // 0: not complete; else the completion counter
  bool flipped = false;                                 // end game: turned over, no more play here
  bool operator==(const Field&) const = default;
};

using ValueList = FixedVector<std::int8_t, kFiguresPerAnimal>;

// Ascending insertion sort for the small fixed lists here (std::sort on them
// trips a GCC 12 -Warray-bounds false positive).
template <class List>
void sort_small(List& items) {
  for (std::size_t i = 1; i < items.size(); ++i)
    for (std::size_t j = i; j > 0 && items[j] < items[j - 1]; --j) {
      auto tmp = items[j];
      items[j] = items[j - 1];
      items[j - 1] = tmp;
    }
}
using Corral = std::array<ValueList, kNumAnimals>;

struct FieldView {
  FixedVector<std::uint8_t, 2> figures;  // animals only: values are hidden
  std::array<SideCards, kMaxSeats> side{};
  std::array<std::uint16_t, kMaxSeats> completed_at{};
  bool flipped = false;
  bool operator==(const FieldView&) const = default;
};

// A field as it stood when it was scored, before its cards went to the discard
// pile: everyone at the table saw it, so a board can show it until the next move.
struct ScoredField {
  std::int8_t field = -1;  // -1: the last action scored no field
  Player winner = 0;
  FieldView before;
  bool operator==(const ScoredField&) const = default;
};

// What one seat may know. Equal observations <=> that seat cannot tell the states apart.
struct Observation {
  Player viewer = kSpectator;
  std::int8_t num_players = 0;
  Phase phase = Phase::ChooseField;
  Player active = 0;
  Player to_move = 0;
  std::int8_t chosen_field = -1;
  std::uint8_t side_start = 0;
  std::uint8_t placed = 0;
  std::uint16_t turn = 0;
  bool end_game = false;
  bool tasks = false;
  AnimalCounts own_hand{};
  std::array<std::uint8_t, kMaxSeats> hand_size{};
  std::uint8_t deck_size = 0;
  AnimalCounts discard{};
  std::array<FieldView, kNumFields> fields{};
  ScoredField scored;  // the field the last action scored, if any
  AnimalCounts stock{};
  std::array<AnimalCounts, kMaxSeats> corral_count{};
  // Sorted values per animal: the viewer's own corral (everyone's once the game is over).
  std::array<Corral, kMaxSeats> corral_values{};
  FixedVector<Task, kTasksInPlay> community;             // face up
  std::array<FixedVector<Task, 2>, kMaxSeats> secret{};  // own (everyone's at the end)
  std::array<std::int16_t, kMaxSeats> final_score{};
  PlayerList winners;
  bool operator==(const Observation&) const = default;
};
void to_json(nlohmann::json& out, const Observation& obs);
// With `layout`, also records the named sections of the tensor (core/tensor.hpp).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout = nullptr);

class State : public StateBase<State, EventKind> {
 public:
  using Params = black_sheep::Params;
  using Observation = black_sheep::Observation;
  static constexpr const char* kId = "black-sheep";
  static constexpr const char* kName = "Reiner Knizia's Black Sheep";
  static constexpr const char* kShortName = "Black Sheep";  // where space is short: a table's header
  static constexpr const char* kBlurb =
      "Lay animal cards beside three fields; whoever completes a side takes its figures into their corral.";
  static constexpr int kMinPlayers = 2;
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kNumDistinctActions = act::kCount;
  // Random play-outs already beat the heuristic by a wide margin (docs/strength.md).
  static constexpr SearchDefaults kSearchDefaults{};
  static std::vector<ParamSpec> param_specs();

  State(const Params& params, int num_players, std::uint64_t seed);

  Player current_player() const { return phase == Phase::GameOver ? kTerminal : active; }
  bool is_terminal() const { return phase == Phase::GameOver; }
  void legal_actions(ActionList& out) const;
  bool is_legal(Action action) const;
  // apply(action): StateBase's, which asserts is_legal() and calls apply_legal().
  static std::string action_to_string(Action action);

  Observation observation(Player viewer) const;
  void determinize(Player viewer, Rng& rng);
  Scores scores() const;  // final points once the game is over (0 before)
  std::string describe(const Event& event, Player viewer, Names names) const;
  std::string render(Player viewer, Names names) const;

  // Derived figures the rules, tests and fronts use.
  int hand_size(Player p) const;
  bool can_choose(Player p, int field) const;  // open field, side facing p holds < 3 cards
  HandRank side_rank(int field, Player p) const;
  int corral_size(Player p) const;
  int figure_points(Player p) const;  // values, black sheep negative
  int total_cards() const;            // every animal card, wherever it is
  int total_figures() const;          // every plastic animal, wherever it is
  // Final score of a seat as the rules count it (base game or tasks).
  int final_points(Player p) const;
  int bonus_cards(Player p) const;                    // base game: majorities + sets
  int task_points(Player p, const Task& task) const;  // tasks: points this task gives p
  Player lone_black_sheep_owner() const;              // the only seat with black sheep, or -1

  bool operator==(const State&) const = default;

  // The state is plain data so that tests can set up any rule situation.
  Params params;
  Phase phase = Phase::ChooseField;
  Player active = 0;
  Player start_player = 0;
  std::int8_t chosen_field = -1;
  std::uint8_t side_start = 0;  // cards on the chosen side when the turn began
  std::uint8_t placed = 0;      // cards placed this turn
  bool end_game = false;        // a restock found both animals exhausted
  std::uint16_t turn = 0;
  std::uint16_t completions = 0;  // sides completed so far (tie-break: earliest wins)
  std::array<AnimalCounts, kMaxSeats> hand{};
  Pile<std::uint8_t, kDeckSize> deck;     // top = back()
  Pile<std::uint8_t, kDeckSize> discard;  // face up (the observation shows its contents)
  std::array<Field, kNumFields> fields{};
  ScoredField scored;                          // the field the last action scored, until the next action
  std::array<ValueList, kNumAnimals> stock{};  // figures beside the fields, values hidden
  std::array<Corral, kMaxSeats> corral{};
  FixedVector<std::uint8_t, kTasksInPlay> community;
  std::array<FixedVector<std::uint8_t, 2>, kMaxSeats> secret{};
  FixedVector<std::uint8_t, kMaxTasks> unused_tasks;  // never in play, unseen
  std::array<std::int16_t, kMaxSeats> final_score{};

 private:
  // apply() once StateBase has checked the action: the phase's rule step.
  friend StateBase;
  void apply_legal(Action action);
  // Setup and the turn, in the rulebook's order (rules.cpp).
  void set_up(std::uint64_t seed);
  void deal_tasks();
  void stock_field(int field, bool first_setup);
  void choose_field(int field);
  void place_card(std::uint8_t animal);
  void discard_card(std::uint8_t animal);
  void draw_up();
  bool draw_card(std::uint8_t& card);
  void check_for_scoring();
  void score_field(int field);
  void end_turn(Player next);
  void final_scoring();
};

FieldView field_view(const Field& field);  // what everyone sees of a field (figure values hidden)

// "horse", "horses", "black-sheep", "black sheep" ... -> the animal; -1 if unknown.
int parse_animal(std::string_view word);
std::string animal_name(int animal);          // "horse", "black sheep"
std::string animal_plural(int animal);        // "horses", "black sheep"
std::string combination_name(Combination c);  // "four of a kind"

// A rule-of-thumb player (heuristic.cpp); reads only the acting seat's observation.
Action heuristic_action(const State& state, Rng& rng);

// ---------------------------------------------------------------- Teaching (explain.cpp)

// Final scoring in the parts the itemised score shows (rules.cpp); the final
// score is their sum.
int animal_points(const State& state, Player seat, int animal);  // figure values, black sheep negative
bool has_majority(const State& state, Player seat, int animal);  // base game: that animal's bonus card
int complete_sets(const State& state, Player seat);              // base game: one bonus card each
constexpr Player kCommunityTask = -1;
struct TaskInPlay {
  std::uint8_t card = 0;              // index into Params::task_cards
  Player secret_of = kCommunityTask;  // the seat that was dealt it secretly
};
using TasksInPlay = FixedVector<TaskInPlay, kTasksInPlay>;
TasksInPlay tasks_in_play(const State& state);  // community tasks, then each seat's secret ones
bool lone_black_sheep_task_in_play(const State& state);

// The teaching hooks (core/game_hooks.hpp).
std::string action_hint(const Observation& obs, Action action);
ActionTarget action_target(const Observation& obs, Action action);  // targets.cpp
ScoreBreakdown score_breakdown(const State& state, Player seat);
std::string result_explanation(const State& state, Names names);
bool is_pass(const State& state, Action action);

}  // namespace bw::black_sheep
