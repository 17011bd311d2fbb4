// Black Sheep: what each seat may know, and determinization.
//
// Public: every card on the fields, the discard pile (face up), hand and deck
// sizes, which animals stand on the fields and in each corral, the stock
// counts, the face-up community tasks. Private: a seat's own hand, the values
// of the figures in its own corral, its own secret tasks. Unknown to all: the
// deck order, the values of figures in the stock and on the fields, the task
// cards left out. Once the game is over everything is revealed.
#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "core/seat_view.hpp"
#include "core/tensor.hpp"

#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

FieldView field_view(const Field& field) {
  FieldView view;
  for (const Figure& figure : field.figures) view.figures.push_back(figure.animal);
  view.side = field.side;
  view.completed_at = field.completed_at;
  view.flipped = field.flipped;
  return view;
}

namespace {
ValueList sorted(ValueList values) {
  sort_small(values);
  return values;
}
}  // namespace

Observation State::observation(Player viewer) const {
  auto obs = seat_view<Observation>(*this, viewer);
  const bool all = viewer == kOmniscient || phase == Phase::GameOver;
  obs.chosen_field = chosen_field;
  obs.side_start = side_start;
  obs.placed = placed;
  obs.turn = turn;
  obs.end_game = end_game;
  obs.tasks = params.tasks;
  if (viewer >= 0) obs.own_hand = hand[viewer];
  obs.deck_size = static_cast<std::uint8_t>(deck.size());
  for (std::uint8_t card : discard) ++obs.discard[card];
  for (int f = 0; f < kNumFields; ++f) obs.fields[f] = field_view(fields[f]);
  obs.scored = scored;
  for (int animal = 0; animal < kNumAnimals; ++animal)
    obs.stock[animal] = static_cast<std::uint8_t>(stock[animal].size());
  for (Player p = 0; p < num_players_; ++p) {
    obs.hand_size[p] = static_cast<std::uint8_t>(hand_size(p));
    for (int animal = 0; animal < kNumAnimals; ++animal)
      obs.corral_count[p][animal] = static_cast<std::uint8_t>(corral[p][animal].size());
    if (all || p == viewer) {
      for (int animal = 0; animal < kNumAnimals; ++animal) obs.corral_values[p][animal] = sorted(corral[p][animal]);
      for (std::uint8_t t : secret[p]) obs.secret[p].push_back(params.task_cards[t]);
    }
    obs.final_score[p] = final_score[p];
  }
  for (std::uint8_t t : community) obs.community.push_back(params.task_cards[t]);
  return obs;
}

// Resamples everything `viewer` cannot know: the other hands and the deck
// order (one pool, dealt back by hand size); the values of every figure the
// viewer has not looked at (permuted within each animal: stock, fields and the
// other corrals); the other seats' secret tasks and the tasks left out. The
// state's own RNG is reseeded, so a search cannot learn future draws.
void State::determinize(Player viewer, Rng& source) {
  reseed(source);
  if (phase == Phase::GameOver || viewer == kOmniscient) return;

  // Cards: collected by kind, never in the order of the real hands, so that
  // two states the viewer cannot tell apart give the same samples.
  AnimalCounts unknown{};
  for (std::uint8_t card : deck) ++unknown[card];
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer)
      for (int a = 0; a < kNumAnimals; ++a) unknown[a] = static_cast<std::uint8_t>(unknown[a] + hand[p][a]);
  Pile<std::uint8_t, kDeckSize> pool;
  for (std::uint8_t a = 0; a < kNumAnimals; ++a) add_copies(pool, a, unknown[a]);
  source.shuffle(pool);
  std::size_t next = 0;
  for (Player p = 0; p < num_players_; ++p) {
    if (p == viewer) continue;
    const int size = hand_size(p);
    hand[p] = {};
    for (int i = 0; i < size; ++i) ++hand[p][pool[next++]];
  }
  const std::size_t deck_size = deck.size();
  deck.clear();
  while (deck.size() < deck_size) deck.push_back(pool[next++]);

  // Figure values, within each animal.
  for (int animal = 0; animal < kNumAnimals; ++animal) {
    ValueList values;
    for (std::int8_t v : stock[animal]) values.push_back(v);
    for (const Field& field : fields)
      for (const Figure& figure : field.figures)
        if (figure.animal == animal) values.push_back(figure.value);
    for (Player p = 0; p < num_players_; ++p)
      if (p != viewer)
        for (std::int8_t v : corral[p][animal]) values.push_back(v);
    sort_small(values);
    source.shuffle(values);
    std::size_t k = 0;
    for (std::int8_t& v : stock[animal]) v = values[k++];
    for (Field& field : fields)
      for (Figure& figure : field.figures)
        if (figure.animal == animal) figure.value = values[k++];
    for (Player p = 0; p < num_players_; ++p)
      if (p != viewer)
        for (std::int8_t& v : corral[p][animal]) v = values[k++];
  }

  // Tasks: the other seats' secret cards and the ones left out.
  if (params.tasks) {
    FixedVector<std::uint8_t, kMaxTasks> hidden;
    for (std::uint8_t t : unused_tasks) hidden.push_back(t);
    for (Player p = 0; p < num_players_; ++p)
      if (p != viewer)
        for (std::uint8_t t : secret[p]) hidden.push_back(t);
    sort_small(hidden);
    source.shuffle(hidden);
    std::size_t k = 0;
    for (Player p = 0; p < num_players_; ++p)
      if (p != viewer)
        for (std::uint8_t& t : secret[p]) t = hidden[k++];
    for (std::uint8_t& t : unused_tasks) t = hidden[k++];
  }
}

