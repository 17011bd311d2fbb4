// Sheep in Disguise: teaching. A move's hint reads only the deciding seat's
// observation, so it can never tell more than that seat knows; the result and
// its breakdown read the finished state, where everything is revealed.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "core/wording.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

// ---------------------------------------------------------------- Move hints

namespace {

// A hint is one line of a menu.
constexpr std::size_t kHintWidth = 70;

std::string num(int n) { return std::to_string(n); }
std::string flocks_word(int n) { return num(n) + (n == 1 ? " flock" : " flocks"); }
std::string cards_word(int n) { return counted(n, "card"); }

int flocks_of(const Observation& obs, Player p) { return std::popcount(obs.flocks[p]) + (obs.wild[p] != 0); }
bool holds_flock(const Observation& obs, Player p, int slot) {
  return slot == kWildSlot ? obs.wild[p] != 0 : ((obs.flocks[p] >> slot) & 1u) != 0;
}
bool is_exposed(const Observation& obs, Player p, int slot) { return ((obs.exposed[p] >> slot) & 1u) != 0; }
// The rulebook's win: enough flocks, none of them exposed.
bool wins_with(const Observation& obs, int flocks, unsigned exposed) {
  return flocks >= obs.target_flocks && exposed == 0;
}

std::string field_list(const Observation& obs) {
  std::string out;
  for (auto c : obs.field) out += (out.empty() ? "" : ", ") + card_name(c);
  return out;
}

// Whether `change` more of `kind` in the viewer's hand makes a new flock, and
// whether that flock is the last one the viewer needs (none exposed).
bool makes_flock(const Observation& obs, int kind, int change) {
  return is_sheep(kind) && obs.own_hand[kind] + change >= 3 && !holds_flock(obs, obs.viewer, kind);
}
bool makes_winning_flock(const Observation& obs, int kind, int change) {
  return makes_flock(obs, kind, change) && wins_with(obs, flocks_of(obs, obs.viewer) + 1, obs.exposed[obs.viewer]);
}

// The viewer's hand with `change` more of `kind`: a new flock (and the win
// when it is the last one needed), or just the new count.
std::string hand_with(const Observation& obs, int kind, int change) {
  if (makes_winning_flock(obs, kind, change)) return "3 " + card_name(kind) + " make a flock: you win!";
  if (makes_flock(obs, kind, change))
    return "3 " + card_name(kind) + " make a flock (" + num(flocks_of(obs, obs.viewer) + 1) + " of " +
           num(obs.target_flocks) + ")";
  return "you'd hold " + num(obs.own_hand[kind] + change) + " " + card_name(kind);
}
// The same, followed by what else the action does, unless the game ends there.
std::string hand_with(const Observation& obs, int kind, int change, const std::string& then) {
  return makes_winning_flock(obs, kind, change) ? hand_with(obs, kind, change) : hand_with(obs, kind, change) + then;
}

// A card leaving the viewer's hand for `to`, who may be seen to hold two of
// its type; `where` says which side. Under an Attack the receiver passes a
// card too, so the flock is only possible, not sure.
std::string gift(const Observation& obs, const SeatWords& seats, Player to, const std::string& where, int kind) {
  std::string out = "your " + card_name(kind) + " goes to " + seats.name(to) + where;
  if (is_sheep(kind) && obs.known_in_hand[to][kind] >= 2 && !holds_flock(obs, to, kind))
    return out + (obs.phase == Phase::AttackPass ? ": it may make them a flock" : ": it completes their flock!");
  const int kept = obs.own_hand[kind] - 1;
  return kept > 0 ? out + "; you keep " + num(kept) : out;
}

// "P1's Yank on P3's Viking flock": the card the Nice Try window answers.
std::string card_in_play(const Observation& obs, const SeatWords& seats) {
  std::string out = seats.whose(obs.active) + " " + play_name(obs.play);
  if (obs.flock_owner >= 0) return out + " on " + seats.whose(obs.flock_owner) + " " + slot_name(obs.flock_slot);
  if (obs.target >= 0) return out + " on " + seats.name(obs.target);
  return out;
}

std::string main_play_hint(const Observation& obs, int play) {
  const Player me = obs.viewer;
  switch (play) {
    case act::pDraw2: return "draw 2 cards (" + num(obs.draw_pile_size) + " in the pile); your turn goes on";
    case act::pSteal: return "a random card from an opponent you pick next";
    case act::pGimme: return "from an opponent you pick: a card you name, or one they choose";
    case act::pYoink: return "the top card of any flock, yours included";
    case act::pTake2: return "take 2 of the Field's cards: " + field_list(obs);
    case act::pRestockHand: {
      const int rest = obs.hand_size[me] - 1;  // the Restock card leaves first
      return "discard your other " + cards_word(rest) + ", draw 5 new; ends your turn";
    }
    case act::pRestockField: return "discard the Field (" + field_list(obs) + ") and deal 3 new";
    case act::pYank: return "a whole flock of a seat with more than your " + counted(flocks_of(obs, me), "flock");
    case act::pDoubleYank: return "both Yanks: a whole flock of any opponent";
    case act::pDig: return "take any card but an Attack from the discard pile";
    case act::pExpose: return "on an opponent's flock: it can't win, and an Attack destroys it";
    default: return {};
  }
}

std::string draw_hint(const Observation& obs) {
  if (obs.draw_pile_size > 0) return "ends your turn; the draw pile holds " + num(obs.draw_pile_size);
  int discards = 0;
  for (auto n : obs.discard) discards += n;
  if (discards > 0) return "ends your turn; the discards are shuffled into a new pile";
  return "ends your turn; there is nothing left to draw";
}

std::string pay_off_hint(const Observation& obs, int slot) {
  const Player me = obs.viewer;
  const auto still_exposed = static_cast<unsigned>(obs.exposed[me] & ~(1u << slot));
  std::string out = "any 2 hand cards: your " + slot_name(slot) + " counts again";
  return wins_with(obs, flocks_of(obs, me), still_exposed) ? out + ", and you win!" : out;
}

std::string main_hint(const Observation& obs, int a) {
  const Player me = obs.viewer;
  if (a == act::kDrawEnd) return draw_hint(obs);
  if (a >= act::kPlay && a < act::kPlay + act::kNumPlays) return main_play_hint(obs, a - act::kPlay);
  if (a == act::kTrade) return "swap one of your cards for: " + field_list(obs);
  if (a == act::kBuy) {
    std::string pairs;
    for (int k = 0; k < kNumHoldable; ++k)
      if (obs.own_hand[k] >= 2) pairs += (pairs.empty() ? "" : ", ") + card_name(k);
    const std::string listed = "pay a pair (" + pairs + ") for a Field card";
    return listed.size() <= kHintWidth ? listed : "pay one of your pairs for a Field card";
  }
  if (a == act::kWild) {
    const int flocks = flocks_of(obs, me) + 1;
    if (wins_with(obs, flocks, obs.exposed[me])) return "5 different sheep as one flock: you win!";
    return "5 different sheep as one flock (" + num(flocks) + " of " + num(obs.target_flocks) + ")";
  }
  if (a >= act::kPayOff && a < act::kPayOff + kFlockSlots) return pay_off_hint(obs, a - act::kPayOff);
  return {};
}

// Aiming a Yoink, a Yank or an Expose at one flock.
std::string flock_hint(const Observation& obs, const SeatWords& seats, Player owner, int slot) {
  const Player me = obs.viewer;
  const std::string theirs = seats.whose(owner) + " " + slot_name(slot);
  const bool exposed = is_exposed(obs, owner, slot);
  switch (obs.play) {
    case act::pYoink:
      if (exposed)
        return "you pick next: " + (slot == kWildSlot ? std::string("1 of its 5 sheep") : "one " + card_name(slot)) +
               ", or the Expose card on it";
      if (slot == kWildSlot) return "pick 1 of its 5 sheep; the other 4 go back to " + seats.whose(owner) + " hand";
      if (owner == me) return "1 to you, 2 back to your hand: the flock forms again";
      // A fourth card seen in the owner's hand makes the two returned a flock again.
      return hand_with(
          obs, slot, 1,
          "; 2 go back to " + seats.name(owner) + (obs.known_in_hand[owner][slot] > 0 ? " (a flock again)" : ""));
    case act::pYank:
    case act::pDoubleYank: {
      const int mine = flocks_of(obs, me) + 1;
      const auto my_exposed = static_cast<unsigned>(obs.exposed[me] | (exposed ? 1u << slot : 0u));
      if (wins_with(obs, mine, my_exposed)) return theirs + " becomes yours: you win!";
      return theirs + (exposed ? " (exposed)" : "") + " becomes yours (flocks: you " + num(mine) + ", " +
             seats.name(owner) + " " + num(flocks_of(obs, owner) - 1) + ")";
    }
    case act::pExpose: return theirs + " can't count for a win; an Attack destroys it";
    default: return {};
  }
}

std::string target_hint(const Observation& obs, const SeatWords& seats, Player p) {
  const int held = obs.hand_size[p];
  if (held == 0) return seats.Name(p) + " holds no cards: the " + play_name(obs.play) + " gets nothing";
  std::string out = obs.play == act::pSteal ? "a random one of " + seats.whose(p) + " " + cards_word(held)
                                            : seats.Name(p) + " holds " + cards_word(held);
  int known = 0;
  for (auto n : obs.known_in_hand[p]) known += n;
  if (known == 0) return out;
  const std::string listed = out + "; known: " + list_cards(obs.known_in_hand[p]);
  return listed.size() <= kHintWidth ? listed : out + "; " + num(known) + " of them known";
}

std::string gimme_hint(const Observation& obs, const SeatWords& seats, int a) {
  const Player from = obs.target;
  const int held = obs.hand_size[from];
  if (held == 0) return seats.Name(from) + " holds no cards: the Gimme is wasted";
  if (a == act::kGimmeAny) return seats.Name(from) + " chooses which of their " + cards_word(held) + " you get";
  const int kind = a - act::kGimmeAsk;
  if (obs.known_in_hand[from][kind] > 0) return seats.Name(from) + " surely holds one: " + hand_with(obs, kind, 1);
  return "only if " + seats.name(from) + " holds one; else wasted";
}

std::string yoink_pick_hint(const Observation& obs, const SeatWords& seats, int a) {
  const Player owner = obs.flock_owner;
  const int slot = obs.flock_slot;
  if (a == act::kYoinkExpose) return seats.whose(owner) + " " + slot_name(slot) + " stays, no longer exposed";
  const int type = a - act::kSheep;
  const int back = slot == kWildSlot ? 4 : 2;
  const std::string rest = "; " + num(back) + " go back to " + seats.whose(owner) + " hand";
  // Your own three come back together: the flock forms again, without its Expose.
  if (owner == obs.viewer && slot != kWildSlot) return "your flock forms again and its Expose is discarded";
  if (owner == obs.viewer) return card_name(type) + " to you" + rest;
  return hand_with(obs, type, 1, rest);
}

std::string nice_try_hint(const Observation& obs, const SeatWords& seats, int a) {
  const std::string card = card_in_play(obs, seats);
  const bool cancelled_now = obs.nice_depth % 2 == 1;
  if (a == act::kNiceTry) return (cancelled_now ? "revive " : "cancel ") + card;
  return cancelled_now ? "leave " + card + " cancelled" : "let " + card + " happen";
}

std::string wild_pick_hint(const Observation& obs, int type) {
  const int left = obs.picks_left - 1;
  if (left > 0) return card_name(type) + " joins the Wild Flock; " + counted(left, "more type");
  const int flocks = flocks_of(obs, obs.viewer) + 1;
  if (wins_with(obs, flocks, obs.exposed[obs.viewer])) return "the Wild Flock is laid: you win!";
  return "the Wild Flock is laid (" + num(flocks) + " of " + num(obs.target_flocks) + " flocks)";
}

std::string hand_card_hint(const Observation& obs, const SeatWords& seats, int kind) {
  switch (obs.phase) {
    case Phase::TradeGive:
      if (kind == obs.pick_kind)
        return "a " + card_name(kind) + " for a " + card_name(kind) + ": only spends the trade";
      return "the Field gets it; " + hand_with(obs, obs.pick_kind, 1);
    case Phase::BuyPay:
      return "2 " + card_name(kind) + " to the discard (" + num(obs.own_hand[kind] - 2) + " left), for a Field card";
    case Phase::PayCards:
      if (obs.picks_left > 1) return "to the discard pile; 1 more card to pay";
      return "to the discard pile: the Expose leaves your " + slot_name(obs.pick_kind);
    case Phase::GimmeGive: return gift(obs, seats, obs.active, "", kind);
    case Phase::AttackPass: {
      const bool left = obs.attack == kAttackLeft;
      const auto to = static_cast<Player>((obs.viewer + (left ? 1 : obs.num_players - 1)) % obs.num_players);
      return gift(obs, seats, to, left ? " (left)" : " (right)", kind);
    }
    default: return {};
  }
}

std::string field_card_hint(const Observation& obs, int kind) {
  switch (obs.phase) {
    case Phase::TradeTake: return "then give a card: " + hand_with(obs, kind, 1);
    case Phase::BuyTake: return hand_with(obs, kind, 1, "; the Field is refilled");
    case Phase::Take2Pick:
      return hand_with(obs, kind, 1, obs.picks_left > 1 ? "; 1 more to take" : "; the Field is refilled");
    default: return {};
  }
}

}  // namespace

