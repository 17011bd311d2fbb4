// Sheep Hustle: actions, events and the dyke in words.
#include <sstream>

#include "core/wording.hpp"
#include "games/hustle/hustle.hpp"

namespace bw::hustle {

std::string side_name(int side) { return std::string("side ") + static_cast<char>('A' + side); }

std::string pad_name(Pad pad) {
  return pad.kind == PadKind::RunBack ? "run back " + std::to_string(pad.value)
                                      : "change scope ±" + std::to_string(pad.value);
}

namespace {
char letter(int p) { return static_cast<char>('A' + p); }

std::string square_name(int board, int local) {
  return "square " + std::to_string(local) + " of the " + (board == 0 ? "first" : "second") + " board";
}

std::string cards_text(std::uint16_t mask) {
  std::string out;
  for (int d = 0; d < 10; ++d)
    if ((mask >> d) & 1u) out += (out.empty() ? "" : " ") + std::to_string(d);
  return out.empty() ? "-" : out;
}
}  // namespace

// The log's words for a square; the end screen's explanation uses them too.
std::string square_name(int square) { return square_name(square / kSquaresPerBoard, square % kSquaresPerBoard); }

std::string State::action_to_string(Action action) {
  const int a = action;
  if (a < act::kBidDone) return "card " + std::to_string(a - act::kCard);
  if (a == act::kBidDone) return "bid done";
  if (a < act::kChange) return "pad: run back " + std::to_string(a - act::kRunBack + 1);
  if (a < act::kMove) return "pad: change scope " + std::to_string(a - act::kChange + 1);
  if (a == act::kMove) return "move";
  if (a < act::kRelay) {
    int delta = a - act::kDelta - kMaxChange;
    return "change by " + std::string(delta > 0 ? "+" : "") + std::to_string(delta);
  }
  if (a < act::kTakeRunBack) {
    int s = (a - act::kRelay) % kNumSides;
    return "relay: " + side_name(s) + (a - act::kRelay >= kNumSides ? " turned" : "");
  }
  if (a < act::kTakeChange) return "take pad: run back " + std::to_string(a - act::kTakeRunBack + 1);
  if (a < act::kCount) return "take pad: change scope " + std::to_string(a - act::kTakeChange + 1);
  return "unknown action " + std::to_string(a);
}

std::string State::describe(const Event& e, Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  const bool you = e.a == viewer;
  switch (e.kind) {
    case evRoundStart:
      return "— Round " + std::to_string(e.b) + ": " + words.name(e.a) + (you ? " start" : " starts") +
             ", holding the imp and the cherub.";
    case evBid: return words.Name(e.a) + words.verb(e.a, " lay", " lays") + " a secret scope of move face down.";
    case evReveal: {
      std::string digits;
      if (e.b >= 1) digits += static_cast<char>('0' + e.c / 10);
      if (e.b >= 2) digits += static_cast<char>('0' + e.c % 10);
      if (e.b >= 3) digits += static_cast<char>('0' + e.d);
      int value = 0;
      for (char c : digits) value = value * 10 + (c - '0');
      return words.Name(e.a) + words.verb(e.a, " reveal ", " reveals ") + digits + ": a scope of " +
             std::to_string(value) + ".";
    }
    case evPlayPad:
      return words.Name(e.a) + words.verb(e.a, " play", " plays") +
             " a clover pad: " + pad_name(Pad{static_cast<PadKind>(e.b), static_cast<std::uint8_t>(e.c)}) + ".";
    case evDelta:
      return words.Name(e.a) + words.verb(e.a, " change", " changes") + " the scope by " + (e.b > 0 ? "+" : "") +
             std::to_string(e.b) + " to " + std::to_string(e.c * 100 + e.d) + ".";
    case evMove: return words.Name(e.a) + words.verb(e.a, " move", " moves") + " to " + square_name(e.b, e.c) + ".";
    case evStay: return words.Name(e.a) + words.verb(e.a, " stay", " stays") + " put.";
    case evShove: return words.Name(e.a) + (you ? " are" : " is") + " shoved to " + square_name(e.b, e.c) + ".";
    case evWater:
      return words.Name(e.a) + words.verb(e.a, " land", " lands") + " in the water: a lifesaver is used (" +
             std::to_string(e.b) + " left).";
    case evOut:
      switch (e.b) {
        case outWater:
          return words.Name(e.a) + words.verb(e.a, " slide", " slides") +
                 " off the dyke into the water: out of the race.";
        case outOffTheEnd:
          return words.Name(e.a) + words.verb(e.a, " leave", " leaves") + " the far end of the dyke: out of the race.";
        default:
          return words.Name(e.a) + words.verb(e.a, " have", " has") + " the imp and no lifesaver: out of the race.";
      }
    case evRelay:
      return "The first board is empty: " +
             (e.a >= 0 ? words.name(e.a) + (you ? " lay it" : " lays it") : std::string("it is laid")) +
             " in front of the other with " + side_name(e.b) + (e.c ? " (turned)" : "") + " up.";
    case evBoth: return words.Name(e.a) + words.verb(e.a, " hold", " holds") + " the imp and the cherub for now.";
    case evImp: return words.Name(e.a) + words.verb(e.a, " take", " takes") + " the imp.";
    case evCherub: return words.Name(e.a) + words.verb(e.a, " take", " takes") + " the cherub.";
    case evReassign: return "The " + std::string(e.b == 0 ? "imp" : "cherub") + " passes to " + words.name(e.a) + ".";
    case evImpPenalty:
      return words.Name(e.a) + words.verb(e.a, " lose", " loses") + " a lifesaver to the imp (" + std::to_string(e.b) +
             " left).";
    case evTakePad:
      return words.Name(e.a) + words.verb(e.a, " take", " takes") +
             " the cherub's clover pad: " + pad_name(Pad{static_cast<PadKind>(e.b), static_cast<std::uint8_t>(e.c)}) +
             ".";
    case evTakeBack:
      return words.Name(e.a) + words.verb(e.a, " take", " takes") + " back " + words.whose(e.a) + " discarded cards.";
    case evWin: {
      std::string who;
      for (Player p : winners_) who += (who.empty() ? "" : " and ") + words.name(p);
      return "The race is over (" + std::to_string(e.c) + " sheep left): " + who +
             (winners_.size() == 1 && !you ? " wins!" : " win!");
    }
    default: return {};
  }
}

namespace {
// The two boards side by side, row 9 at the top: water, a sheep's letter, or
// * where several sheep stand.
void render_dyke(std::ostringstream& out, const State& s) {
  auto cell = [&](int square) {
    char c = s.is_water(square) ? '~' : '.';
    int here = 0;
    for (Player p = 0; p < s.num_players(); ++p)
      if (s.alive(p) && s.position[p] == square) {
        c = here++ ? '*' : letter(p);
      }
    return c;
  };
  for (int row = 9; row >= 0; --row) {
    for (int board = 0; board < 2; ++board) {
      out << (board ? "    " : "  ") << row << " ";
      for (int col = 0; col < 10; ++col) out << ' ' << cell(board * kSquaresPerBoard + col * 10 + row);
    }
    out << "\n";
  }
  out << "     ";
  for (int board = 0; board < 2; ++board) {
    for (int col = 0; col < 10; ++col) out << col << ' ';
    out << (board ? "  (tens →, ones ↑; ~ water, * several sheep)\n" : "      ");
  }
}

// The clover pads in the supply, equal pads grouped: "run back 10 ×2".
std::string supply_text(const State& s) {
  const Params& params = s.params;
  std::string supply;
  for (int i = 0; i < params.num_pads; ++i) {
    if (s.pad_where[i] != kPadSupply) continue;
    bool listed = false;
    for (int j = 0; j < i; ++j) listed |= s.pad_where[j] == kPadSupply && params.pads[j] == params.pads[i];
    if (listed) continue;
    int copies = 0;
    for (int j = i; j < params.num_pads; ++j)
      copies += s.pad_where[j] == kPadSupply && params.pads[j] == params.pads[i];
    supply +=
        (supply.empty() ? "" : ", ") + pad_name(params.pads[i]) + (copies > 1 ? " ×" + std::to_string(copies) : "");
  }
  return supply;
}
}  // namespace

std::string State::render(Player viewer, Names names) const {
  auto name = [&](int p) {
    return std::string(1, letter(p)) + " " +
           (p < static_cast<int>(names.size()) ? names[p] : "P" + std::to_string(p + 1));
  };
  const Observation obs = observation(viewer);
  std::ostringstream out;
  out << "Sheep Hustle — round " << round << "; imp: " << (imp >= 0 ? name(imp) : "-")
      << ", cherub: " << (cherub >= 0 ? name(cherub) : "-") << "\n";
  out << "       first board (" << side_name(side[0]) << (turned[0] ? " turned" : "") << ")"
      << "          second board (" << side_name(side[1]) << (turned[1] ? " turned" : "") << ")\n";
  render_dyke(out, *this);
  for (Player p = 0; p < num_players_; ++p) {
    out << (p == current_player() ? "> " : "  ") << name(p) << (p == viewer ? " (you)" : "");
    if (!alive(p)) {
      out << " — out of the race\n";
      continue;
    }
    int board = position[p] / kSquaresPerBoard, local = position[p] % kSquaresPerBoard;
    out << " — " << (at_start[p] ? "start, " : "") << "square " << local << " of the "
        << (board == 0 ? "first" : "second") << " board, lifesavers " << int{lifesavers[p]}
        << "\n      hand: " << cards_text(obs.hand[p]) << "   discards: " << cards_text(discard[p]);
    if (obs.bid_len[p] > 0) {
      out << "   bid: ";
      for (int i = 0; i < obs.bid_len[p]; ++i) out << int{obs.bid[p][i]};
      if (revealed[p]) out << " (scope " << scope[p] << ")";
    } else if (bid_len[p] > 0) {
      out << "   bid: " << int{bid_len[p]} << " card" << (bid_len[p] > 1 ? "s" : "") << " face down"
          << (has_bid[p] ? "" : " so far");
    }
    std::string pads;
    for (int i = 0; i < params.num_pads; ++i)
      if (pad_where[i] == static_cast<std::uint8_t>(p)) pads += (pads.empty() ? "" : ", ") + pad_name(params.pads[i]);
    if (!pads.empty()) out << "\n      pads: " << pads;
    out << "\n";
  }
  const std::string supply = supply_text(*this);
  out << "Clover pads beside the dyke: " << (supply.empty() ? "none" : supply) << "\n";
  switch (phase) {
    case Phase::Bid:
      out << name(active) << ": lay one to three cards face down for the scope of move, highest place first.\n";
      break;
    case Phase::Pads:
      out << name(active) << ": play clover pads or move (scope " << scope[active];
      if (run_back) out << ", then run back " << run_back;
      out << ").\n";
      break;
    case Phase::Delta:
      out << name(active) << ": change the scope by -" << int{pending_change} << "..+" << int{pending_change} << ".\n";
      break;
    case Phase::Relay: out << name(active) << ": the first board is empty; choose the side it shows in front.\n"; break;
    case Phase::TakePad: out << name(cherub) << " holds the cherub: take a clover pad.\n"; break;
    case Phase::GameOver: out << winners_line("The race is over.", winners_, name); break;
  }
  return out.str();
}

}  // namespace bw::hustle
