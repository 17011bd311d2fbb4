// Sheep in Disguise: what each seat may know, and determinization.
#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "core/seat_view.hpp"
#include "core/tensor.hpp"

#include "games/disguise/disguise.hpp"

namespace bw::disguise {

Observation State::observation(Player viewer) const {
  auto obs = seat_view<Observation>(*this, viewer);
  obs.turn = turn;
  obs.target_flocks = target_flocks_;
  obs.draw_pile_size = static_cast<std::uint8_t>(draw_pile.size());
  obs.traded = traded;
  obs.play = play;
  obs.played_count = played_count;
  // A play's aim is shown while the play is under way; once it resolves the
  // state keeps it until the next play, but it no longer describes the table.
  const bool aiming =
      phase == Phase::GimmeMode || phase == Phase::NiceTry || phase == Phase::GimmeGive || phase == Phase::YoinkPick;
  obs.target = aiming ? target : Player{-1};
  obs.flock_owner = aiming ? flock_owner : Player{-1};
  obs.flock_slot = aiming ? flock_slot : std::int8_t{-1};
  obs.gimme_kind = aiming ? gimme_kind : std::int8_t{-1};
  obs.nice_depth = nice_depth;
  obs.last_card_by = last_card_by;
  obs.asked = asked;
  obs.picks_left = picks_left;
  obs.pick_kind = pick_kind;
  obs.wild_building = wild_building;
  obs.job = job;
  obs.attack = attack;
  for (Player p = 0; p < num_players_; ++p) {
    obs.hand_size[p] = static_cast<std::uint8_t>(hand_size(p));
    obs.flocks[p] = flocks[p];
    obs.wild[p] = wild[p];
    obs.exposed[p] = exposed[p];
    obs.has_passed[p] = pass_card[p] != -1;
    obs.known_in_hand[p] = viewer == kSpectator ? public_known[p] : known_to(known, hand[p], viewer, p);
  }
  if (viewer >= 0) {
    obs.own_hand = hand[viewer];
    obs.own_pass = pass_card[viewer];
  }
  obs.field = field;
  for (auto c : discard) ++obs.discard[c];
  obs.laid = laid_so_far();
  return obs;
}

// A payment or a Wild Flock is laid face up, a card at a time: the table sees
// it before the move is complete.
CardCounts State::laid_so_far() const {
  CardCounts laid{};
  if (phase == Phase::BuyTake) laid[pick_kind] = 2;
  if (phase == Phase::PayCards && picks_left == 1) laid[discard.back()] = 1;
  if (phase == Phase::WildPick)
    for (int type = 0; type < kSheepTypes; ++type) laid[type] = static_cast<std::uint8_t>((wild_building >> type) & 1u);
  return laid;
}

namespace {
// One try at dealing the hidden cards from the shuffled pool: each hidden
// slot of every seat but the viewer takes the last card that does not make
// a third of a sheep type the seat has no flock of; then each seat passing
// under an Attack sets a card aside (the giver to the viewer picks it from
// its hand). False when a slot finds no card that fits.
bool deal_hidden_cards(const State& s, Player viewer, Player giver, const std::array<int, kMaxSeats>& slots,
                       Pile<std::uint8_t, kMaxCards>& pool, std::array<CardCounts, kMaxSeats>& dealt,
                       std::array<std::int8_t, kMaxSeats>& passing, Rng& source) {
  for (Player p = 0; p < s.num_players(); ++p) {
    if (p == viewer) continue;
    for (int i = 0; i < slots[p]; ++i) {
      std::size_t j = pool.size();
      while (j > 0) {
        int c = pool[j - 1];
        if (!is_sheep(c) || s.has_flock(p, c) || dealt[p][c] < 2) break;
        --j;
      }
      if (j == 0) return false;
      ++dealt[p][pool[j - 1]];
      pool.swap_remove(j - 1);
    }
    if (s.pass_card[p] < 0) continue;
    if (p == giver) {
      const int kind = random_kind(dealt[p], source);
      --dealt[p][kind];
      passing[p] = static_cast<std::int8_t>(kind);
    } else {
      passing[p] = static_cast<std::int8_t>(draw_top(pool));
    }
  }
  return true;
}
}  // namespace

// Reshuffles everything `viewer` cannot see: the unproven part of every other
// hand (of every hand, for a spectator, who proves only what everybody saw:
// public_known), the cards others have set aside to pass under an Attack, and
// the whole draw pile. Hand sizes and what the viewer can prove stay; Attacks
// stay in the pile (they are never held). The state's own RNG is reseeded.
void State::determinize(Player viewer, Rng& source) {
  reseed(source);
  if (viewer == kOmniscient || phase == Phase::GameOver) return;

  const std::array<CardCounts, kMaxSeats>& proven = viewer == kSpectator ? public_known : known[viewer];
  std::array<std::uint8_t, kNumCardKinds> unknown{};
  const auto hidden = unproven_cards(proven, hand, num_players_, viewer, unknown);
  std::array<int, kMaxSeats> slots{};
  std::array<CardCounts, kMaxSeats> fresh{};
  for (Player p = 0; p < num_players_; ++p) {
    if (p == viewer) continue;
    fresh[p] = proven[p];
    slots[p] = count_total(hidden[p]);
    if (pass_card[p] >= 0) ++unknown[pass_card[p]];
  }
  // The seat passing to the viewer has set its card aside: the viewer still
  // knows that hand and that card together hold all it proved there before,
  // so they are dealt together (one card more) and the card set aside is
  // picked among them.
  Player giver = -1;
  if (phase == Phase::AttackPass)
    for (Player p = 0; p < num_players_; ++p)
      if (p != viewer && pass_card[p] >= 0 && pass_receiver(p) == viewer) giver = p;
  if (giver >= 0) {
    for (int kind = 0; kind < kNumHoldable; ++kind) {
      const int regained = receiver_knew[giver][kind] - fresh[giver][kind];
      assert(regained >= 0 && regained <= unknown[kind]);
      unknown[kind] = static_cast<std::uint8_t>(unknown[kind] - regained);
    }
    fresh[giver] = receiver_knew[giver];
    slots[giver] = hand_size(giver) + 1 - count_total(receiver_knew[giver]);
  }
  for (auto c : draw_pile) ++unknown[c];
  // A hand never holds three of a sheep type it has no flock of (they would
  // have formed one): every seat knows that, so the sample respects it. Each
  // slot takes the first card from the shuffled pool that fits; should that
  // greedy deal get stuck (rare), it is tried again with a new shuffle, and
  // as a last resort the real hands stay.
  Pile<std::uint8_t, kMaxCards> pool;
  std::array<CardCounts, kMaxSeats> dealt{};
  std::array<std::int8_t, kMaxSeats> passing = pass_card;
  bool ok = false;
  for (int attempt = 0; attempt < 8 && !ok; ++attempt) {
    pool.clear();
    for (int kind = 0; kind < kNumHoldable; ++kind) add_copies(pool, static_cast<std::uint8_t>(kind), unknown[kind]);
    source.shuffle(pool);
    dealt = fresh;
    ok = deal_hidden_cards(*this, viewer, giver, slots, pool, dealt, passing, source);
  }
  if (!ok) return;  // the real hands and pile stay: consistent by definition
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer) hand[p] = dealt[p];
  pass_card = passing;
  for (int kind = kNumHoldable; kind < kNumCardKinds; ++kind)
    add_copies(pool, static_cast<std::uint8_t>(kind), unknown[kind]);
  source.shuffle(pool);
  draw_pile = pool;
  credit_viewer_knowledge(known, proven, num_players_, viewer);
  // Another receiver is credited with what the viewer knows of its passer's
  // hand and the card set aside: once it sees that card, it knows as much of
  // the hand as the viewer does, and no less than the public does.
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer && pass_card[p] >= 0 && pass_receiver(p) != viewer) {
      receiver_knew[p] = proven[p];
      ++receiver_knew[p][pass_card[p]];
    }
}