std::string action_hint(const Observation& obs, Action action) {
  if (obs.viewer < 0 || obs.phase == Phase::GameOver) return {};
  const SeatWords seats(obs.viewer, {});
  const int a = action;
  auto in = [&](int base, int n) { return a >= base && a < base + n; };
  switch (obs.phase) {
    case Phase::Main: return main_hint(obs, a);
    case Phase::ChooseTarget:
      return in(act::kTarget, obs.num_players) ? target_hint(obs, seats, static_cast<Player>(a - act::kTarget)) : "";
    case Phase::GimmeMode:
      return a == act::kGimmeAny || in(act::kGimmeAsk, kNumHoldable) ? gimme_hint(obs, seats, a) : "";
    case Phase::ChooseFlock:
      if (!in(act::kFlock, obs.num_players * kFlockSlots)) return {};
      return flock_hint(obs, seats, static_cast<Player>((a - act::kFlock) / kFlockSlots),
                        (a - act::kFlock) % kFlockSlots);
    case Phase::NiceTry: return a == act::kNiceTry || a == act::kPass ? nice_try_hint(obs, seats, a) : "";
    case Phase::YoinkPick:
      return a == act::kYoinkExpose || in(act::kSheep, kSheepTypes) ? yoink_pick_hint(obs, seats, a) : "";
    case Phase::WildPick: return in(act::kSheep, kSheepTypes) ? wild_pick_hint(obs, a - act::kSheep) : "";
    case Phase::DigPick: return in(act::kDig, kNumHoldable) ? hand_with(obs, a - act::kDig, 1) : "";
    case Phase::TradeTake:
    case Phase::BuyTake:
    case Phase::Take2Pick: return in(act::kField, kNumHoldable) ? field_card_hint(obs, a - act::kField) : "";
    default: return in(act::kHand, kNumHoldable) ? hand_card_hint(obs, seats, a - act::kHand) : "";
  }
}

