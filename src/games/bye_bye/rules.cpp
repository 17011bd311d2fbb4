// Bye-Bye Black Sheep: setup and the turn, one function per rule section,
// in the rulebook's order. docs/rules/bye-bye.md says the same in words.
#include <cassert>

#include "core/errors.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

namespace {

struct SeatCountRow {
  std::uint8_t sets, black_sheep, eagles, moles, hand_sets, hand_limit, target;
};
// Rulebook "Preparation" and "End of Game" tables, by player count.
constexpr std::array<SeatCountRow, kMaxSeats + 1> kSetup = {{
    {0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0},
    {12, 2, 1, 1, 6, 8, 5},
    {12, 3, 2, 1, 5, 7, 4},
    {14, 4, 2, 2, 5, 7, 3},
    {16, 5, 3, 2, 5, 7, 3},
}};

// The advanced rules' pool of eight from which each seat picks one.
constexpr CardCounts kAdvancedPool = [] {
  CardCounts pool{};
  pool[kEagle] = 3;
  pool[kMole] = 2;
  pool[kWhiteSheep] = 1;
  pool[kMotherSheep] = 1;
  pool[kWolf] = 1;
  return pool;
}();

}  // namespace

// ---------------------------------------------------------------- Preparation

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  set_up(seed);
}

void State::set_up(std::uint64_t seed) {
  const SeatCountRow& row = kSetup[num_players_];
  rng = Rng(seed, 0x62796562);
  sets_in_play_ = row.sets;
  hand_limit_ = static_cast<std::uint8_t>(params.hand_limit ? params.hand_limit : row.hand_limit);
  target_triplets_ = static_cast<std::uint8_t>(params.target_triplets ? params.target_triplets : row.target);
  start_player = static_cast<Player>(params.start_player ? params.start_player - 1 : chance_below(rng, num_players_));
  active = start_player;

  // Set cards: shuffled, dealt to the hands, the rest form the draw pile.
  for (std::uint8_t set = 0; set < sets_in_play_; ++set) add_copies(draw_pile, set, kCopiesPerSet);
  rng.shuffle(draw_pile);
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < row.hand_sets; ++i) ++hand[p][draw_top(draw_pile)];

  // Every seat holds a Black Sheep, and everybody knows it.
  for (Player p = 0; p < num_players_; ++p) {
    hand[p][kBlackSheep] = 1;
    public_known[p][kBlackSheep] = 1;
    for (Player v = 0; v < num_players_; ++v)
      if (v != p) known[v][p][kBlackSheep] = 1;
  }

  // The Magpie waits beside the pile (magpie_in_play = false). Special cards:
  if (!params.advanced) {
    FixedVector<std::uint8_t, kMaxSeats> specials;
    for (int i = 0; i < row.eagles; ++i) specials.push_back(kEagle);
    for (int i = 0; i < row.moles; ++i) specials.push_back(kMole);
    deal_specials(specials);
  } else if (!params.choose_specials) {
    FixedVector<std::uint8_t, 8> pool;
    for (int card = kEagle; card < kNumCardKinds; ++card)
      for (int i = 0; i < kAdvancedPool[card]; ++i) pool.push_back(static_cast<std::uint8_t>(card));
    rng.shuffle(pool);
    FixedVector<std::uint8_t, kMaxSeats> specials;
    for (int i = 0; i < num_players_; ++i) specials.push_back(pool[i]);
    deal_specials(specials);
  } else {
    special_pool = kAdvancedPool;
    phase = Phase::PickSpecial;
  }
}

// The chosen or listed special cards are shuffled and dealt one per seat.
void State::deal_specials(FixedVector<std::uint8_t, kMaxSeats> specials) {
  assert(static_cast<int>(specials.size()) == num_players_);
  rng.shuffle(specials);
  for (Player p = 0; p < num_players_; ++p) {
    ++hand[p][specials[p]];
    specials_in_hand[p] = 1;
  }
  special_pool = {};
  log(evSpecialsDealt);
  phase = Phase::Draw;
  log(evTurnStart, active);
}

