// Black Sheep: setup and the turn, one function per rule section, in the
// rulebook's (original) order. docs/rules/black-sheep.md says the same in words.
#include <algorithm>
#include <cassert>

#include "core/errors.hpp"
#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

namespace {

int strength(int animal) { return kNumAnimals - animal; }  // horse 6 ... black sheep 1; 0 = no animal

}  // namespace

// ---------------------------------------------------------------- Setup (steps 1-7)

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  if (params.tasks && params.task_cards.size() < static_cast<std::size_t>(kTasksInPlay))
    throw BadParameter("the task variant needs at least 6 task cards");
  set_up(seed);
}

void State::set_up(std::uint64_t seed) {
  rng = Rng(seed, 0x626c6b73);
  // 1-2. Fields in a row, a corral per seat: seat i plays to side i of every field.
  // 3. The figures are mixed so nobody knows any value, then sorted by animal.
  for (int animal = 0; animal < kNumAnimals; ++animal) {
    stock[animal].clear();
    for (std::int8_t value : params.figure_values[animal]) stock[animal].push_back(value);
    rng.shuffle(stock[animal]);
  }
  // 4. The animal cards form a shuffled draw deck.
  for (std::uint8_t animal = 0; animal < kNumAnimals; ++animal) add_copies(deck, animal, kCardsPerAnimal);
  rng.shuffle(deck);
  // 5. Bonus cards wait for the end; or, in the variant, the task cards are dealt.
  if (params.tasks) deal_tasks();
  // 6. Each field is stocked from two drawn cards.
  for (int field = 0; field < kNumFields; ++field) stock_field(field, true);
  // 7. Hands of three; a random seat (the loudest moo) starts.
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < kHandSize; ++i) ++hand[p][draw_top(deck)];
  start_player = static_cast<Player>(params.start_player ? params.start_player - 1 : chance_below(rng, num_players_));
  active = start_player;
  log(evStartPlayer, active);
  log(evTurnStart, active);
}

// Task Card variant, setup step 5: one secret task each (two each with two
// players), then face-up community tasks until six are in play.
void State::deal_tasks() {
  FixedVector<std::uint8_t, kMaxTasks> order;
  for (std::size_t i = 0; i < params.task_cards.size(); ++i) order.push_back(static_cast<std::uint8_t>(i));
  rng.shuffle(order);
  const int per_seat = num_players_ == 2 ? 2 : 1;
  std::size_t next = 0;
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < per_seat; ++i) secret[p].push_back(order[next++]);
  while (next < static_cast<std::size_t>(kTasksInPlay)) community.push_back(order[next++]);
  while (next < order.size()) unused_tasks.push_back(order[next++]);
}

// ---------------------------------------------------------------- Placing cards

// Which field: any open field whose side facing the seat holds fewer than three cards.
bool State::can_choose(Player p, int field) const {
  return !fields[field].flipped && fields[field].side[p].size() < static_cast<std::size_t>(kSideCards);
}

void State::choose_field(int field) {
  chosen_field = static_cast<std::int8_t>(field);
  side_start = static_cast<std::uint8_t>(fields[field].side[active].size());
  placed = 0;
  phase = Phase::Place;
  log(evChooseField, active, field);
}

// Which cards: 0 on the side -> one or two; 1 -> exactly two; 2 -> exactly one.
void State::place_card(std::uint8_t animal) {
  Field& field = fields[chosen_field];
  assert(hand[active][animal] > 0);
  --hand[active][animal];
  field.side[active].push_back(animal);
  ++placed;
  log(evPlace, active, chosen_field, animal);
  if (field.side[active].size() == static_cast<std::size_t>(kSideCards)) {
    field.completed_at[active] = ++completions;
    log(evSideComplete, active, chosen_field);
  }
  const int most = side_start == 2 ? 1 : 2;
  if (placed < most) return;  // another card (or, on an empty side, "just one")
  if (placed == 1) {          // one card placed: the discard option
    phase = Phase::Discard;
    return;
  }
  draw_up();
}

