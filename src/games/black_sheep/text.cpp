// Black Sheep: actions, events, hands and the board in words.
#include <algorithm>
#include <bit>
#include <cctype>
#include <sstream>

#include "core/errors.hpp"
#include "core/wording.hpp"
#include "games/black_sheep/black_sheep.hpp"

namespace bw::black_sheep {

std::string animal_name(int animal) {
  switch (animal) {
    case kHorse: return "horse";
    case kCow: return "cow";
    case kPig: return "pig";
    case kSheep: return "sheep";
    case kRooster: return "rooster";
    case kBlackSheep: return "black sheep";
    default: return "?";
  }
}

std::string animal_plural(int animal) {
  if (animal == kSheep || animal == kBlackSheep) return animal_name(animal);
  return animal_name(animal) + "s";
}

std::string combination_name(Combination c) {
  switch (c) {
    case Combination::HighAnimal: return "highest single animal";
    case Combination::Pair: return "one pair";
    case Combination::TwoPairs: return "two pairs";
    case Combination::Three: return "three of a kind";
    case Combination::FullFarm: return "three and two";
    case Combination::Four: return "four of a kind";
    case Combination::Five: return "five of a kind";
  }
  return "?";
}

namespace {
std::string field_label(int f) {
  static const char* const kRoofs[kNumFields] = {"white", "grey", "black"};
  return "field " + std::to_string(f + 1) + " (" + kRoofs[f] + ")";
}
std::string a_animal(int animal) { return "a " + animal_name(animal); }
std::string count_of(int n, int animal) {
  static const char* const kWords[] = {"no", "one", "two", "three", "four", "five", "six"};
  return std::string(kWords[std::min(n, 6)]) + " " + (n == 1 ? animal_name(animal) : animal_plural(animal));
}
std::string tally(const AnimalCounts& counts) {
  std::string out;
  for (int a = 0; a < kNumAnimals; ++a)
    if (counts[a]) out += (out.empty() ? "" : "  ") + animal_name(a) + "×" + std::to_string(counts[a]);
  return out.empty() ? "empty" : out;
}
std::string list_animals(const AnimalCounts& counts) {
  std::string out;
  for (int a = 0; a < kNumAnimals; ++a)
    for (int n = 0; n < counts[a]; ++n) out += (out.empty() ? "" : ", ") + animal_name(a);
  return out.empty() ? "nothing" : out;
}
}  // namespace

std::string task_text(const Task& task) {
  switch (task.kind) {
    case TaskKind::Majority:
      return "most " + animal_plural(task.animal) + " (ties all score): " + std::to_string(task.points);
    case TaskKind::Combination: {
      std::string out;
      for (int a = 0; a < kNumAnimals; ++a)
        for (int n = 0; n < task.need[a]; ++n) out += (out.empty() ? "" : " + ") + animal_name(a);
      return out + ": " + std::to_string(task.points) + " per combination";
    }
    case TaskKind::LoneBlackSheep: return "the only player with black sheep wins";
  }
  return "?";
}

// ---------------------------------------------------------------- Hand strength in words

std::string describe_hand(const HandRank& rank) {
  const auto& o = rank.order;
  if (o.empty()) return "no animals";
  AnimalCounts counts{};
  for (auto a : o) ++counts[a];
  auto kickers = [&](std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < o.size(); ++i) out += (out.empty() ? "" : ", ") + animal_name(o[i]);
    return out.empty() ? std::string() : "; then " + out;
  };
  switch (rank.combination) {
    case Combination::Five: return count_of(5, o[0]);
    case Combination::Four: return count_of(4, o[0]) + kickers(4);
    case Combination::FullFarm: return count_of(3, o[0]) + " and " + count_of(2, o[3]);
    case Combination::Three: return count_of(3, o[0]) + kickers(3);
    case Combination::TwoPairs: return "two " + animal_plural(o[0]) + " and two " + animal_plural(o[2]) + kickers(4);
    case Combination::Pair: return "a pair of " + animal_plural(o[0]) + kickers(2);
    case Combination::HighAnimal: return "no pair: " + kickers(0).substr(7);
  }
  return "?";
}

AnimalCounts parse_hand(std::string_view text) {
  AnimalCounts counts{};
  int total = 0;
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    int animal = parse_animal(word);
    // "black sheep" is two words.
    if (animal < 0) throw BadParameter("unknown animal '" + word + "' (horse, cow, pig, sheep, rooster, black-sheep)");
    if (++total > 5) throw BadParameter("a hand has at most five animals");
    ++counts[animal];
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == ',' || c == '\t') {
      std::string lower;
      for (char ch : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (lower == "black") {  // join "black sheep"
        word += '-';
        continue;
      }
      flush();
    } else {
      word += c;
    }
  }
  flush();
  if (total == 0) throw BadParameter("no animals in the hand");
  return counts;
}