// The Nice Try window is the game's only reaction: every seat with cards is
// asked, Nice Try in hand or not, so passing is often the only choice.
bool is_pass(const State& state, Action action) { return state.phase == Phase::NiceTry && action == act::kPass; }

// ---------------------------------------------------------------- The result

namespace {

enum class WinBy { Nothing, Flocks, GoldenSheep, TurnLimit };

// Every Golden Sheep of the game in this one hand (none anywhere else).
bool holds_every_golden(const State& s, Player p) {
  if (s.hand[p][kGolden] == 0) return false;
  for (Player q = 0; q < s.num_players(); ++q)
    if (q != p && s.hand[q][kGolden] > 0) return false;
  for (auto c : s.draw_pile)
    if (c == kGolden) return false;
  for (auto c : s.discard)
    if (c == kGolden) return false;
  for (auto c : s.field)
    if (c == kGolden) return false;
  return true;
}

bool is_winner(const State& s, Player p) {
  for (Player w : s.winners())
    if (w == p) return true;
  return false;
}

// Why a seat won, by the same conditions the rules check (State::check_win,
// and the turn limit of State::end_turn, which alone can reach that turn).
WinBy win_by(const State& s, Player p) {
  if (!is_winner(s, p)) return WinBy::Nothing;
  if (s.turn >= s.params.turn_limit) return WinBy::TurnLimit;
  if (s.flock_count(p) >= s.target_flocks() && s.exposed[p] == 0) return WinBy::Flocks;
  return holds_every_golden(s, p) ? WinBy::GoldenSheep : WinBy::Nothing;
}

// "4 flocks (4 needed), 1 exposed": what a seat holds toward the win.
std::string flocks_phrase(const State& s, Player p, const std::string& needed) {
  const int exposed = std::popcount(static_cast<unsigned>(s.exposed[p]));
  return flocks_word(s.flock_count(p)) + needed + (exposed ? ", " + std::to_string(exposed) + " exposed" : "");
}

std::string reason(const State& s, Player p) {
  switch (win_by(s, p)) {
    case WinBy::Flocks: return flocks_word(s.flock_count(p)) + ", none exposed";
    case WinBy::GoldenSheep: return "all " + std::to_string(s.hand[p][kGolden]) + " Golden Sheep";
    case WinBy::TurnLimit: return "the most flocks, " + std::to_string(s.flock_count(p));
    case WinBy::Nothing: return {};
  }
  return {};
}

std::string outcome(const State& s, Player p) {
  const std::string needed = " (" + std::to_string(s.target_flocks()) + " needed)";
  switch (win_by(s, p)) {
    case WinBy::Flocks: return "the win: " + flocks_word(s.flock_count(p)) + needed + ", none exposed";
    case WinBy::GoldenSheep: return "the win: every Golden Sheep (" + std::to_string(s.hand[p][kGolden]) + ")";
    case WinBy::TurnLimit:
      return "the win at the turn limit: the most flocks (" + std::to_string(s.flock_count(p)) + ")";
    case WinBy::Nothing: break;
  }
  return "no win: " + flocks_phrase(s, p, needed);
}

// The best of the seats that did not win; any of them with enough flocks was
// stopped by an exposed one.
std::string runner_up_sentence(const State& s, const SeatWords& seats) {
  int best = -1;
  for (Player p = 0; p < s.num_players(); ++p)
    if (!is_winner(s, p)) best = std::max(best, s.flock_count(p));
  if (best < 0) return {};
  std::vector<std::string> next;
  for (Player p = 0; p < s.num_players(); ++p)
    if (!is_winner(s, p) && s.flock_count(p) == best) next.push_back(seats.name(p));
  std::string out = " Next best: " + and_list(next) + " with " + flocks_word(best) + (next.size() > 1 ? " each." : ".");
  if (best >= s.target_flocks() && s.turn < s.params.turn_limit)
    out += " An exposed flock kept " + (next.size() > 1 ? std::string("them") : next[0]) + " from winning.";
  return out;
}

}  // namespace