// Discarding: only after placing a single card, at most one of the two left.
void State::discard_card(std::uint8_t animal) {
  assert(hand[active][animal] > 0);
  --hand[active][animal];
  discard.push_back(animal);
  log(evDiscard, active, animal);
  draw_up();
}

// Drawing: refill to three; an exhausted deck is rebuilt from the discard pile.
void State::draw_up() {
  std::uint8_t card = 0;
  while (hand_size(active) < kHandSize && draw_card(card)) {
    ++hand[active][card];
    log(evDraw, active, card);
  }
  check_for_scoring();
}

bool State::draw_card(std::uint8_t& card) {
  if (deck.empty() && !discard.empty()) log(evReshuffle, static_cast<int>(discard.size()));
  return draw_with_reshuffle(deck, discard, rng, card);
}

// Check for scoring: only the field just played to can have become complete.
void State::check_for_scoring() {
  const Field& field = fields[chosen_field];
  bool complete = true;
  for (Player p = 0; p < num_players_; ++p) complete &= field.side[p].size() == static_cast<std::size_t>(kSideCards);
  if (!complete) {
    end_turn(static_cast<Player>((active + 1) % num_players_));
    return;
  }
  score_field(chosen_field);
}

// ---------------------------------------------------------------- Scoring fields

HandRank rank_hand(const AnimalCounts& animals) {
  HandRank rank;
  // One sort key per animal present: group size, then animal strength. Sorted
  // best first, they give the comparison order: bigger groups first, and within
  // a group size the better animal first.
  std::array<std::uint8_t, kNumAnimals> keys{};
  int m = 0;
  for (int a = 0; a < kNumAnimals; ++a) {
    const int count = animals[a] < 5 ? animals[a] : 5;
    keys[m] = static_cast<std::uint8_t>(count * 8 + strength(a));
    m += count > 0;
  }
  for (int i = 1; i < m; ++i)
    for (int j = i; j > 0 && keys[j] > keys[j - 1]; --j) std::swap(keys[j], keys[j - 1]);
  const int first = keys[0] >> 3, second = m > 1 ? keys[1] >> 3 : 0;
  if (first >= 5) rank.combination = Combination::Five;
  else if (first == 4) rank.combination = Combination::Four;
  else if (first == 3 && second >= 2) rank.combination = Combination::FullFarm;
  else if (first == 3) rank.combination = Combination::Three;
  else if (first == 2 && second == 2) rank.combination = Combination::TwoPairs;
  else if (first == 2) rank.combination = Combination::Pair;
  else rank.combination = Combination::HighAnimal;
  std::uint32_t key = static_cast<std::uint32_t>(rank.combination);
  for (int i = 0; i < m; ++i)
    for (int n = 0; n < (keys[i] >> 3) && !rank.order.full(); ++n) {
      rank.order.push_back(static_cast<std::uint8_t>(kNumAnimals - (keys[i] & 7)));
      key = (key << 3) | (keys[i] & 7u);
    }
  for (std::size_t i = rank.order.size(); i < 5; ++i) key <<= 3;  // fewer than five animals: pad
  rank.key = key;
  return rank;
}

HandRank State::side_rank(int field, Player p) const {
  AnimalCounts animals{};
  for (const Figure& figure : fields[field].figures) ++animals[figure.animal];
  for (std::uint8_t card : fields[field].side[p]) ++animals[card];
  return rank_hand(animals);
}

