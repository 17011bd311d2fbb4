// Sheep in Disguise: setup and the turn, one function per rule section, in
// the rulebook's order. docs/rules/disguise.md says the same in words.
// The Nice Try window and the card's effect are in nice_try.cpp, what each
// seat may do next (legal actions and apply) in decisions.cpp.
#include <algorithm>
#include <cstring>

#include "core/errors.hpp"
#include "games/disguise/card_rules.hpp"
#include "games/disguise/disguise.hpp"

namespace bw::disguise {

using namespace detail;

// ---------------------------------------------------------------- Setup

State::State(const Params& p, int num_players, std::uint64_t seed)
    : StateBase(kName, kMinPlayers, kMaxPlayers, num_players, p.start_player), params(p) {
  int total = 0, dealable = 0;
  for (int kind = 0; kind < kNumCardKinds; ++kind) {
    total += copies_in_deck(params, kind);
    if (kind < kGolden || is_action(kind)) dealable += copies_in_deck(params, kind);
  }
  if (total > kMaxCards)
    throw BadParameter("the deck has " + std::to_string(total) + " cards; at most " + std::to_string(kMaxCards));
  if (dealable < num_players * kHandAtStart + kFieldSize)
    throw BadParameter("the deck has " + std::to_string(dealable) + " sheep and Action cards, too few to deal " +
                       std::to_string(kHandAtStart) + " to each of " + std::to_string(num_players) + " players and " +
                       std::to_string(kFieldSize) + " to the Field");
  set_up(seed);
}

// Instants (and Golden Sheep) out; shuffle; deal 5 each and 3 to the Field;
// the held-out cards go back and the deck is shuffled again.
void State::set_up(std::uint64_t seed) {
  rng = Rng(seed, 0x64697367);
  static constexpr std::array<std::uint8_t, 6> kTargets = {0, 0, 5, 5, 4, 3};
  target_flocks_ = static_cast<std::uint8_t>(params.target_flocks ? params.target_flocks
                                                                  : (num_players_ >= 5 ? 3 : kTargets[num_players_]));
  golden_count_ = params.golden_sheep ? kGoldenCopies : 0;
  active = static_cast<Player>(params.start_player ? params.start_player - 1 : chance_below(rng, num_players_));
  for (int kind = 0; kind < kNumHoldable; ++kind)
    if (kind != kGolden) add_copies(draw_pile, static_cast<std::uint8_t>(kind), copies_in_deck(params, kind));
  rng.shuffle(draw_pile);
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < kHandAtStart; ++i) ++hand[p][draw_top(draw_pile)];
  for (int i = 0; i < kFieldSize; ++i) field.push_back(draw_top(draw_pile));
  add_copies(draw_pile, std::uint8_t{kGolden}, golden_count_);
  add_copies(draw_pile, std::uint8_t{kAttackLeft}, params.attacks[0]);
  add_copies(draw_pile, std::uint8_t{kAttackRight}, params.attacks[1]);
  rng.shuffle(draw_pile);
  pass_card.fill(-1);
  form_flocks();  // a dealt hand may already hold three of a kind
  if (!check_win()) start_turn(active);
}

// ---------------------------------------------------------------- The objective: flocks

// Three of a kind in a hand go face up at once, whoever's turn it is; one
// flock per type, further copies stay in the hand.
void State::form_flocks() {
  for (Player p = 0; p < num_players_; ++p) {
    // Any sheep count of 3 or more? (Counts stay far below 0x83, so adding
    // 0x7d sets a byte's top bit exactly when it is at least 3.)
    std::uint64_t sheep = 0;
    std::memcpy(&sheep, hand[p].data(), sizeof sheep);
    if (((sheep + 0x7d7d7d7d7d7d7d7dULL) & 0x8080808080808080ULL) == 0) continue;
    for (int t = 0; t < kSheepTypes; ++t)
      if (hand[p][t] >= 3 && !((flocks[p] >> t) & 1u)) {
        out_of_hand_publicly(p, t, 3);
        flocks[p] = static_cast<std::uint8_t>(flocks[p] | (1u << t));
        log(evFlock, p, t);
      }
  }
}

// ---------------------------------------------------------------- How to win (and the Golden Sheep)

// Checked after every event: enough flocks, none exposed; or every Golden
// Sheep in one hand. Several seats reaching it in the same event share the win.
bool State::check_win() {
  if (phase == Phase::GameOver) return true;
  for (Player p = 0; p < num_players_; ++p) {
    bool flocks_win = flock_count(p) >= target_flocks_ && exposed[p] == 0;
    bool golden_win = golden_count_ > 0 && hand[p][kGolden] >= golden_count_;
    if (flocks_win || golden_win) {
      winners_.push_back(p);
      log(golden_win && !flocks_win ? evGoldenWin : evWin, p, flock_count(p));
    }
  }
  if (winners_.empty()) return false;
  phase = Phase::GameOver;
  return true;
}

// ---------------------------------------------------------------- Play: the turn

void State::start_turn(Player p) {
  active = p;
  traded = false;
  phase = Phase::Main;
  log(evTurnStart, p);
}