namespace {
const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Main: return "main";
    case Phase::TradeTake: return "trade-take";
    case Phase::TradeGive: return "trade-give";
    case Phase::BuyPay: return "buy-pay";
    case Phase::BuyTake: return "buy-take";
    case Phase::WildPick: return "wild-pick";
    case Phase::PayCards: return "pay-cards";
    case Phase::ChooseTarget: return "choose-target";
    case Phase::GimmeMode: return "gimme-mode";
    case Phase::ChooseFlock: return "choose-flock";
    case Phase::NiceTry: return "nice-try";
    case Phase::GimmeGive: return "gimme-give";
    case Phase::YoinkPick: return "yoink-pick";
    case Phase::DigPick: return "dig-pick";
    case Phase::Take2Pick: return "take2-pick";
    case Phase::AttackPass: return "attack-pass";
    case Phase::GameOver: return "game-over";
  }
  return "?";
}

template <class Counts>
nlohmann::json cards_json(const Counts& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t card = 0; card < counts.size(); ++card)
    if (counts[card]) out[card_name(static_cast<int>(card))] = counts[card];
  return out;
}

nlohmann::json flocks_json(std::uint8_t flocks, std::uint8_t wild, std::uint16_t exposed) {
  nlohmann::json out = nlohmann::json::array();
  for (int t = 0; t < kSheepTypes; ++t)
    if ((flocks >> t) & 1u) out.push_back({{"type", flock_type(t)}, {"exposed", ((exposed >> t) & 1u) != 0}});
  if (wild) {
    nlohmann::json types = nlohmann::json::array();
    for (int t = 0; t < kSheepTypes; ++t)
      if ((wild >> t) & 1u) types.push_back(card_name(t));
    out.push_back({{"type", flock_type(kWildSlot)}, {"sheep", types}, {"exposed", ((exposed >> kWildSlot) & 1u) != 0}});
  }
  return out;
}
}  // namespace