// The best combination wins; identical ones go to the side completed first.
// The winner corrals the figures, the cards go to the discard pile, and the
// field is restocked (or turned over in the end game).
void State::score_field(int f) {
  Field& field = fields[f];
  Player winner = 0;
  HandRank best = side_rank(f, 0);
  for (Player p = 1; p < num_players_; ++p) {
    HandRank rank = side_rank(f, p);
    if (rank.key > best.key || (rank.key == best.key && field.completed_at[p] < field.completed_at[winner])) {
      best = rank;
      winner = p;
    }
  }
  log(evFieldWinner, f, winner, static_cast<int>(best.combination));
  scored = {static_cast<std::int8_t>(f), winner, field_view(field)};
  {
    std::array<int, 5> o{};
    for (std::size_t i = 0; i < best.order.size(); ++i) o[i] = best.order[i];
    log(evWinningHand, o[0] * 8 + o[1], o[2] * 8 + o[3], o[4], static_cast<int>(best.order.size()));
  }
  // Awarding the animals.
  for (const Figure& figure : field.figures) {
    corral[winner][figure.animal].push_back(figure.value);
    log(evAward, winner, figure.animal);
  }
  field.figures.clear();
  // Continuing play: the cards go to the discard pile, the field is restocked.
  for (Player p = 0; p < num_players_; ++p) {
    for (std::uint8_t card : field.side[p]) discard.push_back(card);
    field.side[p].clear();
    field.completed_at[p] = 0;
  }
  if (end_game) {  // End of game: every field scored from now on is turned over
    field.flipped = true;
    log(evFlip, f);
  } else {
    stock_field(f, false);
  }
  bool all_flipped = true;
  for (const Field& each : fields) all_flipped &= each.flipped;
  if (all_flipped) {
    log(evGameEnd);
    final_scoring();
    return;
  }
  end_turn(winner);
}

// Restocking, one card at a time: a card whose animal still has figures puts
// one on the field; if one of the two does not, replacement cards are drawn one
// at a time until one does; if neither does, the end game begins and the field
// is turned over. All drawn cards then go to the discard pile. If no card at
// all remains to draw, the field keeps what it got (CLARIFICATIONS 1b guard).
void State::stock_field(int f, bool first_setup) {
  Field& field = fields[f];
  FixedVector<std::uint8_t, kDeckSize> drawn;
  auto try_stock = [&](std::uint8_t card) {
    if (stock[card].empty()) {
      if (!first_setup) log(evExhausted, f, card);
      return false;
    }
    field.figures.push_back(Figure{card, stock[card].pop_back()});
    log(evStock, f, card);
    return true;
  };
  int stocked = 0;
  std::uint8_t card = 0;
  for (int slot = 0; slot < 2; ++slot) {
    if (!draw_card(card)) break;
    drawn.push_back(card);
    log(evRestockCard, f, card);
    stocked += try_stock(card);
  }
  if (stocked == 0) {
    end_game = true;
    field.flipped = true;
    log(evEndTriggered, f);
  } else if (stocked == 1) {
    // Cards whose animal has no figure left are told as one event, however
    // many turn up (a long search would otherwise flood the event log).
    int misses = 0, missed_animals = 0;
    auto tell_misses = [&] {
      if (misses > 0) log(evRestockMisses, f, misses, missed_animals);
      misses = missed_animals = 0;
    };
    for (;;) {
      if (deck.empty()) tell_misses();  // before the reshuffle draw_card() announces
      if (!draw_card(card)) {
        tell_misses();
        log(evNoMoreCards, f);
        break;
      }
      drawn.push_back(card);
      if (!stock[card].empty()) {
        tell_misses();
        log(evRestockCard, f, card);
        try_stock(card);
        break;
      }
      ++misses;
      missed_animals |= 1 << card;
    }
  }
  for (std::uint8_t c : drawn) discard.push_back(c);
}

// Play proceeds clockwise, or with the field's winner; a seat facing three
// cards on every open field skips its turn.
void State::end_turn(Player next) {
  ++turn;
  chosen_field = -1;
  side_start = 0;
  placed = 0;
  for (int tries = 0; tries < num_players_; ++tries) {
    for (int f = 0; f < kNumFields; ++f)
      if (can_choose(next, f)) {
        active = next;
        phase = Phase::ChooseField;
        log(evTurnStart, active);
        return;
      }
    log(evSkip, next);
    next = static_cast<Player>((next + 1) % num_players_);
  }
  assert(false && "an open field always has a side with room");
}

// ---------------------------------------------------------------- Determining the winner

