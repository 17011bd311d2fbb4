#pragma once
// How events and boards name the seats, the same in every game: "P2" in
// action texts, the viewer as "you" in events, everybody else by name.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace bw {

inline std::string seat_label(int p) { return "P" + std::to_string(p + 1); }

// `text` (an action's, a hint's: the engine names seats by label) with each
// label standing as a word ("P2", "P2's", "(P2)") replaced by that seat's
// name, for people to read: "draw from Bob". A seat `names` has no name for keeps its label.
inline std::string name_seats(std::string_view text, Names names) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool label = text[i] == 'P' && (i == 0 || !word_char(text[i - 1])) && i + 1 < text.size() &&
                       text[i + 1] >= '1' && text[i + 1] <= '8' && (i + 2 == text.size() || !word_char(text[i + 2]));
    const auto seat = label ? static_cast<std::size_t>(text[i + 1] - '1') : names.size();
    if (seat < names.size()) {
      out += names[seat];
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The seats as one viewer reads about them.
class SeatWords {
 public:
  SeatWords(Player viewer, Names names) : viewer_(viewer), names_(names) {}

  // "you", or the seat's name ("P3" when it has none).
  std::string name(int p) const {
    if (p == viewer_) return "you";
    return p >= 0 && p < static_cast<int>(names_.size()) ? names_[p] : seat_label(p);
  }
  // The same at the start of a sentence.
  std::string Name(int p) const {
    std::string n = name(p);
    n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
    return n;
  }
  // The verb agreeing with seat p: "draw" when p is the viewer, "draws" otherwise.
  std::string verb(int p, std::string_view you_form, std::string_view other_form) const {
    return std::string(p == viewer_ ? you_form : other_form);
  }
  std::string whose(int p) const { return p == viewer_ ? std::string("your") : name(p) + "'s"; }
  // "P2 Bob", for boards and menus, where every seat is shown by number.
  // A seat named by its label ("P3", as the server names unnamed seats) is not named twice.
  std::string label(int p) const {
    const bool named = p >= 0 && p < static_cast<int>(names_.size()) && names_[p] != seat_label(p);
    return seat_label(p) + (named ? " " + names_[p] : "");
  }

 private:
  Player viewer_;
  Names names_;
};

// "1 card", "3 cards", "0 cards": a number with its noun agreeing; nouns
// that do not just take an "s" name their plural ("Nice Try", "Nice Tries").
inline std::string counted(int n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1) return out.append(noun);
  if (!plural.empty()) return out.append(plural);
  return out.append(noun).append("s");
}

// "Ann", "Ann and Bob", "Ann, Bob and Cat": items as a sentence lists them,
// `text(i, item)` giving each one's words.
template <class Items, class Text>
std::string and_list(const Items& items, Text&& text) {
  std::string out;
  const std::size_t n = items.size();
  for (std::size_t i = 0; i < n; ++i) out += (i == 0 ? "" : i + 1 == n ? " and " : ", ") + text(i, items[i]);
  return out;
}
inline std::string and_list(const std::vector<std::string>& items) {
  return and_list(items, [](std::size_t, const std::string& item) { return item; });
}

// "Ann", "Ann and Bob", "you, Bob and Cat"; capitalised when it starts a sentence.
template <class Seats>
std::string join_names(const SeatWords& words, const Seats& seats, bool sentence_start = true) {
  return and_list(seats,
                  [&](std::size_t i, Player p) { return i == 0 && sentence_start ? words.Name(p) : words.name(p); });
}

// "Game over. Winner: Ann" or "Game over. Winners: Ann Cat" for the last line of a board; `name` names a seat.
template <class NameOf>
std::string winners_line(std::string_view heading, const PlayerList& winners, NameOf&& name) {
  std::string line(heading);
  line += winners.size() == 1 ? " Winner:" : " Winners:";
  for (Player p : winners) line += " " + name(p);
  return line + "\n";
}

}  // namespace bw