namespace {
const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::ChooseField: return "choose-field";
    case Phase::Place: return "place";
    case Phase::Discard: return "discard";
    case Phase::GameOver: return "game-over";
  }
  return "?";
}

nlohmann::json animals_json(const AnimalCounts& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (int a = 0; a < kNumAnimals; ++a)
    if (counts[a]) out[animal_name(a)] = counts[a];
  return out;
}

nlohmann::json card_list(const SideCards& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (auto c : cards) out.push_back(animal_name(c));
  return out;
}

nlohmann::json field_json(const FieldView& field, int num_players) {
  nlohmann::json figures = nlohmann::json::array();
  for (auto a : field.figures) figures.push_back(animal_name(a));
  nlohmann::json sides = nlohmann::json::array();
  nlohmann::json completed = nlohmann::json::array();
  for (int p = 0; p < num_players; ++p) {
    sides.push_back(card_list(field.side[p]));
    completed.push_back(field.completed_at[p]);
  }
  return {{"figures", figures}, {"sides", sides}, {"completed_at", completed}};
}
}  // namespace

void to_json(nlohmann::json& out, const Observation& obs) {
  seat_view_json(out, obs, phase_name(obs.phase));
  if (obs.chosen_field >= 0) {
    out["chosen_field"] = obs.chosen_field;
    out["side_start"] = obs.side_start;
    out["placed"] = obs.placed;
  }
  out["turn"] = obs.turn;
  out["end_game"] = obs.end_game;
  if (obs.viewer >= 0) out["hand"] = animals_json(obs.own_hand);
  out["deck"] = obs.deck_size;
  out["discard"] = animals_json(obs.discard);
  out["stock"] = animals_json(obs.stock);
  nlohmann::json fields = nlohmann::json::array();
  for (const FieldView& f : obs.fields)
    fields.push_back(f.flipped ? nlohmann::json{{"flipped", true}} : field_json(f, obs.num_players));
  out["fields"] = fields;
  if (obs.scored.field >= 0) {
    out["scored"] = field_json(obs.scored.before, obs.num_players);
    out["scored"]["field"] = obs.scored.field;
    out["scored"]["winner"] = obs.scored.winner;
  }
  nlohmann::json seats = nlohmann::json::array();
  for (int p = 0; p < obs.num_players; ++p) {
    nlohmann::json seat = {{"hand_size", obs.hand_size[p]}, {"corral", animals_json(obs.corral_count[p])}};
    bool known = false;
    for (const auto& values : obs.corral_values[p]) known |= !values.empty();
    if (known) {
      nlohmann::json values = nlohmann::json::object();
      for (int a = 0; a < kNumAnimals; ++a)
        if (!obs.corral_values[p][a].empty())
          values[animal_name(a)] = std::vector<int>(obs.corral_values[p][a].begin(), obs.corral_values[p][a].end());
      seat["corral_values"] = values;
    }
    if (!obs.secret[p].empty()) {
      nlohmann::json tasks = nlohmann::json::array();
      for (const Task& task : obs.secret[p]) tasks.push_back(task_text(task));
      seat["secret_tasks"] = tasks;
    }
    if (obs.phase == Phase::GameOver) seat["score"] = obs.final_score[p];
    seats.push_back(seat);
  }
  out["seats"] = seats;
  if (obs.tasks) {
    nlohmann::json tasks = nlohmann::json::array();
    for (const Task& task : obs.community) tasks.push_back(task_text(task));
    out["community_tasks"] = tasks;
  }
}