int State::hand_size(Player p) const { return count_total(hand[p]); }
int State::corral_size(Player p) const {
  int n = 0;
  for (const ValueList& values : corral[p]) n += static_cast<int>(values.size());
  return n;
}
int animal_points(const State& state, Player p, int animal) {
  int sum = 0;
  for (std::int8_t v : state.corral[p][animal]) sum += animal == kBlackSheep ? -v : v;
  return sum;
}
int State::figure_points(Player p) const {
  int sum = 0;
  for (int animal = 0; animal < kNumAnimals; ++animal) sum += animal_points(*this, p, animal);
  return sum;
}
int State::total_cards() const {
  int sum = static_cast<int>(deck.size() + discard.size());
  for (Player p = 0; p < num_players_; ++p) sum += hand_size(p);
  for (const Field& field : fields)
    for (Player p = 0; p < num_players_; ++p) sum += static_cast<int>(field.side[p].size());
  return sum;
}
int State::total_figures() const {
  int sum = 0;
  for (const ValueList& values : stock) sum += static_cast<int>(values.size());
  for (const Field& field : fields) sum += static_cast<int>(field.figures.size());
  for (Player p = 0; p < num_players_; ++p) sum += corral_size(p);
  return sum;
}

// Base game: a bonus card per strict majority (any of the six animals) and per
// complete set of all six animals.
bool has_majority(const State& state, Player p, int animal) {
  auto mine = state.corral[p][animal].size();
  bool strict = mine > 0;
  for (Player q = 0; q < state.num_players(); ++q) strict &= q == p || state.corral[q][animal].size() < mine;
  return strict;
}
int complete_sets(const State& state, Player p) {
  int sets = kFiguresPerAnimal;
  for (int animal = 0; animal < kNumAnimals; ++animal)
    sets = std::min(sets, static_cast<int>(state.corral[p][animal].size()));
  return sets;
}
int State::bonus_cards(Player p) const {
  int cards = complete_sets(*this, p);
  for (int animal = 0; animal < kNumAnimals; ++animal) cards += has_majority(*this, p, animal);
  return cards;
}

// Task Card variant: every seat that meets a task scores it; tied majorities all score.
int State::task_points(Player p, const Task& task) const {
  switch (task.kind) {
    case TaskKind::Majority: {
      auto mine = corral[p][task.animal].size();
      if (mine == 0) return 0;
      for (Player q = 0; q < num_players_; ++q)
        if (corral[q][task.animal].size() > mine) return 0;
      return task.points;
    }
    case TaskKind::Combination: {
      int times = kFiguresPerAnimal;
      for (int animal = 0; animal < kNumAnimals; ++animal)
        if (task.need[animal] > 0)
          times = std::min(times, static_cast<int>(corral[p][animal].size()) / task.need[animal]);
      return times * task.points;
    }
    case TaskKind::LoneBlackSheep: return 0;  // wins outright instead; see final_scoring
  }
  return 0;
}

Player State::lone_black_sheep_owner() const {
  Player owner = -1;
  for (Player p = 0; p < num_players_; ++p)
    if (!corral[p][kBlackSheep].empty()) {
      if (owner >= 0) return -1;
      owner = p;
    }
  return owner;
}

TasksInPlay tasks_in_play(const State& state) {
  TasksInPlay out;
  for (std::uint8_t t : state.community) out.push_back(TaskInPlay{t, kCommunityTask});
  for (Player q = 0; q < state.num_players(); ++q)
    for (std::uint8_t t : state.secret[q]) out.push_back(TaskInPlay{t, q});
  return out;
}

int State::final_points(Player p) const {
  int points = figure_points(p);
  if (!params.tasks) return points + kBonusPoints * bonus_cards(p);
  for (const TaskInPlay& task : tasks_in_play(*this)) points += task_points(p, params.task_cards[task.card]);
  return points;
}

bool lone_black_sheep_task_in_play(const State& state) {
  bool lone_task = false;
  for (const TaskInPlay& task : tasks_in_play(state))
    lone_task |= state.params.task_cards[task.card].kind == TaskKind::LoneBlackSheep;
  return lone_task;
}