void State::end_turn() {
  ++turn;
  if (turn >= params.turn_limit) {
    int most = 0;
    for (Player p = 0; p < num_players_; ++p) most = std::max(most, flock_count(p));
    for (Player p = 0; p < num_players_; ++p)
      if (flock_count(p) == most) winners_.push_back(p);
    log(evTurnLimit, most);
    phase = Phase::GameOver;
    return;
  }
  start_turn(static_cast<Player>((active + 1) % num_players_));
}

// One card from the draw pile; an empty pile takes the shuffled discards.
bool State::draw_card(std::uint8_t& card) {
  bool reshuffle = draw_pile.empty() && !discard.empty();
  if (!draw_with_reshuffle(draw_pile, discard, rng, card)) return false;
  if (reshuffle) log(evReshuffle);
  return true;
}

// Runs the current draw job: to a hand (end of turn, Draw 2, Restock) or to
// the Field. An Attack pauses it, and is replaced by a further draw.
void State::run_draws() {
  form_flocks();  // whatever reached a hand before the draws counts first
  if (check_win()) return;
  while (job.remaining > 0) {
    std::uint8_t card = 0;
    if (!draw_card(card)) {
      log(evDeckEmpty);
      job.remaining = 0;
      break;
    }
    if (is_attack(card)) {
      log(evAttack, job.dest, card);
      resolve_attack(card);
      if (phase == Phase::AttackPass) return;  // resumes when every seat has chosen
      if (check_win()) return;
      continue;
    }
    if (job.dest >= 0) {
      ++hand[job.dest][card];
      log(evDrawCard, job.dest, card);
    } else {
      field.push_back(card);
      log(evFieldCard, card);
    }
    --job.remaining;
    form_flocks();
    if (check_win()) return;
  }
  continue_after_job();
}

void State::continue_after_job() {
  phase = Phase::Main;
  if (job.ends_turn) {
    job = {};
    end_turn();
  } else {
    job = {};
  }
}

void State::refill_field() {
  job = DrawJob{-1, static_cast<std::uint8_t>(kFieldSize - static_cast<int>(field.size())), false};
  run_draws();
}

// Trading with the Field: once per turn, one hand card for one Field card.
void State::trade(int hand_kind) {
  out_of_hand_publicly(active, hand_kind);
  int taken = pick_kind;
  for (std::size_t i = 0; i < field.size(); ++i)
    if (field[i] == taken) {
      field[i] = static_cast<std::uint8_t>(hand_kind);
      break;
    }
  into_hand_publicly(active, taken);
  traded = true;
  log(evTrade, active, hand_kind, taken);
  phase = Phase::Main;
}

// ---------------------------------------------------------------- Expose and Attack

// An Attack: exposed flocks (with their Expose cards) are discarded; if there
// were none, every seat performs the secondary effect.
void State::resolve_attack(std::uint8_t card) {
  attack = static_cast<std::int8_t>(card);
  form_flocks();
  bool any_exposed = false;
  for (Player p = 0; p < num_players_; ++p) any_exposed |= exposed[p] != 0;
  if (any_exposed) {
    for (Player p = 0; p < num_players_; ++p)
      for (int slot = 0; slot < kFlockSlots; ++slot) {
        if (!is_exposed(p, slot)) continue;
        if (slot == kWildSlot) {
          for (int t = 0; t < kSheepTypes; ++t)
            if ((wild[p] >> t) & 1u) discard.push_back(static_cast<std::uint8_t>(t));
          wild[p] = 0;
        } else {
          add_copies(discard, static_cast<std::uint8_t>(slot), 3);
          flocks[p] = static_cast<std::uint8_t>(flocks[p] & ~(1u << slot));
        }
        discard.push_back(kExpose);
        log(evExposedDiscarded, p, slot);
      }
    exposed.fill(0);
    finish_attack();
    return;
  }
  bool anyone = false;
  for (Player p = 0; p < num_players_; ++p) {
    const bool holds_cards = has_any(hand[p]);
    pass_card[p] = static_cast<std::int8_t>(holds_cards ? -1 : -2);
    anyone |= holds_cards;
  }
  if (anyone) {
    phase = Phase::AttackPass;
    return;
  }
  pass_card.fill(-1);
  finish_attack();
}

Player State::pass_receiver(Player passer) const {
  const int step = attack == kAttackLeft ? 1 : num_players_ - 1;
  return static_cast<Player>((passer + step) % num_players_);
}

// Every seat has chosen: the cards change hands at once. Each receiver sees
// exactly which card its passer gave up, so of what it could prove in that
// hand only that one card is gone; a third seat saw nothing and keeps the
// lower count it has had since the choice. Every receiver's knowledge is set
// before any card arrives: in two players the passer is also the receiver's
// receiver, and the card it gets must count on top.
void State::finish_attack_passes() {
  for (Player p = 0; p < num_players_; ++p) {
    if (pass_card[p] < 0) continue;
    auto& proven = known[pass_receiver(p)][p];
    proven = receiver_knew[p];
    proven[pass_card[p]] = static_cast<std::uint8_t>(std::max(0, proven[pass_card[p]] - 1));
  }
  for (Player p = 0; p < num_players_; ++p) {
    if (pass_card[p] < 0) continue;
    const Player to = pass_receiver(p);
    ++hand[to][pass_card[p]];
    known[p][to][pass_card[p]] = static_cast<std::uint8_t>(known[p][to][pass_card[p]] + 1);
    log(evPassed, p, to, pass_card[p]);
  }
  receiver_knew = {};
  pass_card.fill(-1);
  finish_attack();
  form_flocks();
}

