// Black Sheep: the named parameters, their defaults and why. The two data
// tables (figure values, task cards) are CLARIFICATIONS §1b proposals that an
// owner of the physical game can correct without touching code.
#include <cctype>
#include <charconv>
#include <string>

#include "core/errors.hpp"
#include "core/param_table.hpp"
#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

namespace {

constexpr const char* kDefaultFigureValues =
    "horse:1 1 2 2 3 3, cow:1 1 2 2 3 3, pig:1 1 2 2 3 3, sheep:1 1 2 2 3 3, rooster:1 1 2 2 3 3, "
    "black-sheep:1 1 2 2 3 3";
constexpr const char* kDefaultTasks =
    "most-horse:5, most-cow:5, most-pig:5, most-sheep:5, most-rooster:5, horse+cow:3, pig+sheep:3, "
    "rooster+rooster:3, horse+pig+rooster:4, cow+sheep+black-sheep:4, horse+cow+pig+sheep+rooster:8, "
    "only-black-sheep:win";

// "horse", "horses", "black-sheep", "black sheep", "blacksheep", "black_sheep".
}  // namespace

int parse_animal(std::string_view word) {
  std::string w;
  for (char c : word)
    if (c != '-' && c != '_' && c != ' ') w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (w == "horse" || w == "horses") return kHorse;
  if (w == "cow" || w == "cows") return kCow;
  if (w == "pig" || w == "pigs") return kPig;
  if (w == "sheep") return kSheep;
  if (w == "rooster" || w == "roosters") return kRooster;
  if (w == "blacksheep") return kBlackSheep;
  return -1;
}

namespace {

[[noreturn]] void bad(std::string_view param, const std::string& what) {
  throw BadParameter("parameter '" + std::string(param) + "': " + what);
}

}  // namespace

FigureValues default_figure_values() {
  FigureValues values{};
  for (auto& row : values) row = {1, 1, 2, 2, 3, 3};
  return values;
}

TaskList default_tasks() {
  TaskList tasks;
  for (std::uint8_t animal = kHorse; animal <= kRooster; ++animal)
    tasks.push_back(Task{TaskKind::Majority, animal, {}, 5});
  auto combination = [&](std::initializer_list<int> animals, int points) {
    Task task{TaskKind::Combination, 0, {}, static_cast<std::int8_t>(points)};
    for (int a : animals) ++task.need[a];
    tasks.push_back(task);
  };
  combination({kHorse, kCow}, 3);
  combination({kPig, kSheep}, 3);
  combination({kRooster, kRooster}, 3);
  combination({kHorse, kPig, kRooster}, 4);
  combination({kCow, kSheep, kBlackSheep}, 4);
  combination({kHorse, kCow, kPig, kSheep, kRooster}, 8);
  tasks.push_back(Task{TaskKind::LoneBlackSheep, kBlackSheep, {}, 0});
  return tasks;
}

TaskList parse_tasks(std::string_view text) {
  constexpr std::string_view param = "task_cards";
  TaskList tasks;
  for (const TableEntry& entry : parse_table(text, param)) {
    if (tasks.full()) bad(param, "at most " + std::to_string(kMaxTasks) + " task cards");
    Task task;
    if (entry.key == "only-black-sheep") {
      if (entry.value != "win") bad(param, "'only-black-sheep' takes the value 'win', not '" + entry.value + "'");
      task.kind = TaskKind::LoneBlackSheep;
      task.animal = kBlackSheep;
    } else if (entry.key.rfind("most-", 0) == 0) {
      int animal = parse_animal(std::string_view(entry.key).substr(5));
      if (animal < 0) bad(param, "unknown animal in '" + entry.key + "'");
      task.kind = TaskKind::Majority;
      task.animal = static_cast<std::uint8_t>(animal);
      task.points = static_cast<std::int8_t>(table_int(entry, param, 0, 99));
    } else {
      task.kind = TaskKind::Combination;
      std::string_view rest = entry.key;
      int total = 0;
      while (!rest.empty()) {
        auto plus = rest.find('+');
        int animal = parse_animal(rest.substr(0, plus));
        if (animal < 0)
          bad(param, "'" + entry.key + "' is neither most-<animal>, only-black-sheep nor animals joined by '+'");
        ++task.need[animal];
        ++total;
        rest = plus == std::string_view::npos ? std::string_view{} : rest.substr(plus + 1);
      }
      if (total == 0 || total > 5) bad(param, "a combination task needs 1 to 5 animals: '" + entry.key + "'");
      task.points = static_cast<std::int8_t>(table_int(entry, param, 0, 99));
    }
    tasks.push_back(task);
  }
  if (tasks.size() < static_cast<std::size_t>(kTasksInPlay))
    bad(param, "needs at least " + std::to_string(kTasksInPlay) + " task cards (six are in play), got " +
                   std::to_string(tasks.size()));
  return tasks;
}

FigureValues parse_figure_values(std::string_view text) {
  constexpr std::string_view param = "figure_values";
  FigureValues values{};
  std::array<bool, kNumAnimals> seen{};
  for (const TableEntry& entry : parse_table(text, param)) {
    int animal = parse_animal(entry.key);
    if (animal < 0) bad(param, "unknown animal '" + entry.key + "'");
    if (seen[animal]) bad(param, "'" + entry.key + "' is given twice");
    seen[animal] = true;
    std::string_view rest = entry.value;
    int n = 0;
    while (true) {
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      if (rest.empty()) break;
      auto end = rest.find(' ');
      std::string_view word = rest.substr(0, end);
      int value = -1;
      auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
      if (ec != std::errc() || ptr != word.data() + word.size() || value < 0 || value > 9)
        bad(param, "'" + std::string(word) + "' in '" + entry.key + "' is not a value 0..9");
      if (n == kFiguresPerAnimal) bad(param, "'" + entry.key + "' lists more than 6 figures");
      values[animal][n++] = static_cast<std::int8_t>(value);
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
    }
    if (n != kFiguresPerAnimal)
      bad(param, "'" + entry.key + "' lists " + std::to_string(n) + " values; each animal has 6 figures");
  }
  for (int animal = 0; animal < kNumAnimals; ++animal)
    if (!seen[animal]) bad(param, "no values for " + animal_name(animal) + " (all six animals are needed)");
  return values;
}

namespace {

ParamTable<Params> declared() {
  return {
      bool_param("tasks", &Params::tasks,
                 "the Task Card variant: six task cards in play instead of the six-point bonus cards"),
      int_param("start_player", &Params::start_player, 0, 4, "seat that starts (1-based); 0 picks one at random"),
      table_param<Params>("figure_values", kDefaultFigureValues,
                          "the six hidden values 0..9 of each animal's figures (black sheep subtract theirs); "
                          "the printed values are unknown, so these are our own",
                          [](Params& p, std::string_view text) { p.figure_values = parse_figure_values(text); }),
      table_param<Params>("task_cards", kDefaultTasks,
                          "the task deck (6..16 cards): most-<animal>:points, <animal>+<animal>...:points per "
                          "combination, only-black-sheep:win; the printed cards are unknown, so these are our own",
                          [](Params& p, std::string_view text) { p.task_cards = parse_tasks(text); }),
  };
}

}  // namespace

std::vector<ParamSpec> State::param_specs() { return specs_of(declared()); }

Params Params::from(const ParamMap& map) { return read_params(declared(), map); }

}  // namespace bw::black_sheep
