// Sheep in Disguise: actions, events and the board in words.
#include <sstream>

#include "core/wording.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

std::string card_name(int card) {
  // clang-format off
  static constexpr std::array<const char*, kNumCardKinds> kNames = {
      "Viking", "Dad Sheep", "Sheep 3", "Sheep 4", "Sheep 5", "Sheep 6", "Sheep 7", "Sheep 8", "Golden Sheep",
      "Nice Try", "Draw 2", "Steal", "Gimme", "Yoink", "Take 2", "Restock", "Yank", "Dig", "Expose",
      "Attack (pass left)", "Attack (pass right)"};
  // clang-format on
  return card >= 0 && card < kNumCardKinds ? kNames[card] : "?";
}

std::string flock_type(int slot) { return slot == kWildSlot ? std::string("Wild Flock") : card_name(slot); }

std::string slot_name(int slot) { return slot == kWildSlot ? "Wild Flock" : card_name(slot) + " flock"; }
const char* play_name(int play) {
  static constexpr std::array<const char*, act::kNumPlays> kPlays = {
      "Draw 2", "Steal",       "Gimme", "Yoink", "Take 2", "Restock: new hand", "Restock: new Field",
      "Yank",   "Double Yank", "Dig",   "Expose"};
  return play >= 0 && play < act::kNumPlays ? kPlays[play] : "?";
}

std::string list_cards(const CardCounts& counts) {
  std::string out;
  for (int card = 0; card < kNumHoldable; ++card)
    if (counts[card])
      out +=
          (out.empty() ? "" : ", ") + card_name(card) + (counts[card] > 1 ? " ×" + std::to_string(counts[card]) : "");
  return out.empty() ? "nothing" : out;
}

std::string State::action_to_string(Action action) {
  const int a = action;
  auto in = [&](int base, int n) { return a >= base && a < base + n; };
  if (a == act::kDrawEnd) return "draw a card and end the turn";
  if (in(act::kPlay, act::kNumPlays)) return std::string("play ") + play_name(a - act::kPlay);
  if (a == act::kTrade) return "trade with the Field";
  if (a == act::kBuy) return "buy from the Field";
  if (in(act::kField, kNumHoldable)) return "take " + card_name(a - act::kField) + " from the Field";
  if (in(act::kHand, kNumHoldable)) return "hand card: " + card_name(a - act::kHand);
  if (a == act::kWild) return "start a Wild Flock";
  if (in(act::kSheep, kSheepTypes)) return "sheep: " + card_name(a - act::kSheep);
  if (a == act::kYoinkExpose) return "take the Expose card";
  if (in(act::kFlock, kMaxSeats * kFlockSlots)) {
    int owner = (a - act::kFlock) / kFlockSlots, slot = (a - act::kFlock) % kFlockSlots;
    return "aim at " + seat_label(owner) + "'s " + slot_name(slot);
  }
  if (in(act::kPayOff, kFlockSlots)) return "pay off the Expose on my " + slot_name(a - act::kPayOff);
  if (in(act::kTarget, kMaxSeats)) return "target " + seat_label(a - act::kTarget);
  if (a == act::kGimmeAny) return "gimme: a card of their choice";
  if (in(act::kGimmeAsk, kNumHoldable)) return "gimme: " + card_name(a - act::kGimmeAsk);
  if (in(act::kDig, kNumHoldable)) return "dig " + card_name(a - act::kDig);
  if (a == act::kNiceTry) return "play Nice Try";
  if (a == act::kPass) return "pass";
  return "unknown action " + std::to_string(a);
}