// Advanced set-up, each seat in turn: one special card taken from the pool;
// once every seat has picked, the picks are dealt.
void State::pick_special(std::uint8_t card) {
  log(evPick, current_player(), 0, card);
  --special_pool[card];
  picks.push_back(card);
  if (static_cast<int>(picks.size()) == num_players_) deal_specials(picks);
}

bool State::specials_dealt(CardCounts& out) const {
  out = {};
  if (phase == Phase::PickSpecial || (params.advanced && !params.choose_specials)) return false;
  if (params.advanced) {
    for (auto card : picks) ++out[card];
  } else {
    out[kEagle] = kSetup[num_players_].eagles;
    out[kMole] = kSetup[num_players_].moles;
  }
  return true;
}

// ---------------------------------------------------------------- Game play

Player State::current_player() const {
  switch (phase) {
    case Phase::PickSpecial: return static_cast<Player>((start_player + picks.size()) % num_players_);
    case Phase::WhitePlace: return pending_seat;
    case Phase::GameOver: return kTerminal;
    default: return active;
  }
}

int State::hand_size(Player p) const { return count_total(hand[p]); }
int State::zoo_size(Player p) const { return count_total(zoo[p]); }
int triplets_in(const ZooCounts& zoo) {
  int n = 0;
  for (auto count : zoo) n += is_triplet(count);
  return n;
}
int State::triplets(Player p) const { return triplets_in(zoo[p]); }
int species_in(const ZooCounts& zoo) {
  int n = 0;
  for (auto count : zoo) n += count > 0;
  return n;
}
int State::species_in_zoo(Player p) const { return species_in(zoo[p]); }
int State::total_cards() const {
  int sum = count_total(wolf_stash) + static_cast<int>(watering_hole.size() + draw_pile.size());
  for (Player p = 0; p < num_players_; ++p) sum += count_total(hand[p]) + count_total(zoo[p]);
  return sum + (magpie_in_play ? 0 : 1);
}

// Draw one card blind from another seat's hand; every card is equally likely.
void State::draw_blind(Player from) {
  const auto card = static_cast<std::uint8_t>(random_kind(hand[from], rng));
  ++draws_this_turn;
  log(evDraw, active, from, card);

  if (card == kBlackSheep) {  // it goes straight back; see black_sheep_ends_turn
    black_sheep_ends_turn(from);
    return;
  }
  remove_from_hand_publicly(from, card);
  if (is_special(card)) --specials_in_hand[from];
  watering_hole.push_back(card);
  if (is_special(card)) on_special_drawn(card, from);
}

// Involuntary stop: the Black Sheep returns to its owner, the haul goes to hand, no zoo.
void State::black_sheep_ends_turn(Player from) {
  log(evBlackSheep, active, from);
  take_watering_hole_into_hand();
  end_turn();
}

// Voluntary stop (also after a failed Eagle question): the haul goes to hand and
// up to (cards at the watering hole - 2) set cards may go to the zoo.
void State::stop_voluntarily() {
  zoo_allowance = static_cast<std::uint8_t>(zoo_allowance_for(static_cast<int>(watering_hole.size())));
  log(draws_this_turn == 0 ? evPass : evStop, active, zoo_allowance);
  take_watering_hole_into_hand();
  bool has_set_card = false;
  for (int set = 0; set < sets_in_play_; ++set) has_set_card |= hand[active][set] > 0;
  if (zoo_allowance > 0 && has_set_card) {
    phase = Phase::ZooPlace;
  } else {
    end_turn();
  }
}

void State::take_watering_hole_into_hand() {
  if (watering_hole.empty()) return;
  log(evHaul, active, static_cast<int>(watering_hole.size()));
  for (std::uint8_t card : watering_hole) {
    move_into_hand_publicly(active, card);
    if (is_special(card)) ++specials_in_hand[active];
  }
  watering_hole.clear();
}

