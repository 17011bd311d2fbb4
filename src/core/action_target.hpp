#pragma once
// Where a legal action sits on a board, so that a front draws every move on
// the piece it acts on without reading the action's words: rewording an
// action can then never move it off the board.
#include <string>

namespace bw {

struct ActionTarget {
  // The zone and the piece in it, spelled as the observation's JSON spells
  // them: {"hand", "cow"}, {"field", "2"}, {"cell", "c3"}, {"seat", "1"},
  // {"zoo", "1:4"} (seat, then card), {"flock", "2:Sheep 5"}. Zone "button"
  // (piece empty) is a move with no piece of its own: stop, pass, end turn.
  std::string zone;
  std::string piece;
  // What the move does to it, one word: "play", "lay", "place", "discard",
  // "draw", "ask", "take", "move", "aim", "pay", "choose", "done", "stop",
  // "decline" (a choice to do nothing), "pass" (exactly the game's is_pass:
  // declining a reaction, which a front may answer for a person).
  std::string kind;
  // A move finished by a second click (a sheep, then the cell it moves to):
  // that second piece; both empty otherwise.
  std::string then_zone;
  std::string then_piece;
  // Where the move would lead, for a board to show before it is made (Sheep
  // Hustle: {"square", "134"}, the field the sheep would end on if the bid
  // stopped there, or {"square", "off"} past the end of the dyke); empty if none.
  std::string preview_zone;
  std::string preview_piece;
  bool operator==(const ActionTarget&) const = default;
};

inline ActionTarget on_piece(std::string zone, std::string piece, std::string kind) {
  return {std::move(zone), std::move(piece), std::move(kind), {}, {}, {}, {}};
}
inline ActionTarget on_button(std::string kind) { return {"button", {}, std::move(kind), {}, {}, {}, {}}; }

}  // namespace bw
