// Bye-Bye Black Sheep: actions, events and the board in words.
#include <sstream>

#include "core/wording.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

std::string card_name(int card) {
  if (is_set_card(card)) return std::to_string(card + 1);
  switch (card) {
    case kBlackSheep: return "Black Sheep";
    case kEagle: return "Eagle";
    case kMole: return "Mole";
    case kMagpie: return "Magpie";
    case kWhiteSheep: return "White Sheep";
    case kMotherSheep: return "Mother Sheep";
    case kWolf: return "Wolf";
    default: return "?";
  }
}

namespace {
std::string set_label(int set) { return "set " + std::to_string(set + 1); }
std::string lower_name(int card) {
  std::string name = card_name(card);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

// "a 7", "an 8", "an 11", "an Eagle".
std::string a_card(int card) {
  std::string name = card_name(card);
  bool vowel_sound = name[0] == '8' || name == "11" || name[0] == 'E';
  return (vowel_sound ? "an " : "a ") + name;
}

std::string list_cards(const CardCounts& counts) {
  std::string out;
  for (int card = kNumCardKinds - 1; card >= 0; --card) {  // specials first, then sets high to low
    int c = card >= kBlackSheep ? card : kBlackSheep - 1 - card;
    for (int n = 0; n < counts[c]; ++n) out += (out.empty() ? "" : ", ") + card_name(c);
  }
  return out.empty() ? "nothing" : out;
}
}  // namespace

std::string State::action_to_string(Action action) {
  const int a = action;
  if (a < act::kStop) return "draw from " + seat_label(a - act::kDrawFrom);
  if (a == act::kStop) return "stop";
  if (a < act::kEagleDecline) return "eagle: ask " + seat_label(a - act::kEagleAsk);
  if (a == act::kEagleDecline) return "eagle: ask nobody";
  if (a < act::kMoleTake) return "eagle: " + set_label(a - act::kEagleSet);
  if (a < act::kMoleDecline) return "mole: take " + set_label(a - act::kMoleTake);
  if (a == act::kMoleDecline) return "mole: take nothing";
  if (a < act::kMagpieDecline) {
    int victim = (a - act::kMagpieSteal) / kMaxSets, set = (a - act::kMagpieSteal) % kMaxSets;
    return "magpie: take " + set_label(set) + " from " + seat_label(victim);
  }
  if (a == act::kMagpieDecline) return "magpie: take nothing";
  if (a < act::kWhiteDecline) return "white sheep: place " + set_label(a - act::kWhitePlace);
  if (a == act::kWhiteDecline) return "white sheep: place nothing";
  if (a == act::kMotherTake) return "mother sheep: take the top pile card";
  if (a == act::kMotherDecline) return "mother sheep: take nothing";
  if (a < act::kZooDone) return "zoo: " + set_label(a - act::kZooPlace);
  if (a == act::kZooDone) return "zoo: done";
  if (a < act::kCount) return "pick " + lower_name(a - act::kPick + kEagle);
  return "unknown action " + std::to_string(a);
}

std::string State::describe(const Event& e, Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  const bool you = e.a == viewer;
  switch (e.kind) {
    case evTurnStart: return "— " + (you ? std::string("Your") : words.Name(e.a) + "'s") + " turn.";
    case evDraw:
      return words.Name(e.a) + (you ? " draw " : " draws ") + (e.c == kBlackSheep ? "the Black Sheep" : a_card(e.c)) +
             " from " + words.name(e.b) + ".";
    case evBlackSheep:
      return "Bye-bye: the Black Sheep goes back to " + words.name(e.b) + "; " + words.name(e.a) +
             (you ? " keep" : " keeps") + " the haul in hand and the turn ends.";
    case evHaul:
      return words.Name(e.a) + (you ? " take " : " takes ") + counted(e.b, "card") +
             " from the watering hole into hand.";
    case evStop:
      return words.Name(e.a) + (you ? " stop" : " stops") +
             (e.b > 0 ? " and may put up to " + counted(e.b, "card") + " in the zoo." : "; no zoo placement.");
    case evPass: return words.Name(e.a) + (you ? " pass" : " passes") + " without drawing.";
    case evEagleAsk:
      return words.Name(e.a) + (you ? " ask " : " asks ") + words.name(e.b) + " for set " + card_name(e.c) + ".";
    case evEagleHit:
      return words.Name(e.b) + (e.b == viewer ? " hand over" : " hands over") + " a card of set " + card_name(e.c) +
             ".";
    case evEagleMiss:
      return words.Name(e.b) + (e.b == viewer ? " have" : " has") + " no card of set " + card_name(e.c) +
             ": the turn ends.";
    case evEagleDecline: return words.Name(e.a) + (you ? " let" : " lets") + " the Eagle ask nobody.";
    case evMoleLook:
      if (viewer == e.a || viewer == kOmniscient)
        return words.Name(e.a) + (you ? " look" : " looks") + " at " + words.whose(e.b) +
               " hand: " + list_cards(hand[e.b]) + ".";
      return words.Name(e.a) + (you ? " look" : " looks") + " at " + words.whose(e.b) + " hand.";
    case evMoleTake:
      return words.Name(e.a) + (you ? " take " : " takes ") + a_card(e.c) + " from " + words.whose(e.b) + " hand.";
    case evMagpieEnters: return "The Magpie enters the game: it goes to " + words.whose(e.a) + " hand.";
    case evMagpieSteal:
      return words.Name(e.a) + (you ? " take " : " takes ") + a_card(e.c) + " from " + words.whose(e.b) + " zoo.";
    case evWhitePlace:
      return words.Name(e.a) + (you ? " put " : " puts ") + a_card(e.c) + " in " + (you ? "your" : "their") +
             " zoo (White Sheep).";
    case evMotherDraw:
      return words.Name(e.a) + (you ? " turn " : " turns ") + "over " + a_card(e.c) + " from the pile.";
    case evWolf:
      return "The Wolf howls: " + words.name(e.a) + (you ? " take " : " takes ") + counted(e.b, "card") +
             " from the watering hole until the end of the turn.";
    case evZooPlace: return words.Name(e.a) + (you ? " put " : " puts ") + a_card(e.c) + " in the zoo.";
    case evRefill: return words.Name(e.a) + (you ? " draw " : " draws ") + counted(e.b, "card") + " from the pile.";
    case evWolfReturn:
      return words.Name(e.a) + (you ? " take " : " takes ") + "the Wolf's " + counted(e.b, "card") + " into hand.";
    case evPick:
      return words.Name(e.a) + (you ? " pick " : " picks ") + "the " + card_name(e.c) + " for the special pool.";
    case evSpecialsDealt: return "The special cards are shuffled and dealt, one to each player.";
    case evWin: return words.Name(e.a) + (you ? " win" : " wins") + " with " + std::to_string(e.b) + " triplets!";
    case evStall:
      return "Nobody can finish: the game ends. Most triplets (" + std::to_string(e.a) + "), then most zoo cards (" +
             std::to_string(e.b) + "), win.";
    case evEagleTarget: return words.Name(e.a) + (you ? " turn" : " turns") + " the Eagle on " + words.name(e.b) + ".";
    case evMoleDecline: return words.Name(e.a) + (you ? " take" : " takes") + " nothing with the Mole.";
    case evMagpieDecline: return words.Name(e.a) + (you ? " take" : " takes") + " nothing with the Magpie.";
    case evWhiteDecline: return words.Name(e.a) + (you ? " put" : " puts") + " nothing in the zoo (White Sheep).";
    case evMotherDecline: return words.Name(e.a) + (you ? " leave" : " leaves") + " the pile alone (Mother Sheep).";
    case evZooDone: return words.Name(e.a) + (you ? " are" : " is") + " done placing.";
    default: return {};
  }
}

std::string State::render(Player viewer, Names names) const {
  const SeatWords words(viewer, names);
  auto name = [&](int p) { return words.label(p); };
  const Observation seen = observation(viewer);
  std::ostringstream out;
  out << "Bye-Bye Black Sheep — turn " << turn + 1 << ", " << int{target_triplets_} << " triplets win\n";
  out << "Draw pile: " << counted(static_cast<int>(draw_pile.size()), "card")
      << "    Magpie: " << (magpie_in_play ? "in play" : "beside the pile") << "\n";
  out << "Watering hole:";
  if (watering_hole.empty()) out << " empty";
  for (auto card : watering_hole) out << " [" << card_name(card) << "]";
  out << "\n";
  if (wolf_owner >= 0) out << "The Wolf's stash (" << name(wolf_owner) << "): " << list_cards(wolf_stash) << "\n";
  for (Player p = 0; p < num_players_; ++p) {
    out << (p == active && phase != Phase::GameOver ? "> " : "  ") << name(p) << (p == viewer ? " (you)" : "")
        << " — hand " << hand_size(p) << ", triplets " << triplets(p) << "/" << int{target_triplets_} << "\n";
    out << "      zoo: ";
    bool any = false;
    for (int set = 0; set < kMaxSets; ++set)
      if (zoo[p][set]) {
        out << (any ? "  " : "") << card_name(set) << "×" << int{zoo[p][set]};
        any = true;
      }
    out << (any ? "" : "empty") << "\n";
    if (viewer == kOmniscient || viewer == p) {
      out << "      hand: " << list_cards(hand[p]) << "\n";
    } else {
      CardCounts proven = seen.known_in_hand[p];
      proven[kBlackSheep] = 0;  // everybody holds one; not worth repeating
      bool any_known = false;
      for (auto n : proven) any_known |= n > 0;
      if (any_known) out << "      known in hand: " << list_cards(proven) << "\n";
    }
    if (seen.known_absent[p]) {
      out << "      known to lack:";
      for (int set = 0; set < kMaxSets; ++set)
        if ((seen.known_absent[p] >> set) & 1u) out << " " << card_name(set);
      out << "\n";
    }
  }
  switch (phase) {
    case Phase::PickSpecial: {
      out << "Setup: " << name(current_player()) << " picks a special card. Still in the pool:";
      for (int card = kEagle; card < kNumCardKinds; ++card)
        if (special_pool[card]) out << " " << card_name(card) << "×" << int{special_pool[card]};
      out << "\n";
      break;
    }
    case Phase::Draw: out << name(active) << ": draw blind from a hand, or stop.\n"; break;
    case Phase::EagleTarget: out << name(active) << " drew an Eagle: ask somebody for a set, or nobody.\n"; break;
    case Phase::EagleSet: out << name(active) << " asks " << name(pending_seat) << ": for which set?\n"; break;
    case Phase::MolePick:
      out << name(active) << " may take a set card from " << name(pending_seat) << "'s hand.\n";
      break;
    case Phase::MagpieSteal: out << name(active) << " may take a card from another zoo.\n"; break;
    case Phase::WhitePlace: out << name(pending_seat) << " may put a set card in their zoo (White Sheep).\n"; break;
    case Phase::MotherDraw: out << name(active) << " may turn over the top pile card (Mother Sheep).\n"; break;
    case Phase::ZooPlace:
      out << name(active) << " may put " << counted(zoo_allowance, "more card", "more cards") << " in the zoo.\n";
      break;
    case Phase::GameOver: out << winners_line("Game over.", winners_, name); break;
  }
  return out.str();
}

}  // namespace bw::bye_bye