// Zoo placement (voluntary stop or White Sheep). May bring in the Magpie or win.
void State::place_in_zoo(Player owner, std::uint8_t set) {
  assert(is_set_card(set) && hand[owner][set] > 0);
  remove_from_hand_publicly(owner, set);
  ++zoo[owner][set];
  zoo_changed_this_turn = true;
  log(owner == active ? evZooPlace : evWhitePlace, owner, 0, set);
  check_magpie_entry(owner, set);
  check_win(owner);
}

// After a voluntary stop: one set card into the zoo (-1: done), until the
// allowance is used or no set card is left in hand; then the turn ends.
void State::place_after_stop(int set) {
  if (set < 0) {
    log(evZooDone, active);
    end_turn();
    return;
  }
  place_in_zoo(active, static_cast<std::uint8_t>(set));
  if (phase == Phase::GameOver) return;
  if (--zoo_allowance == 0) {
    end_turn();
  } else {
    bool has_set_card = false;
    for (int kind = 0; kind < sets_in_play_; ++kind) has_set_card |= hand[active][kind] > 0;
    if (!has_set_card) end_turn();
  }
}

// The Magpie enters the first time a zoo gets its third species, or a species
// that another zoo already holds (`zoos` as they are after the placement).
bool placement_brings_in_magpie(const std::array<ZooCounts, kMaxSeats>& zoos, int num_players, Player placer, int set) {
  bool third_species = zoos[placer][set] == 1 && species_in(zoos[placer]) == 3;
  bool shared_species = false;
  for (Player p = 0; p < num_players; ++p) shared_species |= p != placer && zoos[p][set] > 0;
  return third_species || shared_species;
}

// The Magpie goes to the hand of whoever brought it in.
void State::check_magpie_entry(Player placer, std::uint8_t set) {
  if (magpie_in_play || !placement_brings_in_magpie(zoo, num_players_, placer, set)) return;
  magpie_in_play = true;
  move_into_hand_publicly(placer, kMagpie);
  ++specials_in_hand[placer];
  log(evMagpieEnters, placer);
}

// End of game: enough triplets wins at once, whenever the zoo changes.
bool State::check_win(Player p) {
  if (triplets(p) < target_triplets_) return false;
  winners_.clear();
  winners_.push_back(p);
  phase = Phase::GameOver;
  log(evWin, p, triplets(p));
  return true;
}

// ---------------------------------------------------------------- Special cards

void State::on_special_drawn(std::uint8_t card, Player from) {
  pending_seat = from;
  switch (card) {
    case kEagle:  // ask someone for a set, or not
      phase = Phase::EagleTarget;
      break;
    case kMole: {  // look at the whole hand it came from, then maybe take a set card
      known[active][from] = hand[from];
      log(evMoleLook, active, from);
      bool any_set = false;
      for (int set = 0; set < sets_in_play_; ++set) any_set |= hand[from][set] > 0;
      if (any_set) phase = Phase::MolePick;
      break;
    }
    case kMagpie: {  // maybe take one card from another zoo
      bool any_card = false;
      for (Player p = 0; p < num_players_; ++p)
        if (p != active) any_card |= zoo_size(p) > 0;
      if (any_card) phase = Phase::MagpieSteal;
      break;
    }
    case kWhiteSheep: {  // the seat it came from may put a set card in its own zoo
      bool any_set = false;
      for (int set = 0; set < sets_in_play_; ++set) any_set |= hand[from][set] > 0;
      if (any_set) phase = Phase::WhitePlace;
      break;
    }
    case kMotherSheep:  // maybe turn over the top card of the draw pile
      if (!draw_pile.empty()) phase = Phase::MotherDraw;
      break;
    case kWolf: {  // the seat it came from takes every other card at the watering hole
      int taken = 0;
      for (std::size_t i = 0; i < watering_hole.size();) {
        if (watering_hole[i] == kWolf) {
          ++i;
          continue;
        }
        ++wolf_stash[watering_hole[i]];
        watering_hole.erase_at(i);
        ++taken;
      }
      wolf_owner = from;
      log(evWolf, from, taken);
      break;
    }
    default: assert(false);
  }
}