std::string explain_hands(std::string_view text) {
  struct Entry {
    std::string given;
    HandRank rank;
  };
  std::vector<Entry> entries;
  while (!text.empty()) {
    auto end = text.find_first_of("|;");
    std::string_view part = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (part.empty()) continue;
    AnimalCounts counts = parse_hand(part);
    int animals = 0;
    for (int n : counts) animals += n;
    // A side of a field is ranked only when full: five cards.
    if (animals != 5)
      throw BadParameter("'" + std::string(part) + "' has " + std::to_string(animals) +
                         " animals; a field hand has exactly five");
    entries.push_back({std::string(part), rank_hand(counts)});
  }
  if (entries.empty()) throw BadParameter("no hand given");
  // Stable: identical hands keep the order given (the earlier completed side wins).
  for (std::size_t i = 1; i < entries.size(); ++i)
    for (std::size_t j = i; j > 0 && entries[j].rank.key > entries[j - 1].rank.key; --j)
      std::swap(entries[j], entries[j - 1]);
  std::ostringstream out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    out << i + 1 << ". " << e.given << ": " << combination_name(e.rank.combination) << " — " << describe_hand(e.rank);
    if (i > 0) {
      const HandRank& better = entries[i - 1].rank;
      if (better.key == e.rank.key) {
        out << " (identical to the one above: the side completed first wins)";
      } else if (better.combination != e.rank.combination) {
        out << " (a lower combination than the one above)";
      } else {
        std::size_t k = 0;
        while (k < e.rank.order.size() && better.order[k] == e.rank.order[k]) ++k;
        out << " (same combination; loses on animal " << k + 1
            << " in comparison order: " << animal_name(better.order[k]) << " beats "
            << (k < e.rank.order.size() ? animal_name(e.rank.order[k]) : std::string("nothing")) << ")";
      }
    }
    out << "\n";
  }
  return out.str();
}

// ---------------------------------------------------------------- Actions and events

std::string State::action_to_string(Action action) {
  const int a = action;
  if (a < act::kPlace) return "play to field " + std::to_string(a - act::kField + 1);
  if (a < act::kJustOne) return "place " + animal_name(a - act::kPlace);
  if (a == act::kJustOne) return "place just this one card";
  if (a < act::kKeep) return "discard " + animal_name(a - act::kDiscard);
  if (a == act::kKeep) return "discard nothing";
  return "unknown action " + std::to_string(a);
}

std::string State::describe(const Event& e, Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  const bool you = e.a == viewer;
  switch (e.kind) {
    case evStartPlayer: return words.Name(e.a) + " mooed loudest and " + words.verb(e.a, "start", "starts") + ".";
    case evTurnStart: return "— " + (you ? std::string("Your") : words.Name(e.a) + "'s") + " turn.";
    case evChooseField: return words.Name(e.a) + words.verb(e.a, " play", " plays") + " to " + field_label(e.b) + ".";
    case evPlace:
      return words.Name(e.a) + words.verb(e.a, " place ", " places ") + a_animal(e.c) + " on " + field_label(e.b) + ".";
    case evJustOne: return words.Name(e.a) + words.verb(e.a, " place", " places") + " just one card.";
    case evDiscard: return words.Name(e.a) + words.verb(e.a, " discard ", " discards ") + a_animal(e.b) + ".";
    case evKeep: return words.Name(e.a) + words.verb(e.a, " keep", " keeps") + " both cards.";
    case evDraw:
      if (viewer == e.a || viewer == kOmniscient)
        return words.Name(e.a) + words.verb(e.a, " draw ", " draws ") + a_animal(e.b) + ".";
      return words.Name(e.a) + words.verb(e.a, " draw", " draws") + " a card.";
    case evReshuffle:
      return "The deck is empty: the " + std::to_string(e.a) + " discarded cards are shuffled into a new deck.";
    case evSkip:
      return words.Name(e.a) + words.verb(e.a, " face", " faces") + " three cards on every open field: turn skipped.";
    case evSideComplete:
      return words.Name(e.a) + words.verb(e.a, " complete", " completes") + " a side of " + field_label(e.b) + ".";
    case evFieldWinner:
      return words.Name(e.b) + (e.b == viewer ? " win " : " wins ") + field_label(e.a) + " with " +
             combination_name(static_cast<Combination>(e.c)) + ".";
    case evWinningHand: {
      AnimalCounts animals{};
      const int packed[5] = {e.a / 8, e.a % 8, e.b / 8, e.b % 8, e.c};
      for (int i = 0; i < e.d; ++i) ++animals[packed[i]];
      return "The winning side: " + describe_hand(rank_hand(animals)) + ".";
    }
    case evAward: return words.Name(e.a) + words.verb(e.a, " corral ", " corrals ") + a_animal(e.b) + ".";
    case evRestockCard: return "Restocking " + field_label(e.a) + ": drawn " + a_animal(e.b) + ".";
    case evRestockMisses: {
      if (e.b == 1) {
        int animal = std::countr_zero(static_cast<unsigned>(e.c));
        return "Restocking " + field_label(e.a) + ": drawn " + a_animal(animal) + ", but no " + animal_name(animal) +
               " figure is left.";
      }
      std::string animals;
      for (int animal = 0; animal < kNumAnimals; ++animal)
        if ((e.c >> animal) & 1) animals += (animals.empty() ? "" : ", ") + animal_plural(animal);
      return "Restocking " + field_label(e.a) + ": " + std::to_string(e.b) + " cards drawn (" + animals +
             "), but no figure of those animals is left.";
    }
    case evStock: return "A " + animal_name(e.b) + " figure is put on " + field_label(e.a) + ".";
    case evExhausted: return "No " + animal_name(e.b) + " figure is left in the stock.";
    case evNoMoreCards: return "No card is left to draw: " + field_label(e.a) + " keeps one figure.";
    case evEndTriggered:
      return "Neither animal has a figure left: the end game begins and " + field_label(e.a) + " is turned over.";
    case evFlip: return "The end game: " + field_label(e.a) + " is turned over, not restocked.";
    case evGameEnd: return "The last field is scored: the game is over.";
    case evFinalScore: {
      std::string what = params.tasks ? "with tasks" : "with " + counted(bonus_cards(e.a), "bonus card");
      return words.Name(e.a) + words.verb(e.a, " score ", " scores ") + std::to_string(final_score[e.a]) + " (" +
             std::to_string(figure_points(e.a)) + " from " + std::to_string(corral_size(e.a)) + " animals, " + what +
             ").";
    }
    case evLoneBlackSheep:
      return words.Name(e.a) + words.verb(e.a, " are", " is") +
             " the only player with black sheep: the task wins the game.";
    case evWinner: return words.Name(e.a) + words.verb(e.a, " win", " wins") + "!";
    default: return {};
  }
}