namespace {
// An Action card's events: played, aimed, answered with Nice Try, and what each card does.
std::string describe_action_card(const Event& e, Player viewer, const SeatWords& words) {
  const bool sees_all = viewer == kOmniscient;
  switch (e.kind) {
    case evPlay: return words.Name(e.a) + words.verb(e.a, " play ", " plays ") + play_name(e.b) + ".";
    case evAim:
      if (e.d >= 0 && e.b == act::pGimme)
        return words.Name(e.a) + words.verb(e.a, " ask ", " asks ") + words.name(e.c) + " for " + card_name(e.d) + ".";
      if (e.b == act::pGimme)
        return words.Name(e.a) + words.verb(e.a, " ask ", " asks ") + words.name(e.c) + " for a card of their choice.";
      return words.Name(e.a) + words.verb(e.a, " aim ", " aims ") + play_name(e.b) + " at " + words.name(e.c) + ".";
    case evAimFlock:
      return words.Name(e.a) + words.verb(e.a, " aim ", " aims ") + play_name(e.b) + " at " + words.whose(e.c) + " " +
             slot_name(e.d) + ".";
    case evNiceTry:
      return words.Name(e.a) + words.verb(e.a, " say", " says") + " \"Nice try!\" (" + std::to_string(e.b) +
             " in this chain).";
    case evPassWindow: return words.Name(e.a) + words.verb(e.a, " let", " lets") + " it happen.";
    case evCancelled:
      return (e.a == viewer ? std::string("Your") : words.Name(e.a) + "'s") + " " + play_name(e.b) + " is cancelled.";
    case evNoWindow: return {};
    case evSteal:
      if (e.a == viewer || e.b == viewer || sees_all)
        return words.Name(e.a) + words.verb(e.a, " steal ", " steals ") + card_name(e.c) + " from " + words.name(e.b) +
               ".";
      return words.Name(e.a) + words.verb(e.a, " steal", " steals") + " a card from " + words.name(e.b) + ".";
    case evStealNothing: return words.Name(e.b) + words.verb(e.b, " have", " has") + " nothing to steal.";
    case evGimmeHit: return words.Name(e.b) + words.verb(e.b, " hand over ", " hands over ") + card_name(e.c) + ".";
    case evGimmeMiss:
      return words.Name(e.b) + words.verb(e.b, " have", " has") + " nothing to give: the Gimme is wasted.";
    case evGimmeGive:
      if (e.a == viewer || e.b == viewer || sees_all)
        return words.Name(e.a) + words.verb(e.a, " give ", " gives ") + card_name(e.c) + " to " + words.name(e.b) + ".";
      return words.Name(e.a) + words.verb(e.a, " give", " gives") + " a card to " + words.name(e.b) + ".";
    case evYoinkSheep:
      return words.Name(e.a) + words.verb(e.a, " yoink ", " yoinks ") + card_name(e.d) + " from " + words.whose(e.b) +
             " " + slot_name(e.c) + "; the rest goes back to " + words.whose(e.b) + " hand.";
    case evYoinkExpose:
      return words.Name(e.a) + words.verb(e.a, " yoink", " yoinks") + " the Expose card off " + words.whose(e.b) + " " +
             slot_name(e.c) + ".";
    case evYank:
      return words.Name(e.a) + words.verb(e.a, " yank ", " yanks ") + words.whose(e.b) + " " + slot_name(e.c) + ".";
    case evExpose:
      return words.Name(e.a) + words.verb(e.a, " expose ", " exposes ") + words.whose(e.b) + " " + slot_name(e.c) + ".";
    case evDig:
      return words.Name(e.a) + words.verb(e.a, " dig ", " digs ") + card_name(e.b) + " out of the discard pile.";
    case evRestockHand:
      return words.Name(e.a) + words.verb(e.a, " discard ", " discards ") + "a hand of " + counted(e.b, "card") +
             " and " + words.verb(e.a, "draw", "draws") + " 5 new ones.";
    case evRestockField: return words.Name(e.a) + words.verb(e.a, " clear", " clears") + " the Field for new cards.";
    default: return {};
  }
}

// The turn's own events: draws, the Field, Attacks, trading, buying, Wild
// Flocks, paying off an Expose, flocks formed and the end; the rest are an
// Action card's.
std::string describe_turn(const Event& e, Player viewer, const SeatWords& words) {
  const bool sees_all = viewer == kOmniscient;
  switch (e.kind) {
    case evTurnStart: return "— " + (e.a == viewer ? std::string("Your") : words.Name(e.a) + "'s") + " turn.";
    case evDrawCard:
      if (e.a == viewer || sees_all)
        return words.Name(e.a) + words.verb(e.a, " draw ", " draws ") + card_name(e.b) + ".";
      return words.Name(e.a) + words.verb(e.a, " draw", " draws") + " a card.";
    case evFieldCard: return card_name(e.a) + " is dealt into the Field.";
    case evAttack:
      return std::string("ATTACK! ") + card_name(e.b) + " turns up " +
             (e.a >= 0 ? "in " + words.whose(e.a) + " draw" : std::string("while dealing the Field")) +
             ": all play pauses.";
    case evExposedDiscarded:
      return words.Name(e.a) + " " + words.verb(e.a, "lose", "loses") + " the exposed " + slot_name(e.b) +
             " to the Attack.";
    case evChoosePass: return words.Name(e.a) + words.verb(e.a, " choose", " chooses") + " a card to pass.";
    case evPassed:
      if (e.a == viewer || e.b == viewer || sees_all)
        return words.Name(e.a) + words.verb(e.a, " pass ", " passes ") + card_name(e.c) + " to " + words.name(e.b) +
               ".";
      return words.Name(e.a) + words.verb(e.a, " pass", " passes") + " a card to " + words.name(e.b) + ".";
    case evTrade:
      return words.Name(e.a) + words.verb(e.a, " trade ", " trades ") + card_name(e.b) + " for the Field's " +
             card_name(e.c) + ".";
    case evBuy:
      return words.Name(e.a) + words.verb(e.a, " pay ", " pays ") + "two " + card_name(e.b) + " to buy a Field card.";
    case evWildCard:
      return words.Name(e.a) + words.verb(e.a, " lay ", " lays ") + card_name(e.b) + " for a Wild Flock.";
    case evPayCard:
      return words.Name(e.a) + words.verb(e.a, " pay ", " pays ") + card_name(e.b) + " toward the Expose on " +
             words.whose(e.a) + " " + slot_name(e.c) + ".";
    case evTake: return words.Name(e.a) + words.verb(e.a, " take ", " takes ") + card_name(e.b) + " from the Field.";
    case evWild: return words.Name(e.a) + words.verb(e.a, " lay", " lays") + " down a Wild Flock.";
    case evPayOff:
      return words.Name(e.a) + words.verb(e.a, " have", " has") + " paid off the Expose on " + words.whose(e.a) + " " +
             slot_name(e.b) + ".";
    case evFlock: return words.Name(e.a) + words.verb(e.a, " form", " forms") + " a flock of " + card_name(e.b) + "!";
    case evReshuffle: return "The draw pile is empty: the discard pile is shuffled into a new one.";
    case evDeckEmpty: return "No cards left to draw.";
    case evWin: return words.Name(e.a) + words.verb(e.a, " win", " wins") + " with " + std::to_string(e.b) + " flocks!";
    case evGoldenWin:
      return words.Name(e.a) + words.verb(e.a, " hold", " holds") + " every Golden Sheep and " +
             words.verb(e.a, "win", "wins") + "!";
    case evTurnLimit: return "The turn limit is reached: the most flocks (" + std::to_string(e.a) + ") win.";
    default: return describe_action_card(e, viewer, words);
  }
}
}  // namespace