// The Attack goes to the discard pile. If only Attacks are left to draw, the
// draws stop (they could never yield a card).
void State::finish_attack() {
  discard.push_back(static_cast<std::uint8_t>(attack));
  attack = -1;
  phase = Phase::Main;
  bool holdable = false;
  for (auto c : draw_pile) holdable |= !is_attack(c);
  for (auto c : discard) holdable |= !is_attack(c);
  if (!holdable) job.remaining = 0;
}

// ---------------------------------------------------------------- Extra moves: Buying, Wild Flocks

// Buying, second half: the Field card the pair paid for, then the Field is refilled.
void State::buy(int field_kind) {
  field_take(field_kind);
  refill_field();
}

void State::add_wild_type(int type) {
  out_of_hand_publicly(active, type);
  log(evWildCard, active, type);
  wild_building = static_cast<std::uint8_t>(wild_building | (1u << type));
  if (--picks_left == 0) {
    wild[active] = wild_building;
    wild_building = 0;
    log(evWild, active);
    phase = Phase::Main;
  }
}

// Paying off an Expose: any 2 hand cards, on the owner's turn; not an Action.
void State::pay_card(int kind) {
  out_of_hand_publicly(active, kind);
  discard.push_back(static_cast<std::uint8_t>(kind));
  log(evPayCard, active, kind, pick_kind);
  if (--picks_left == 0) {
    exposed[active] = static_cast<std::uint16_t>(exposed[active] & ~(1u << pick_kind));
    discard.push_back(kExpose);
    log(evPayOff, active, pick_kind);
    phase = Phase::Main;
  }
}

// ---------------------------------------------------------------- Action cards

// The card leaves the hand face up; its aim is chosen; then the Nice Try window.
void State::play_card(int play_kind) {
  play = static_cast<std::uint8_t>(play_kind);
  played_count = play_kind == act::pDoubleYank ? 2 : 1;
  out_of_hand_publicly(active, card_of(play_kind), played_count);
  target = flock_owner = -1;
  flock_slot = gimme_kind = -1;
  nice_depth = 0;
  log(evPlay, active, play_kind, -1, -1);
  switch (play_kind) {
    case act::pSteal:
    case act::pGimme: phase = Phase::ChooseTarget; break;
    case act::pYoink:
    case act::pYank:
    case act::pDoubleYank:
    case act::pExpose: phase = Phase::ChooseFlock; break;
    default: open_window(active);
  }
}

// ---------------------------------------------------------------- End of the game: scores

Scores State::scores() const { return winner_scores(); }

// ---------------------------------------------------------------- Counting

int State::total_cards() const {
  int n = static_cast<int>(draw_pile.size() + discard.size() + field.size()) + played_count + (attack >= 0);
  for (Player p = 0; p < num_players_; ++p) {
    n += hand_size(p) + 3 * kBits[flocks[p]] + kBits[wild[p]] + kBits[exposed[p]];
    n += pass_card[p] >= 0;
  }
  return n + kBits[wild_building];
}

// ---------------------------------------------------------------- Knowledge

void State::into_hand_publicly(Player p, int kind, int n) {
  hand[p][kind] = static_cast<std::uint8_t>(hand[p][kind] + n);
  seen_entering(known, num_players_, p, kind, n);
  public_known[p][kind] = static_cast<std::uint8_t>(public_known[p][kind] + n);
}

// Everybody sees which cards left: what they could prove drops by as many.
void State::out_of_hand_publicly(Player p, int kind, int n) {
  hand[p][kind] = static_cast<std::uint8_t>(hand[p][kind] - n);
  seen_leaving(known, num_players_, p, kind, n);
  public_known[p][kind] = static_cast<std::uint8_t>(std::max(0, public_known[p][kind] - n));
}

// A card left unseen except by `seer`: the others can count on one fewer of every kind.
void State::out_of_hand_unseen(Player p, int kind, Player seer) {
  --hand[p][kind];
  for (Player v = 0; v < num_players_; ++v) {
    if (v == p) continue;
    if (v == seer) {
      known[v][p][kind] = static_cast<std::uint8_t>(std::max(0, known[v][p][kind] - 1));
    } else {
      for (auto& c : known[v][p]) c = static_cast<std::uint8_t>(std::max(0, c - 1));
    }
  }
  for (auto& c : public_known[p]) c = static_cast<std::uint8_t>(std::max(0, c - 1));
}

void State::field_take(int kind) {
  for (std::size_t i = 0; i < field.size(); ++i)
    if (field[i] == kind) {
      field.erase_at(i);
      break;
    }
  into_hand_publicly(active, kind);
  log(evTake, active, kind);
}

}  // namespace bw::disguise