void to_json(nlohmann::json& out, const Observation& obs) {
  seat_view_json(out, obs, phase_name(obs.phase));
  out["turn"] = obs.turn;
  out["target_flocks"] = obs.target_flocks;
  out["draw_pile"] = obs.draw_pile_size;
  out["traded"] = obs.traded;
  if (obs.played_count)
    out["in_play"] = {{"play", State::action_to_string(static_cast<Action>(1 + obs.play))},
                      {"cards", obs.played_count}};
  if (obs.target >= 0) out["target"] = obs.target;
  if (obs.flock_owner >= 0) out["flock"] = {{"owner", obs.flock_owner}, {"type", flock_type(obs.flock_slot)}};
  if (obs.gimme_kind >= 0) out["gimme"] = card_name(obs.gimme_kind);
  if (obs.phase == Phase::NiceTry) {
    out["nice_try_depth"] = obs.nice_depth;
    out["asked"] = obs.asked;
    out["answering"] = obs.last_card_by;
  }
  if (obs.attack >= 0) out["attack"] = card_name(obs.attack);
  if (obs.viewer >= 0) {
    out["hand"] = cards_json(obs.own_hand);
    if (obs.own_pass >= 0) out["passing"] = card_name(obs.own_pass);
  }
  nlohmann::json field = nlohmann::json::array();
  for (auto c : obs.field) field.push_back(card_name(c));
  out["field"] = field;
  out["discard"] = cards_json(obs.discard);
  if (obs.laid != CardCounts{})
    out["laid"] = {{"for", obs.phase == Phase::BuyTake    ? "buy"
                           : obs.phase == Phase::PayCards ? "pay-off"
                                                          : "wild-flock"},
                   {"cards", cards_json(obs.laid)}};
  nlohmann::json seats = nlohmann::json::array();
  for (int p = 0; p < obs.num_players; ++p) {
    nlohmann::json seat = {{"hand_size", obs.hand_size[p]},
                           {"flocks", flocks_json(obs.flocks[p], obs.wild[p], obs.exposed[p])},
                           {"known_in_hand", cards_json(obs.known_in_hand[p])}};
    // Who has set a card aside for an Attack's pass (not which card).
    if (obs.phase == Phase::AttackPass) seat["has_passed"] = obs.has_passed[p];
    seats.push_back(seat);
  }
  out["seats"] = seats;
}

