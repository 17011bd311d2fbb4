// Black Sheep: what an action would do, the final score by category, and why
// the winners won, for teaching fronts (core/game_hooks.hpp).
#include <limits>

#include "core/wording.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/result_words.hpp"

namespace bw::black_sheep {

namespace {

constexpr std::uint16_t kNotComplete = std::numeric_limits<std::uint16_t>::max();

// One side of a field as it would score now: identical combinations go to the
// side completed first, and an incomplete side completes after every complete one.
struct Standing {
  Player seat = 0;
  HandRank rank;
  std::uint16_t completed = kNotComplete;
};

bool ahead_of(const Standing& a, const Standing& b) {
  return a.rank.key > b.rank.key || (a.rank.key == b.rank.key && a.completed < b.completed);
}

Standing standing_of(const FieldView& field, Player seat) {
  AnimalCounts animals{};
  for (auto figure : field.figures) ++animals[figure];
  for (auto card : field.side[seat]) ++animals[card];
  const std::uint16_t completed = field.completed_at[seat] ? field.completed_at[seat] : kNotComplete;
  return Standing{seat, rank_hand(animals), completed};
}

// "a pair of cows", "three horses and two pigs", "horse high": the
// combination without its kickers, short enough for a hint.
std::string short_hand(const HandRank& rank) {
  if (rank.order.empty()) return "no animals";
  if (rank.combination == Combination::HighAnimal) return animal_name(rank.order[0]) + " high";
  const std::string full = describe_hand(rank);
  return full.substr(0, full.find("; then"));
}

// The sides that have cards, the one(s) leading first (several only when
// identical incomplete sides tie).
std::vector<Standing> leaders(const FieldView& field, int num_players, Player except = kSpectator) {
  std::vector<Standing> best;
  for (Player p = 0; p < num_players; ++p) {
    if (p == except || field.side[p].empty()) continue;
    Standing side = standing_of(field, p);
    if (best.empty() || ahead_of(side, best[0])) best = {side};
    else if (!ahead_of(best[0], side)) best.push_back(side);
  }
  return best;
}

// "P2 leads with a pair of cows", "you and P3 tie with horse high".
std::string leader_phrase(const SeatWords& words, const std::vector<Standing>& best, Player viewer) {
  std::vector<Player> seats;
  seats.reserve(best.size());
  for (const Standing& side : best) seats.push_back(side.seat);
  const std::string who = join_names(words, seats, false);
  const char* verb = seats.size() > 1 ? " tie with " : seats[0] == viewer ? " lead with " : " leads with ";
  return who + verb + short_hand(best[0].rank);
}

std::string figures_text(const FieldView& field) {
  std::string out;
  for (auto figure : field.figures) out += (out.empty() ? "" : " & ") + animal_name(figure);
  return out.empty() ? "no figures" : out;
}

// "horse & cow: P2 leads with a pair of cows; your side 1/3".
std::string field_hint(const Observation& obs, int f) {
  const FieldView& field = obs.fields[f];
  const SeatWords words(obs.viewer, {});
  const std::vector<Standing> best = leaders(field, obs.num_players);
  return figures_text(field) + ": " + (best.empty() ? "no cards yet" : leader_phrase(words, best, obs.viewer)) +
         "; your side " + std::to_string(field.side[obs.viewer].size()) + "/3";
}

// Placing `animal` on the chosen field: what the side becomes, against the
// best other side; when every side is then full, who wins the field.
std::string place_hint(const Observation& obs, int animal) {
  FieldView field = obs.fields[obs.chosen_field];
  const Player me = obs.viewer;
  field.side[me].push_back(static_cast<std::uint8_t>(animal));
  bool all_full = true;
  std::uint16_t last_completed = 0;
  for (Player p = 0; p < obs.num_players; ++p) {
    all_full &= field.side[p].size() == static_cast<std::size_t>(kSideCards);
    last_completed = std::max(last_completed, field.completed_at[p]);
  }
  if (field.side[me].size() == static_cast<std::size_t>(kSideCards))
    field.completed_at[me] = static_cast<std::uint16_t>(last_completed + 1);
  const SeatWords words(me, {});
  const Standing mine = standing_of(field, me);
  const std::vector<Standing> others = leaders(field, obs.num_players, me);
  if (all_full) {
    const Standing& winner = others.empty() || ahead_of(mine, others[0]) ? mine : others[0];
    return "the field scores: " + words.name(winner.seat) + (winner.seat == me ? " win" : " wins") + " it with " +
           short_hand(winner.rank);
  }
  std::string out = "makes " + short_hand(mine.rank) + " (" + std::to_string(field.side[me].size()) + "/3 cards)";
  if (others.empty()) return out;
  if (ahead_of(mine, others[0])) return out + ", ahead of every side";
  return out + "; " + leader_phrase(words, others, me);
}

std::string bonus_card_name(int animal) { return "bonus card: most " + animal_plural(animal); }

// "community task: most horses (ties all score): 5", "P2's secret task: ...".
std::string task_category(const State& state, const TaskInPlay& task) {
  const std::string text = task_text(state.params.task_cards[task.card]);
  if (task.secret_of == kCommunityTask) return "community task: " + text;
  return seat_label(task.secret_of) + "'s secret task: " + text;
}

}  // namespace

std::string action_hint(const Observation& obs, Action action) {
  const int a = action;
  if (obs.viewer < 0) return {};
  if (obs.phase == Phase::ChooseField && a >= act::kField && a < act::kField + kNumFields)
    return field_hint(obs, a - act::kField);
  if (obs.phase == Phase::Place && a >= act::kPlace && a < act::kPlace + kNumAnimals)
    return place_hint(obs, a - act::kPlace);
  return {};  // "place just this one card", discards: the text says it all
}

ScoreBreakdown score_breakdown(const State& state, Player seat) {
  ScoreBreakdown items;
  if (!state.is_terminal()) return items;
  for (int animal = 0; animal < kNumAnimals; ++animal) {
    const auto figures = static_cast<int>(state.corral[seat][animal].size());
    if (figures == 0) continue;
    items.push_back({std::to_string(figures) + " " + (figures == 1 ? animal_name(animal) : animal_plural(animal)),
                     static_cast<double>(animal_points(state, seat, animal))});
  }
  if (!state.params.tasks) {
    for (int animal = 0; animal < kNumAnimals; ++animal)
      if (has_majority(state, seat, animal)) items.push_back({bonus_card_name(animal), kBonusPoints});
    for (int set = 0; set < complete_sets(state, seat); ++set)
      items.push_back({"bonus card: a set of all six animals", kBonusPoints});
    return items;
  }
  for (const TaskInPlay& task : tasks_in_play(state)) {
    const int points = state.task_points(seat, state.params.task_cards[task.card]);
    if (points != 0) items.push_back({task_category(state, task), static_cast<double>(points)});
  }
  return items;
}

std::string result_explanation(const State& state, Names names) {
  if (!state.is_terminal()) return {};
  const SeatWords words(kSpectator, names);
  const PlayerList winners = state.winners();
  const Player lone = state.lone_black_sheep_owner();
  if (state.params.tasks && lone >= 0 && lone_black_sheep_task_in_play(state))
    return words.Name(lone) + " is the only player with black sheep and that task is in play: " + words.name(lone) +
           " wins whatever the points.";
  SeatFigure points{"point", "points", {}}, animals{"animal", "animals", {}};
  for (Player p = 0; p < state.num_players(); ++p) {
    points.per_seat.push_back(state.final_score[p]);
    animals.per_seat.push_back(state.corral_size(p));
  }
  return explain_two_figure_win(words, winners, points, animals);
}

bool is_pass(const State&, Action) { return false; }  // no reaction windows in Black Sheep

}  // namespace bw::black_sheep