// ---------------------------------------------------------------- The board

std::string State::render(Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  auto name = [&](int p) { return words.label(p); };
  const bool all = viewer == kOmniscient || phase == Phase::GameOver;
  std::ostringstream out;
  AnimalCounts pile{};
  for (auto c : discard) ++pile[c];
  out << "Black Sheep — turn " << turn + 1 << (params.tasks ? ", task cards" : "")
      << (end_game ? "   [END GAME: scored fields are turned over]" : "") << "\n";
  out << "Deck " << counted(static_cast<int>(deck.size()), "card") << "; discard pile (face up): " << tally(pile)
      << "\n";
  out << "Stock:";
  for (int a = 0; a < kNumAnimals; ++a) out << "  " << animal_name(a) << " " << stock[a].size();
  out << "\n";
  for (int f = 0; f < kNumFields; ++f) {
    const Field& field = fields[f];
    out << (f == chosen_field ? "* " : "  ") << field_label(f) << ": ";
    if (field.flipped) {
      out << "turned over\n";
      continue;
    }
    for (const Figure& figure : field.figures) out << "[" << animal_name(figure.animal) << "] ";
    out << "\n";
    for (Player p = 0; p < num_players_; ++p) {
      out << "      " << name(p) << (p == viewer ? " (you)" : "") << ": ";
      if (field.side[p].empty()) out << "—";
      for (std::size_t i = 0; i < field.side[p].size(); ++i) out << (i ? ", " : "") << animal_name(field.side[p][i]);
      if (field.completed_at[p]) {
        HandRank rank = side_rank(f, p);
        out << "   = " << combination_name(rank.combination) << " (complete #" << field.completed_at[p] << ")";
      }
      out << "\n";
    }
  }
  for (Player p = 0; p < num_players_; ++p) {
    out << (p == active && phase != Phase::GameOver ? "> " : "  ") << name(p) << (p == viewer ? " (you)" : "")
        << " — corral:";
    bool any = false;
    for (int a = 0; a < kNumAnimals; ++a) {
      if (corral[p][a].empty()) continue;
      any = true;
      out << "  " << animal_name(a) << "×" << corral[p][a].size();
      if (all || p == viewer) {
        out << " (";
        ValueList values = corral[p][a];
        sort_small(values);
        for (std::size_t i = 0; i < values.size(); ++i) out << (i ? " " : "") << int{values[i]};
        out << ")";
      }
    }
    if (!any) out << " empty";
    if (phase == Phase::GameOver) out << "   score " << final_score[p];
    out << "\n";
    if (all || p == viewer) {
      out << "      hand: " << list_animals(hand[p]) << "\n";
      for (auto t : secret[p]) out << "      secret task: " << task_text(params.task_cards[t]) << "\n";
    }
  }
  if (params.tasks) {
    out << "Community tasks:\n";
    for (auto t : community) out << "  - " << task_text(params.task_cards[t]) << "\n";
  }
  switch (phase) {
    case Phase::ChooseField: out << name(active) << ": choose a field to play to.\n"; break;
    case Phase::Place:
      out << name(active) << ": place "
          << (side_start == 0 && placed == 1 ? "a second card, or just this one"
              : placed                       ? "another card"
                                             : "a card")
          << " on " << field_label(chosen_field) << ".\n";
      break;
    case Phase::Discard: out << name(active) << ": discard one card, or none, then draw up to three.\n"; break;
    case Phase::GameOver: out << winners_line("Game over.", winners_, name); break;
  }
  return out.str();
}

}  // namespace bw::black_sheep