// A fixed layout for learning: the same length for every state of a game.
// obs.scored is not in the tensor: it is there for a board to show, and what it
// tells is already here (the cards in the discard pile, the figures in a corral).
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout) {
  TensorWriter put(out, layout);
  seat_view_tensor(put, obs, static_cast<int>(Phase::GameOver) + 1, kMaxSeats);
  put.section("chosen_field", {kNumFields}, 0, 1, "the field chosen this turn, one-hot (none before the choice)");
  put.one_hot(obs.chosen_field, kNumFields);
  put.section("turn", {3}, 0, kSideCards,
              "cards on the chosen side when the turn began; cards placed this turn; 1 once the last round began");
  out.push_back(obs.side_start);
  out.push_back(obs.placed);
  out.push_back(obs.end_game ? 1.f : 0.f);
  put.section("own_hand", {kNumAnimals}, 0, kHandSize, "the viewer's hand: cards of each animal");
  put.counts(obs.own_hand);
  put.section("hand_size", {kMaxSeats}, 0, kHandSize, "cards in each seat's hand");
  put.counts(obs.hand_size);
  put.section("deck_size", {1}, 0, kDeckSize, "cards left in the deck");
  out.push_back(obs.deck_size);
  put.section("discard", {kNumAnimals}, 0, kCardsPerAnimal, "discarded cards of each animal");
  put.counts(obs.discard);
  put.section("stock", {kNumAnimals}, 0, kFiguresPerAnimal, "figures of each animal beside the fields");
  put.counts(obs.stock);
  put.section("fields", {kNumFields, 1 + kNumAnimals + kMaxSeats * (kNumAnimals + 1)}, 0, kSideCards,
              "per field: 1 if flipped; its figures per animal; then per seat: the cards of each animal on "
              "that seat's side and 1 once the side is complete");
  for (const FieldView& f : obs.fields) {
    out.push_back(f.flipped ? 1.f : 0.f);
    AnimalCounts figures{};
    for (auto a : f.figures) ++figures[a];
    put.counts(figures);
    for (int p = 0; p < kMaxSeats; ++p) {
      AnimalCounts cards{};
      for (auto c : f.side[p]) ++cards[c];
      put.counts(cards);
      out.push_back(f.completed_at[p] ? 1.f : 0.f);
    }
  }
  put.section("corral_count", {kMaxSeats, kNumAnimals}, 0, kFiguresPerAnimal,
              "figures of each animal in each seat's corral");
  for (const auto& c : obs.corral_count) put.counts(c);
  put.section("corral_value", {kMaxSeats, kNumAnimals}, 0, 3 * kFiguresPerAnimal,
              "the summed values of each animal's figures in a corral: the viewer's own (everyone's at the end), "
              "0 where hidden");
  for (const Corral& corral : obs.corral_values)
    for (const ValueList& values : corral) {
      int sum = 0;
      for (auto v : values) sum += v;
      out.push_back(static_cast<float>(sum));
    }
  // Six community slots and two for the viewer's own secret tasks: kind, animals, points.
  auto task_slots = [&](const auto& tasks, std::size_t slots) {
    for (std::size_t i = 0; i < slots; ++i) {
      if (i >= tasks.size()) {
        for (int k = 0; k < 3 + kNumAnimals + 1; ++k) out.push_back(0.f);
        continue;
      }
      const Task& task = tasks[i];
      put.one_hot(static_cast<int>(task.kind), 3);
      AnimalCounts animals = task.need;
      if (task.kind != TaskKind::Combination) animals[task.animal] = 1;
      put.counts(animals);
      out.push_back(task.points);
    }
  };
  constexpr int kTaskSlot = 3 + kNumAnimals + 1;
  put.section(
      "community_tasks", {kTasksInPlay, kTaskSlot}, 0, 8,
      "per face-up task (all 0 for an empty slot): its kind one-hot (majority, combination, lone black sheep); the "
      "animals it names, as counts; its points");
  task_slots(obs.community, kTasksInPlay);
  put.section("own_tasks", {2, kTaskSlot}, 0, 8, "the viewer's two secret tasks, as community_tasks");
  task_slots(obs.viewer >= 0 ? obs.secret[obs.viewer] : FixedVector<Task, 2>{}, 2);
}

}  // namespace bw::black_sheep