ScoreBreakdown score_breakdown(const State& state, Player seat) {
  ScoreBreakdown out;
  for (int slot = 0; slot < kFlockSlots; ++slot)
    if (state.has_flock(seat, slot))
      out.push_back({slot_name(slot) + (state.is_exposed(seat, slot) ? " (exposed)" : ""), 0});
  // A game is won, not scored: the win is the whole score, as scores() has it.
  out.push_back({outcome(state, seat), state.scores()[seat]});
  return out;
}

std::string result_explanation(const State& state, Names names) {
  if (!state.is_terminal()) return {};
  const SeatWords seats(kSpectator, names);
  const PlayerList winners = state.winners();
  const std::string rest = runner_up_sentence(state, seats);
  std::vector<std::string> who, why;
  for (Player p : winners) {
    who.push_back(seats.name(p));
    why.push_back(seats.name(p) + " (" + reason(state, p) + ")");
  }
  if (state.turn >= state.params.turn_limit) {
    const std::string most = flocks_word(state.flock_count(winners[0]));
    return "The game reached the turn limit (" + std::to_string(state.params.turn_limit) +
           " turns), where the most flocks win: " + and_list(who) +
           (winners.size() > 1 ? " share the win with " + most + " each." : " wins with " + most + ".") + rest;
  }
  if (winners.size() > 1) return and_list(why) + " qualified at the same moment and share the win." + rest;
  const Player winner = winners[0];
  if (win_by(state, winner) == WinBy::GoldenSheep)
    return who[0] + " wins holding " + reason(state, winner) + ", which wins at once." + rest;
  return who[0] + " wins with " + reason(state, winner) + ", the " + std::to_string(state.target_flocks()) +
         " this game needs." + rest;
}

}  // namespace bw::disguise