void State::eagle_question(std::uint8_t set) {
  Player target = pending_seat;
  if (hand[target][set] > 0) {
    remove_from_hand_publicly(target, set);
    watering_hole.push_back(set);
    log(evEagleHit, active, target, set);
    continue_drawing();
  } else {
    known_absent[target] |= static_cast<std::uint16_t>(1u << set);
    log(evEagleMiss, active, target, set);
    stop_voluntarily();
  }
}

// The drawing seat's answers to the special card it drew: -1 declines.

// Eagle: ask a seat (for a set, next), or not.
void State::choose_eagle_target(Player target) {
  if (target < 0) {
    log(evEagleDecline, active);
    continue_drawing();
  } else {
    pending_seat = target;
    log(evEagleTarget, active, pending_seat);
    phase = Phase::EagleSet;
  }
}

// Mole: take one set card from the hand it looked at, to the watering hole.
void State::mole_take(int set) {
  if (set >= 0) {
    auto card = static_cast<std::uint8_t>(set);
    remove_from_hand_publicly(pending_seat, card);
    watering_hole.push_back(card);
    log(evMoleTake, active, pending_seat, card);
  } else {
    log(evMoleDecline, active);
  }
  continue_drawing();
}

// Magpie: take one card from another seat's zoo, to the watering hole.
void State::magpie_steal(Player victim, int set) {
  if (victim >= 0) {
    auto card = static_cast<std::uint8_t>(set);
    --zoo[victim][card];
    zoo_changed_this_turn = true;
    watering_hole.push_back(card);
    log(evMagpieSteal, active, victim, card);
  } else {
    log(evMagpieDecline, active);
  }
  continue_drawing();
}

// White Sheep: the seat it came from places a set card in its own zoo.
void State::white_sheep_place(int set) {
  if (set >= 0) place_in_zoo(pending_seat, static_cast<std::uint8_t>(set));
  else log(evWhiteDecline, pending_seat);
  if (phase != Phase::GameOver) continue_drawing();
}

// Mother Sheep: turn over the top card of the draw pile, to the watering hole.
void State::mother_sheep_draw(bool take) {
  if (take) {
    std::uint8_t card = draw_top(draw_pile);
    watering_hole.push_back(card);
    log(evMotherDraw, active, 0, card);
  } else {
    log(evMotherDecline, active);
  }
  continue_drawing();
}

// ---------------------------------------------------------------- End of turn

void State::end_turn() {
  if (phase == Phase::GameOver) return;
  if (wolf_owner >= 0) {  // the Wolf's stash goes back into its holder's hand
    log(evWolfReturn, wolf_owner, count_total(wolf_stash));
    for (int card = 0; card < kNumCardKinds; ++card)
      for (int n = 0; n < wolf_stash[card]; ++n) {
        move_into_hand_publicly(wolf_owner, static_cast<std::uint8_t>(card));
        if (is_special(card)) ++specials_in_hand[wolf_owner];
      }
    wolf_stash = {};
    wolf_owner = -1;
  }
  refill_hands();

  quiet_turns = (draw_pile.empty() && !zoo_changed_this_turn) ? quiet_turns + 1 : 0;
  ++turn;
  if (quiet_turns >= params.stall_rounds * num_players_ || turn >= params.turn_limit) {
    end_by_stall();
    return;
  }
  active = static_cast<Player>((active + 1) % num_players_);
  draws_this_turn = 0;
  zoo_allowance = 0;
  pending_seat = -1;
  zoo_changed_this_turn = false;
  phase = Phase::Draw;
  log(evTurnStart, active);
}

// Everybody but the active seat refills from the pile, clockwise from its left.
void State::refill_hands() {
  for (int i = 1; i < num_players_; ++i) {
    auto p = static_cast<Player>((active + i) % num_players_);
    int drawn = 0;
    while (hand_size(p) < hand_limit_ && !draw_pile.empty()) {
      ++hand[p][draw_top(draw_pile)];
      ++drawn;
    }
    if (drawn > 0) {
      known_absent[p] = 0;  // an unseen card may be of any set
      log(evRefill, p, drawn);
    }
  }
}