std::string State::describe(const Event& e, Player viewer, Names names) const {
  return describe_turn(e, viewer, SeatWords(viewer, names));
}

namespace {
// One seat: hand size and flocks (a Wild Flock's types, the Exposes), then
// its hand as far as `viewer` may see it.
void render_seat(std::ostringstream& out, const State& s, Player p, Player viewer, const SeatWords& words) {
  out << (p == s.active && s.phase != Phase::GameOver ? "> " : "  ") << words.label(p) << (p == viewer ? " (you)" : "")
      << " — hand " << s.hand_size(p) << ", flocks " << s.flock_count(p) << "/" << s.target_flocks() << ":";
  bool any = false;
  for (int slot = 0; slot < kFlockSlots; ++slot) {
    if (!s.has_flock(p, slot)) continue;
    out << (any ? "," : "") << " " << slot_name(slot);
    if (slot == kWildSlot) {
      out << " (";
      bool first = true;
      for (int t = 0; t < kSheepTypes; ++t)
        if ((s.wild[p] >> t) & 1u) {
          out << (first ? "" : " ") << card_name(t);
          first = false;
        }
      out << ")";
    }
    if (s.is_exposed(p, slot)) out << " [EXPOSED]";
    any = true;
  }
  out << (any ? "" : " none") << "\n";
  if (viewer == kOmniscient || viewer == p) {
    out << "      hand: " << list_cards(s.hand[p]) << "\n";
  } else {
    const CardCounts& proven = viewer >= 0 ? s.known[viewer][p] : s.public_known[p];
    bool known_any = false;
    for (auto n : proven) known_any |= n > 0;
    if (known_any) out << "      known in hand: " << list_cards(proven) << "\n";
  }
}

// The last line: whose decision it is and what it is about, or the winners.
void render_decision(std::ostringstream& out, const State& s, const SeatWords& words) {
  auto name = [&](int p) { return words.label(p); };
  const Player active = s.active;
  switch (s.phase) {
    case Phase::Main:
      out << name(active) << ": play Action cards, " << (s.traded ? "" : "trade with the Field, ")
          << "buy, pay off an Expose, or draw a card to end the turn.\n";
      break;
    case Phase::TradeTake: out << name(active) << " trades with the Field: which Field card?\n"; break;
    case Phase::BuyPay: out << name(active) << " buys from the Field: which pair to pay?\n"; break;
    case Phase::TradeGive:
      out << name(active) << " takes the Field's " << card_name(s.pick_kind) << ": which hand card goes there?\n";
      break;
    case Phase::BuyTake:
      out << name(active) << " paid two " << card_name(s.pick_kind) << ": which Field card?\n";
      break;
    case Phase::WildPick:
      out << name(active) << " builds a Wild Flock: " << counted(s.picks_left, "more sheep type") << ".\n";
      break;
    case Phase::PayCards:
      out << name(active) << " pays off an Expose: " << counted(s.picks_left, "more card") << ".\n";
      break;
    case Phase::ChooseTarget: out << name(active) << " plays " << play_name(s.play) << ": at whom?\n"; break;
    case Phase::GimmeMode: out << name(active) << " plays Gimme at " << name(s.target) << ": which card?\n"; break;
    case Phase::ChooseFlock: out << name(active) << " plays " << play_name(s.play) << ": at which flock?\n"; break;
    case Phase::NiceTry:
      out << name(active) << "'s " << play_name(s.play) << " is on the table";
      if (s.nice_depth)
        out << " with " << counted(s.nice_depth, "Nice Try", "Nice Tries") << " against it ("
            << (s.nice_depth % 2 ? "cancelled" : "standing") << " now)";
      out << ". " << name(s.asked) << ": play Nice Try against " << name(s.last_card_by) << "'s card, or pass?\n";
      break;
    case Phase::GimmeGive: out << name(s.target) << " chooses a card to give to " << name(active) << ".\n"; break;
    case Phase::YoinkPick:
      out << name(active) << " yoinks from " << name(s.flock_owner) << "'s " << slot_name(s.flock_slot)
          << ": which card?\n";
      break;
    case Phase::DigPick: out << name(active) << " digs in the discard pile: which card?\n"; break;
    case Phase::Take2Pick:
      out << name(active) << " takes " << counted(s.picks_left, "more card") << " from the Field.\n";
      break;
    case Phase::AttackPass:
      out << "ATTACK (" << card_name(s.attack) << "): " << name(s.current_player()) << " chooses a card to pass.\n";
      break;
    case Phase::GameOver: out << winners_line("Game over.", s.winners(), name); break;
  }
}
}  // namespace

std::string State::render(Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  std::ostringstream out;
  out << "Sheep in Disguise — turn " << turn + 1 << ", " << int{target_flocks_} << " flocks win\n";
  out << "Draw pile: " << counted(static_cast<int>(draw_pile.size()), "card")
      << "    Discard: " << counted(static_cast<int>(discard.size()), "card");
  if (!discard.empty()) out << ", top " << card_name(discard.back());
  out << "\nField:";
  if (field.empty()) out << " empty";
  for (auto c : field) out << " [" << card_name(c) << "]";
  out << "\n";
  for (Player p = 0; p < num_players_; ++p) render_seat(out, *this, p, viewer, words);
  render_decision(out, *this, words);
  return out.str();
}

}  // namespace bw::disguise