// Highest total wins; then most animals; then joint winners. In the variant a
// black-sheep task in play gives the win to the only seat holding black sheep.
void State::final_scoring() {
  phase = Phase::GameOver;
  chosen_field = -1;
  for (Player p = 0; p < num_players_; ++p) {
    final_score[p] = static_cast<std::int16_t>(final_points(p));
    log(evFinalScore, p);
  }
  winners_.clear();
  if (params.tasks) {
    Player owner = lone_black_sheep_task_in_play(*this) ? lone_black_sheep_owner() : Player{-1};
    if (owner >= 0) {
      winners_.push_back(owner);
      log(evLoneBlackSheep, owner);
      log(evWinner, owner);
      return;
    }
  }
  int best_points = 0, best_animals = 0;
  bool first = true;
  for (Player p = 0; p < num_players_; ++p) {
    int points = final_score[p], animals = corral_size(p);
    if (first || points > best_points || (points == best_points && animals > best_animals)) {
      best_points = points;
      best_animals = animals;
      first = false;
    }
  }
  for (Player p = 0; p < num_players_; ++p)
    if (final_score[p] == best_points && corral_size(p) == best_animals) {
      winners_.push_back(p);
      log(evWinner, p);
    }
}

Scores State::scores() const {
  Scores out{};
  if (phase == Phase::GameOver)
    for (Player p = 0; p < num_players_; ++p) out[p] = final_score[p];
  return out;
}

// ---------------------------------------------------------------- Actions

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase) {
    case Phase::ChooseField:
      for (int f = 0; f < kNumFields; ++f)
        if (can_choose(active, f)) out.push_back(static_cast<Action>(act::kField + f));
      break;
    case Phase::Place: {
      const AnimalCounts& h = hand[active];
      for (int a = 0; a < kNumAnimals; ++a)
        if (h[a] > 0) out.push_back(static_cast<Action>(act::kPlace + a));
      if (side_start == 0 && placed == 1) out.push_back(act::kJustOne);
      break;
    }
    case Phase::Discard: {
      const AnimalCounts& h = hand[active];
      for (int a = 0; a < kNumAnimals; ++a)
        if (h[a] > 0) out.push_back(static_cast<Action>(act::kDiscard + a));
      out.push_back(act::kKeep);
      break;
    }
    case Phase::GameOver: break;
  }
}

// Decides legality from the action itself, independently of legal_actions(),
// so that the soak test can check one against the other.
bool State::is_legal(Action action) const {
  const int a = action;
  switch (phase) {
    case Phase::ChooseField:
      return a >= act::kField && a < act::kField + kNumFields && !fields[a - act::kField].flipped &&
             fields[a - act::kField].side[active].size() < 3;
    case Phase::Place:
      if (a == act::kJustOne) return side_start == 0 && placed == 1;
      return a >= act::kPlace && a < act::kPlace + kNumAnimals && hand[active][a - act::kPlace] > 0;
    case Phase::Discard:
      if (a == act::kKeep) return true;
      return a >= act::kDiscard && a < act::kDiscard + kNumAnimals && hand[active][a - act::kDiscard] > 0;
    case Phase::GameOver: return false;
  }
  return false;
}

// A legal action (StateBase::apply has asserted it and cleared the event log).
void State::apply_legal(Action action) {
  const int a = action;
  scored.field = -1;  // a scored field is shown for one move
  switch (phase) {
    case Phase::ChooseField: choose_field(a - act::kField); break;
    case Phase::Place:
      if (a == act::kJustOne) {
        log(evJustOne, active);
        phase = Phase::Discard;
      } else {
        place_card(static_cast<std::uint8_t>(a - act::kPlace));
      }
      break;
    case Phase::Discard:
      if (a == act::kKeep) {
        log(evKeep, active);
        draw_up();
      } else {
        discard_card(static_cast<std::uint8_t>(a - act::kDiscard));
      }
      break;
    case Phase::GameOver: break;
  }
}

}  // namespace bw::black_sheep