// Nobody can finish (CLARIFICATIONS 2b): most triplets, then most zoo cards.
void State::end_by_stall() {
  int best_triplets = -1, best_cards = -1;
  for (Player p = 0; p < num_players_; ++p) {
    int t = triplets(p), c = zoo_size(p);
    if (t > best_triplets || (t == best_triplets && c > best_cards)) {
      best_triplets = t;
      best_cards = c;
    }
  }
  winners_.clear();
  for (Player p = 0; p < num_players_; ++p)
    if (triplets(p) == best_triplets && zoo_size(p) == best_cards) winners_.push_back(p);
  phase = Phase::GameOver;
  log(evStall, best_triplets, best_cards);
}

Scores State::scores() const {
  Scores out{};
  for (Player p = 0; p < num_players_; ++p) out[p] = triplets(p);
  return out;
}

// ---------------------------------------------------------------- Knowledge

void State::move_into_hand_publicly(Player p, std::uint8_t card) {
  ++hand[p][card];
  if (is_set_card(card)) known_absent[p] &= static_cast<std::uint16_t>(~(1u << card));
  seen_entering(known, num_players_, p, card);
  ++public_known[p][card];
}

void State::remove_from_hand_publicly(Player p, std::uint8_t card) {
  assert(hand[p][card] > 0);
  --hand[p][card];
  seen_leaving(known, num_players_, p, card);
  if (public_known[p][card] > 0) --public_known[p][card];
}

// ---------------------------------------------------------------- Actions

void State::legal_actions(ActionList& out) const {
  out.clear();
  auto has_set_in_hand = [&](Player p, int set) { return hand[p][set] > 0; };
  switch (phase) {
    case Phase::PickSpecial:
      for (int card = kEagle; card < kNumCardKinds; ++card)
        if (special_pool[card] > 0 && card != kMagpie) out.push_back(static_cast<Action>(act::kPick + card - kEagle));
      break;
    case Phase::Draw: {
      bool any_draw = false;
      for (Player p = 0; p < num_players_; ++p)
        if (p != active && has_any(hand[p])) {
          out.push_back(static_cast<Action>(act::kDrawFrom + p));
          any_draw = true;
        }
      if (draws_this_turn > 0 || params.allow_zero_draw || !any_draw) out.push_back(act::kStop);
      break;
    }
    case Phase::EagleTarget:
      for (Player p = 0; p < num_players_; ++p)
        if (p != active) out.push_back(static_cast<Action>(act::kEagleAsk + p));
      out.push_back(act::kEagleDecline);
      break;
    case Phase::EagleSet:
      for (int set = 0; set < sets_in_play_; ++set) out.push_back(static_cast<Action>(act::kEagleSet + set));
      break;
    case Phase::MolePick:
      for (int set = 0; set < sets_in_play_; ++set)
        if (has_set_in_hand(pending_seat, set)) out.push_back(static_cast<Action>(act::kMoleTake + set));
      out.push_back(act::kMoleDecline);
      break;
    case Phase::MagpieSteal:
      for (Player p = 0; p < num_players_; ++p)
        if (p != active)
          for (int set = 0; set < sets_in_play_; ++set)
            if (zoo[p][set] > 0) out.push_back(static_cast<Action>(act::kMagpieSteal + p * kMaxSets + set));
      out.push_back(act::kMagpieDecline);
      break;
    case Phase::WhitePlace:
      for (int set = 0; set < sets_in_play_; ++set)
        if (has_set_in_hand(pending_seat, set)) out.push_back(static_cast<Action>(act::kWhitePlace + set));
      out.push_back(act::kWhiteDecline);
      break;
    case Phase::MotherDraw:
      out.push_back(act::kMotherTake);
      out.push_back(act::kMotherDecline);
      break;
    case Phase::ZooPlace:
      for (int set = 0; set < sets_in_play_; ++set)
        if (has_set_in_hand(active, set)) out.push_back(static_cast<Action>(act::kZooPlace + set));
      out.push_back(act::kZooDone);
      break;
    case Phase::GameOver: break;
  }
}