// A fixed layout for learning: the same length for every state of a game.
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout) {
  TensorWriter put(out, layout);
  seat_view_tensor(put, obs, static_cast<int>(Phase::GameOver) + 1, kMaxSeats);
  put.section("to_move", {kMaxSeats}, 0, 1, "the seat to decide now, one-hot (none at the end)");
  put.one_hot(obs.to_move, kMaxSeats);
  put.section("table", {3}, 0, kMaxCards, "flocks that win; cards in the draw pile; 1 once the turn's trade is done");
  out.push_back(obs.target_flocks);
  out.push_back(obs.draw_pile_size);
  out.push_back(obs.traded ? 1.f : 0.f);
  put.section("play", {act::kNumPlays}, 0, 1, "the action card being played, one-hot");
  put.one_hot(obs.played_count ? obs.play : -1, act::kNumPlays);
  put.section("target", {kMaxSeats}, 0, 1, "the seat it targets, one-hot");
  put.one_hot(obs.target, kMaxSeats);
  put.section("flock_owner", {kMaxSeats}, 0, 1, "the owner of the flock it targets, one-hot");
  put.one_hot(obs.flock_owner, kMaxSeats);
  put.section("flock_slot", {kFlockSlots}, 0, 1, "that flock's slot (the 8 sheep types, then the Wild Flock), one-hot");
  put.one_hot(obs.flock_slot, kFlockSlots);
  put.section("gimme_kind", {kNumHoldable}, 0, 1, "the card kind a Gimme asks for, one-hot");
  put.one_hot(obs.gimme_kind, kNumHoldable);
  put.section("nice_depth", {1}, 0, kMaxCards, "Nice Try cards played on the card so far");
  out.push_back(obs.nice_depth);
  put.section("asked", {kMaxSeats}, 0, 1, "the seat asked to answer now, one-hot");
  put.one_hot(obs.asked, kMaxSeats);
  put.section("attack", {2}, 0, 1, "the attack's side, one-hot (left, right)");
  put.one_hot(obs.attack - kAttackLeft, 2);
  put.section("own_hand", {kNumHoldable}, 0, kMaxCards, "the viewer's hand: cards of each kind");
  put.counts(obs.own_hand);
  put.section("own_pass", {kNumHoldable}, 0, 1, "the card the viewer passes, one-hot");
  put.one_hot(obs.own_pass, kNumHoldable);
  put.section("hand_size", {kMaxSeats}, 0, kMaxCards, "cards in each seat's hand");
  put.counts(obs.hand_size);
  put.section("seats", {kMaxSeats, 2 * kSheepTypes + kFlockSlots + kNumHoldable}, 0, kMaxCards,
              "per seat: 1 for each sheep type it has a flock of; 1 for each type in its Wild Flock; 1 for each "
              "exposed flock slot; the cards of each kind the viewer can prove are in its hand");
  for (int p = 0; p < kMaxSeats; ++p) {
    put.bits(obs.flocks[p], kSheepTypes);
    put.bits(obs.wild[p], kSheepTypes);
    put.bits(obs.exposed[p], kFlockSlots);
    put.counts(obs.known_in_hand[p]);
  }
  put.section("field", {kNumHoldable}, 0, 3, "the Field's cards of each kind");
  std::array<std::uint8_t, kNumHoldable> field{};
  for (auto c : obs.field) ++field[c];
  put.counts(field);
  put.section("discard", {kNumCardKinds}, 0, kMaxCards, "discarded cards of each kind");
  put.counts(obs.discard);
}

}  // namespace bw::disguise
