// Sheep Boom Bah: actions, events and the board in words.
#include <sstream>

#include "core/wording.hpp"
#include "games/boom_bah/boom_bah.hpp"

namespace bw::boom_bah {

namespace {
constexpr const char* kColourNames[kColours] = {"red", "blue", "yellow", "green"};
constexpr const char* kKindNames[kNumCardKinds] = {"Hero of the Herd", "Am-Bah-Lance", "EIEI...No", "Wolf",
                                                   "Wild Wool"};
constexpr const char* kDirNames[8] = {"north", "north-east", "east", "south-east",
                                      "south", "south-west", "west", "north-west"};
}  // namespace

std::string colour_name(int colour) { return colour >= 0 && colour < kColours ? kColourNames[colour] : "?"; }

std::string card_name(int type) {
  if (type == kWildWoolType) return kKindNames[kWildWool];
  return std::string(kColourNames[colour_of(type)]) + " " + kKindNames[kind_of(type)];
}

// Columns a..g from the left, rows 1..7 from the top.
std::string cell_name(int cell) {
  if (cell < 0 || cell >= kCells) return "?";
  return std::string(1, static_cast<char>('a' + col_of(cell))) + std::to_string(row_of(cell) + 1);
}

std::string direction_name(int dir) { return dir >= 0 && dir < 8 ? kDirNames[dir] : "?"; }

std::string State::action_to_string(Action action) {
  const int a = action;
  if (a < act::kMove) return "place a sheep on " + cell_name(a - act::kPlace);
  if (a < act::kBarn) return "move " + cell_name((a - act::kMove) / 8) + " " + direction_name((a - act::kMove) % 8);
  if (a == act::kBarn) return "barnyard to barn";
  if (a < act::kEndTurn) return "discard " + card_name(a - act::kDiscard);
  if (a == act::kEndTurn) return "end turn";
  if (a < act::kPass) return "play " + card_name(a - act::kPlay);
  if (a == act::kPass) return "pass";
  return "unknown action " + std::to_string(a);
}

namespace {
std::string tile_words(int tile, Names names) {
  switch (tile) {
    case kSafe: return "a safe field";
    case kMine: return "a LAND MINE";
    case kCrater: return "a crater";
    default: {
      int colour = tile - kBarn0;
      std::string owner = colour < static_cast<int>(names.size()) ? names[colour] : seat_label(colour);
      return "the Barn of " + owner + " (" + kColourNames[colour] + ")";
    }
  }
}

// What a pass declined, from the event alone (the state has moved on since).
std::string pass_words(const Event& e, const SeatWords& words) {
  switch (static_cast<PassOn>(e.b)) {
    case PassOn::Bump: return "no Wolf against the move from " + cell_name(e.c) + " to " + cell_name(e.d);
    case PassOn::Mine:
      return std::string("no ") + kKindNames[kHero] + " or " + kKindNames[kAmbahlance] +
             " for the sheep on the mine at " + cell_name(e.c);
    case PassOn::Card:
      return std::string("no ") + kKindNames[kEieino] + " against " + words.whose(e.d) + " " + card_name(e.c);
    case PassOn::Eieino:
      return std::string("no ") + kKindNames[kEieino] + " against " + words.whose(e.d) + " " + kKindNames[kEieino];
  }
  return "nothing";
}
}  // namespace

std::string State::describe(const Event& e, Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  auto verb = [&](int p, const char* you_form, const char* other_form) {
    return words.Name(p) + " " + words.verb(p, you_form, other_form);
  };
  switch (e.kind) {
    case evTurnStart: return "— " + (e.a == viewer ? std::string("Your") : words.Name(e.a) + "'s") + " turn.";
    case evPlace: return verb(e.a, "place", "places") + " a sheep on " + cell_name(e.b) + ".";
    case evMove: return verb(e.a, "move", "moves") + " a sheep from " + cell_name(e.b) + " to " + cell_name(e.c) + ".";
    case evBump:
      return words.Name(e.a == viewer ? viewer : e.a) + (e.a == viewer ? "r" : "'s") + " sheep is bumped from " +
             cell_name(e.b) + " to " + cell_name(e.c) + ".";
    case evReveal: return "The tile at " + cell_name(e.b) + " is turned over: " + tile_words(e.c, names) + "!";
    case evToBarnyard:
      return words.Name(e.a == viewer ? viewer : e.a) + (e.a == viewer ? "r" : "'s") + " sheep on " + cell_name(e.b) +
             " goes to " + words.whose(e.a) + " Barnyard.";
    case evToBarn:
      return words.Name(e.a == viewer ? viewer : e.a) + (e.a == viewer ? "r" : "'s") + " sheep on " + cell_name(e.b) +
             " goes to " + words.whose(e.c) + " Barn.";
    case evToGraveyard:
      return "BOOM! " + words.Name(e.a == viewer ? viewer : e.a) + (e.a == viewer ? "r" : "'s") + " sheep on " +
             cell_name(e.b) + " goes to the Graveyard.";
    case evStays: return "The sheep on " + cell_name(e.b) + " stays where it is; the mine is defused.";
    case evBarnToBarn: return verb(e.a, "move", "moves") + " a sheep from the Barnyard to the Barn.";
    case evDiscard: return verb(e.a, "discard", "discards") + " a " + card_name(e.b) + ".";
    case evPlay: return verb(e.a, "play", "plays") + " a " + card_name(e.b) + "!";
    case evPass: return verb(e.a, "pass", "passes") + ": " + pass_words(e, words) + ".";
    case evCancelled: {
      std::string w = words.whose(e.a);
      w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
      return w + " " + card_name(e.b) + " is cancelled by EIEI...No.";
    }
    case evStands: {
      std::string w = words.whose(e.a);
      w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
      return w + " " + card_name(e.b) + " takes effect.";
    }
    case evMoveContested:
      return verb(e.a, "start", "starts") + " a move from " + cell_name(e.b) + " to " + cell_name(e.c) +
             " that would bump a sheep: a Wolf may call it off.";
    case evBumpStopped:
      return "The Wolf calls off " + words.whose(e.a) + " move to " + cell_name(e.c) + ": the sheep stays on " +
             cell_name(e.b) + ".";
    case evRefill: return verb(e.a, "draw", "draws") + " " + counted(e.b, "card") + ".";
    case evEndTurn: return verb(e.a, "end", "ends") + " the turn.";
    case evForfeit: return verb(e.a, "forfeit", "forfeits") + " " + counted(e.b, "action") + ".";
    case evEndTriggered:
      return words.Name(e.a) + (e.a == viewer ? " have" : " has") +
             " no sheep left on the field: every player except " + words.name(e.b) + " takes one more turn.";
    case evGameOver:
      return e.a >= 0 ? verb(e.a, "win", "wins") + " with " + std::to_string(e.b) + " points!"
                      : "Game over: a shared win with " + std::to_string(e.b) + " points.";
    case evTurnLimit: return "The turn limit is reached: the game ends and is scored.";
    case evReshuffle: return "The discard pile is shuffled into a new draw pile.";
    default: return {};
  }
}

std::string State::render(Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  auto name = [&](int p) { return words.label(p); };
  std::ostringstream out;
  out << "Sheep Boom Bah — turn " << turn << "\n";
  out << "     a   b   c   d   e   f   g\n";
  for (int r = 0; r < kSide; ++r) {
    out << " " << r + 1 << " ";
    for (int c = 0; c < kSide; ++c) {
      int cell = r * kSide + c;
      std::string code;
      if (sheep[cell] >= 0) code = "S" + std::to_string(sheep[cell] + 1);
      else if (is_start_space(cell)) code = "--";
      else if (!revealed[cell] && viewer != kOmniscient) code = "??";
      else if (tile[cell] == kSafe) code = "..";
      else if (tile[cell] == kMine) code = "**";
      else if (tile[cell] == kCrater) code = "xx";
      else code = "B" + std::to_string(tile[cell] - kBarn0 + 1);
      out << "[" << code << "]";
    }
    out << "\n";
  }
  // Every line within 80 columns, for a terminal's default width.
  out << "   S1..S4 sheep of P1..P4 · -- start space · ?? face down · .. safe\n"
         "   xx crater · ** mine · Bn barn of Pn\n";
  out << "Draw pile: " << draw_pile.size() << "   Discards: " << discard_pile.size() << "\n";
  for (Player p = 0; p < num_players_; ++p) {
    // The seat and its score on one line, its pieces on the next, its barn on a third.
    out << (p == active && phase != Phase::GameOver ? "> " : "  ") << name(p) << " (" << kColourNames[p] << ")"
        << (p == viewer ? " (you)" : "");
    // Cards of one's colour in hand score too, but hands are secret until the end.
    if (viewer == p || viewer == kOmniscient || phase == Phase::GameOver) out << " — score " << score(p) << "\n";
    else out << " — score without the hand " << score(p) - hand_points(p) << "\n";
    out << "      on board " << sheep_on_board(p);
    if (to_place[p]) out << ", to place " << int{to_place[p]};
    out << ", barnyard " << int{barnyard[p]} << ", graveyard " << int{graveyard[p]} << ", hand " << hand_count(p)
        << "\n      barn:";
    for (Player q = 0; q < num_players_; ++q) out << " " << seat_label(q) << ":" << int{barn[p][q]};
    out << "\n";
    if (viewer == p || viewer == kOmniscient || phase == Phase::GameOver) {
      std::string line = "      hand:";
      for (int type = 0; type < kNumCardTypes; ++type)
        for (int n = 0; n < hand[p][type]; ++n) {
          std::string card = " [" + std::string(card_name(type)) + "]";
          if (line.size() + card.size() > 80) {
            out << line << "\n";
            line = "           ";
          }
          line += card;
        }
      out << line << "\n";
    }
  }
  if (end_triggered) out << "The end is triggered: " << name(trigger_seat) << " will not play again.\n";
  switch (phase) {
    case Phase::Place: out << name(active) << ": place a sheep on a free start space.\n"; break;
    case Phase::Actions:
      out << name(active) << ": " << counted(actions_left, "action") << " left; cards may be discarded at any time.\n";
      break;
    case Phase::WolfWindow:
      out << "A bump from " << cell_name(move_from) << " " << direction_name(move_dir) << ": " << name(asked)
          << " may play a Wolf to stop it.\n";
      break;
    case Phase::MineWindow:
      out << "Land mine at " << cell_name(mine_cell) << ": " << name(asked)
          << " may play Hero of the Herd or Am-Bah-Lance.\n";
      break;
    case Phase::NoWindow:
      out << card_name(card_played) << " played by " << name(card_player) << " (EIEI...No so far: " << int{no_depth}
          << "): " << name(asked) << " may answer with EIEI...No.\n";
      break;
    case Phase::GameOver: out << winners_line("Game over.", winners_, name); break;
  }
  return out.str();
}

}  // namespace bw::boom_bah