// Decides legality from the action itself, independently of legal_actions(),
// so that the soak test can check one against the other.
bool State::is_legal(Action action) const {
  const int a = action;
  auto is_seat = [&](int p) { return p >= 0 && p < num_players_; };
  auto in_range = [](int value, int base, int count) { return value >= base && value < base + count; };
  switch (phase) {
    case Phase::PickSpecial: {
      int card = a - act::kPick + kEagle;
      return in_range(a, act::kPick, 6) && card != kMagpie && special_pool[card] > 0;
    }
    case Phase::Draw: {
      if (in_range(a, act::kDrawFrom, kMaxSeats)) {
        int from = a - act::kDrawFrom;
        return is_seat(from) && from != active && has_any(hand[from]);
      }
      if (a != act::kStop) return false;
      if (draws_this_turn > 0 || params.allow_zero_draw) return true;
      for (Player p = 0; p < num_players_; ++p)
        if (p != active && has_any(hand[p])) return false;
      return true;
    }
    case Phase::EagleTarget: {
      int target = a - act::kEagleAsk;
      return a == act::kEagleDecline || (in_range(a, act::kEagleAsk, kMaxSeats) && is_seat(target) && target != active);
    }
    case Phase::EagleSet: return in_range(a, act::kEagleSet, sets_in_play_);
    case Phase::MolePick:
      return a == act::kMoleDecline ||
             (in_range(a, act::kMoleTake, sets_in_play_) && hand[pending_seat][a - act::kMoleTake] > 0);
    case Phase::MagpieSteal: {
      if (a == act::kMagpieDecline) return true;
      if (!in_range(a, act::kMagpieSteal, kMaxSeats * kMaxSets)) return false;
      int victim = (a - act::kMagpieSteal) / kMaxSets, set = (a - act::kMagpieSteal) % kMaxSets;
      return is_seat(victim) && victim != active && zoo[victim][set] > 0;
    }
    case Phase::WhitePlace:
      return a == act::kWhiteDecline ||
             (in_range(a, act::kWhitePlace, sets_in_play_) && hand[pending_seat][a - act::kWhitePlace] > 0);
    case Phase::MotherDraw: return a == act::kMotherTake || a == act::kMotherDecline;
    case Phase::ZooPlace:
      return a == act::kZooDone || (in_range(a, act::kZooPlace, sets_in_play_) && hand[active][a - act::kZooPlace] > 0);
    case Phase::GameOver: return false;
  }
  return false;
}

// A legal action (StateBase::apply has asserted it and cleared the event log):
// the phase's rule step.
void State::apply_legal(Action action) {
  const int a = action;
  switch (phase) {
    case Phase::PickSpecial: pick_special(static_cast<std::uint8_t>(a - act::kPick + kEagle)); break;
    case Phase::Draw:
      if (a == act::kStop) stop_voluntarily();
      else draw_blind(static_cast<Player>(a - act::kDrawFrom));
      break;
    case Phase::EagleTarget:
      choose_eagle_target(a == act::kEagleDecline ? Player{-1} : static_cast<Player>(a - act::kEagleAsk));
      break;
    case Phase::EagleSet: {
      auto set = static_cast<std::uint8_t>(a - act::kEagleSet);
      log(evEagleAsk, active, pending_seat, set);
      eagle_question(set);
      break;
    }
    case Phase::MolePick: mole_take(a == act::kMoleDecline ? -1 : a - act::kMoleTake); break;
    case Phase::MagpieSteal:
      if (a == act::kMagpieDecline) magpie_steal(-1, -1);
      else magpie_steal(static_cast<Player>((a - act::kMagpieSteal) / kMaxSets), (a - act::kMagpieSteal) % kMaxSets);
      break;
    case Phase::WhitePlace: white_sheep_place(a == act::kWhiteDecline ? -1 : a - act::kWhitePlace); break;
    case Phase::MotherDraw: mother_sheep_draw(a == act::kMotherTake); break;
    case Phase::ZooPlace: place_after_stop(a == act::kZooDone ? -1 : a - act::kZooPlace); break;
    case Phase::GameOver: break;
  }
}

}  // namespace bw::bye_bye
