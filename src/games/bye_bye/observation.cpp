// Bye-Bye Black Sheep: what each seat may know, and determinization.
#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>
#include <numeric>

#include "core/fnv1a.hpp"
#include "core/seat_view.hpp"
#include "core/tensor.hpp"

#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {

Observation State::observation(Player viewer) const {
  auto obs = seat_view<Observation>(*this, viewer);
  obs.pending_seat = pending_seat;
  obs.zoo_allowance = zoo_allowance;
  obs.draws_this_turn = draws_this_turn;
  obs.turn = turn;
  obs.quiet_turns = quiet_turns;
  obs.zoo_changed_this_turn = zoo_changed_this_turn;
  obs.start_player = start_player;
  obs.draw_pile_size = static_cast<std::uint8_t>(draw_pile.size());
  obs.target_triplets = target_triplets_;
  obs.magpie_in_play = magpie_in_play;
  for (Player p = 0; p < num_players_; ++p) {
    obs.hand_size[p] = static_cast<std::uint8_t>(hand_size(p));
    obs.specials_in_hand[p] = specials_in_hand[p];
    obs.zoo[p] = zoo[p];
    obs.known_absent[p] = known_absent[p];
    obs.known_in_hand[p] = viewer == kSpectator ? public_known[p] : known_to(known, hand[p], viewer, p);
  }
  if (viewer >= 0) obs.own_hand = hand[viewer];
  obs.watering_hole = watering_hole;
  obs.wolf_owner = wolf_owner;
  obs.wolf_stash = wolf_stash;  // seen face up before the Wolf took them
  obs.special_pool = special_pool;
  obs.picks = picks;
  if (viewer != kOmniscient) add_what_counting_proves(viewer, obs);
  return obs;
}

// Every copy of a card is somewhere. The copies `viewer` cannot place (not
// in its hand, a zoo, the watering hole, the Wolf's stash, nor proven in a
// hand) fill the places it cannot see: the unproven part of each other hand
// and, for set cards, the pile. So a hand holds at least the copies that the
// other hidden places could not take, and lacks a set when no copy of it is
// unplaced or when it has no hidden place left. Specials and set cards are
// counted apart: each hand's count of specials is public and the pile holds
// none. These bounds are exact as far as the counts go; a failed Eagle
// question (known_absent) is shown but not counted into them
// (docs/rules/bye-bye.md, "What each seat knows").
void State::add_what_counting_proves(Player viewer, Observation& obs) const {
  CardCounts unplaced{};
  const bool specials_known = specials_dealt(unplaced);
  for (int set = 0; set < sets_in_play_; ++set) unplaced[set] = kCopiesPerSet;
  unplaced[kMagpie] = magpie_in_play ? 1 : 0;
  auto place = [&](int card, int copies) {
    if (card == kBlackSheep) return;  // one in every hand, always known
    unplaced[card] = static_cast<std::uint8_t>(std::max(0, unplaced[card] - copies));
  };
  for (int card = 0; card < kNumCardKinds; ++card) {
    if (viewer >= 0) place(card, hand[viewer][card]);
    place(card, wolf_stash[card]);
    for (Player p = 0; p < num_players_; ++p) {
      if (is_set_card(card)) place(card, zoo[p][card]);
      if (p != viewer) place(card, obs.known_in_hand[p][card]);
    }
  }
  for (auto card : watering_hole) place(card, 1);

  std::array<int, kMaxSeats> set_places{}, special_places{};
  int all_set_places = static_cast<int>(draw_pile.size()), all_special_places = 0;
  for (Player p = 0; p < num_players_; ++p) {
    if (p == viewer) continue;
    int proven_specials = 0, proven_sets = 0;
    for (int card = 0; card < kNumCardKinds; ++card)
      (is_set_card(card) ? proven_sets : proven_specials) += card == kBlackSheep ? 0 : obs.known_in_hand[p][card];
    special_places[p] = specials_in_hand[p] - proven_specials;
    set_places[p] = hand_size(p) - specials_in_hand[p] - 1 - proven_sets;
    all_set_places += set_places[p];
    all_special_places += special_places[p];
  }
  // In play the unplaced copies always fill the hidden places exactly; only a
  // deal set up by hand (a rule test's table) can leave a class out of
  // balance, and then counting proves nothing about it.
  const bool sets_balance = std::accumulate(unplaced.begin(), unplaced.begin() + kMaxSets, 0) == all_set_places;
  const bool specials_balance =
      specials_known && std::accumulate(unplaced.begin() + kEagle, unplaced.end(), 0) == all_special_places;
  for (Player p = 0; p < num_players_; ++p) {
    if (p == viewer) continue;
    auto& proven = obs.known_in_hand[p];
    for (int set = 0; set < sets_in_play_ && sets_balance; ++set) {
      const int surely = unplaced[set] - (all_set_places - set_places[p]);
      if (surely > 0) proven[set] = static_cast<std::uint8_t>(proven[set] + surely);
      if (proven[set] == 0 && (unplaced[set] == 0 || set_places[p] == 0))
        obs.known_absent[p] |= static_cast<std::uint16_t>(1u << set);
    }
    if (!specials_balance) continue;
    for (int card = kEagle; card < kNumCardKinds; ++card) {
      const int surely = unplaced[card] - (all_special_places - special_places[p]);
      if (surely > 0) proven[card] = static_cast<std::uint8_t>(proven[card] + surely);
    }
  }
}

// A key, not a fingerprint to trust: a collision only merges two tree nodes.
std::uint32_t private_outcome(const State& state, Player viewer) {
  Fnv1a hash;
  hash.add_bytes(&state.phase, sizeof state.phase);
  hash.add_bytes(state.hand[viewer].data(), state.hand[viewer].size());
  hash.add(state.watering_hole.size());
  hash.add_bytes(state.watering_hole.begin(), state.watering_hole.size());
  for (Player p = 0; p < state.num_players(); ++p) {
    const auto& proven = state.known[viewer][p];
    hash.add_bytes(proven.data(), proven.size());
  }
  return static_cast<std::uint32_t>(hash.value() ^ (hash.value() >> 32));
}

namespace {
using SeatSlots = std::array<int, kMaxSeats>;
using SetPool = std::array<int, kMaxSets>;
using SetMasks = std::array<std::uint16_t, kMaxSeats>;

// Whether the set cards in `pool` can still fill the set slots of every
// constrained hand with sets it is not known to lack: Hall's condition, over
// every group of those hands.
bool sets_can_fill(const FixedVector<Player, kMaxSeats>& constrained, const SeatSlots& set_slots,
                   const SetMasks& known_absent, const SetPool& pool) {
  for (unsigned subset = 1; subset < (1u << constrained.size()); ++subset) {
    int need = 0;
    std::uint16_t forbidden_by_all = 0xffff;
    for (std::size_t i = 0; i < constrained.size(); ++i)
      if ((subset >> i) & 1u) {
        need += set_slots[constrained[i]];
        forbidden_by_all &= known_absent[constrained[i]];
      }
    int have = 0;
    for (int set = 0; set < kMaxSets; ++set) have += ((forbidden_by_all >> set) & 1u) ? 0 : pool[set];
    if (need > have) return false;
  }
  return true;
}

// The constrained hands' set slots, one card at a time, each drawn at random
// among the sets the hand may hold that keep the rest of the deal possible.
void deal_to_constrained_hands(const FixedVector<Player, kMaxSeats>& constrained, const SetMasks& known_absent,
                               SetPool& pool, SeatSlots& set_slots, std::array<CardCounts, kMaxSeats>& fresh,
                               Rng& source) {
  for (Player p : constrained) {
    while (set_slots[p] > 0) {
      std::uint16_t excluded = known_absent[p];
      for (;;) {
        int choices = 0;
        for (int set = 0; set < kMaxSets; ++set) choices += ((excluded >> set) & 1u) ? 0 : pool[set];
        assert(choices > 0);
        auto pick = static_cast<int>(source.below(static_cast<std::uint32_t>(choices)));
        int set = 0;
        while (((excluded >> set) & 1u) || pick >= pool[set]) {
          if (!((excluded >> set) & 1u)) pick -= pool[set];
          ++set;
        }
        --pool[set];
        --set_slots[p];
        if (sets_can_fill(constrained, set_slots, known_absent, pool)) {
          ++fresh[p][set];
          break;
        }
        ++pool[set];
        ++set_slots[p];
        excluded |= static_cast<std::uint16_t>(1u << set);
      }
    }
  }
}
}  // namespace

// Reshuffles everything `viewer` cannot see: the unknown part of every other
// hand (of every hand, for a spectator) and the whole draw pile. What the
// viewer can prove stays: the cards it knows are in a hand (a spectator: what
// everybody saw go in, public_known), every hand's size and count of special
// cards (specials only move in public), that the pile holds set cards only,
// and the sets a hand is known to lack. The state's own RNG is reseeded, so a
// search cannot learn future blind draws.
void State::determinize(Player viewer, Rng& source) {
  reseed(source);
  if (viewer == kOmniscient || phase == Phase::GameOver) return;

  const std::array<CardCounts, kMaxSeats>& proven = viewer == kSpectator ? public_known : known[viewer];
  CardCounts unknown{};
  const auto hidden = unproven_cards(proven, hand, num_players_, viewer, unknown);
  std::array<CardCounts, kMaxSeats> kept{};
  std::array<int, kMaxSeats> special_slots{}, set_slots{};
  for (Player p = 0; p < num_players_; ++p) {
    if (p == viewer) continue;
    kept[p] = proven[p];
    for (int card = 0; card < kNumCardKinds; ++card)
      (is_set_card(card) ? set_slots[p] : special_slots[p]) += hidden[p][card];
  }
  for (std::uint8_t card : draw_pile) ++unknown[card];
  Pile<std::uint8_t, 80> unknown_specials;
  for (int card = kBlackSheep; card < kNumCardKinds; ++card)
    add_copies(unknown_specials, static_cast<std::uint8_t>(card), int{unknown[card]});

  source.shuffle(unknown_specials);
  std::array<CardCounts, kMaxSeats> fresh = kept;
  std::size_t next_special = 0;
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < special_slots[p]; ++i) ++fresh[p][unknown_specials[next_special++]];

  // Set cards. Hands known to lack some sets (failed Eagle questions) take
  // theirs first, one card at a time, each card drawn at random among those
  // that still leave a complete assignment possible (Hall's condition over
  // the constrained hands); the rest is dealt at random to the other hands'
  // unknown places and to the pile.
  std::array<int, kMaxSets> pool{};
  for (int set = 0; set < kMaxSets; ++set) pool[set] = unknown[set];
  FixedVector<Player, kMaxSeats> constrained;
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer && known_absent[p] && set_slots[p] > 0) constrained.push_back(p);
  assert(sets_can_fill(constrained, set_slots, known_absent, pool));
  deal_to_constrained_hands(constrained, known_absent, pool, set_slots, fresh, source);
  Pile<std::uint8_t, 80> rest;
  for (int set = 0; set < kMaxSets; ++set) add_copies(rest, static_cast<std::uint8_t>(set), pool[set]);
  source.shuffle(rest);
  std::size_t next_set = 0;
  for (Player p = 0; p < num_players_; ++p)
    for (int i = 0; i < set_slots[p]; ++i) ++fresh[p][rest[next_set++]];
  for (Player p = 0; p < num_players_; ++p)
    if (p != viewer) hand[p] = fresh[p];
  pile_from_rest(draw_pile, rest, next_set);
  credit_viewer_knowledge(known, proven, num_players_, viewer);
}

namespace {
const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::PickSpecial: return "pick-special";
    case Phase::Draw: return "draw";
    case Phase::EagleTarget: return "eagle-target";
    case Phase::EagleSet: return "eagle-set";
    case Phase::MolePick: return "mole-pick";
    case Phase::MagpieSteal: return "magpie-steal";
    case Phase::WhitePlace: return "white-place";
    case Phase::MotherDraw: return "mother-draw";
    case Phase::ZooPlace: return "zoo-place";
    case Phase::GameOver: return "game-over";
  }
  return "?";
}

nlohmann::json cards_json(const CardCounts& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (int card = 0; card < kNumCardKinds; ++card)
    if (counts[card]) out[card_name(card)] = counts[card];
  return out;
}
}  // namespace

void to_json(nlohmann::json& out, const Observation& obs) {
  seat_view_json(out, obs, phase_name(obs.phase));
  if (obs.pending_seat >= 0) out["pending_seat"] = obs.pending_seat;
  out["zoo_allowance"] = obs.zoo_allowance;
  out["draws_this_turn"] = obs.draws_this_turn;
  out["turn"] = obs.turn;
  out["quiet_turns"] = obs.quiet_turns;
  out["start_player"] = obs.start_player;
  out["draw_pile"] = obs.draw_pile_size;
  out["target_triplets"] = obs.target_triplets;
  out["magpie_in_play"] = obs.magpie_in_play;
  if (obs.viewer >= 0) out["hand"] = cards_json(obs.own_hand);
  nlohmann::json watering_hole = nlohmann::json::array();
  for (auto card : obs.watering_hole) watering_hole.push_back(card_name(card));
  out["watering_hole"] = watering_hole;
  if (obs.wolf_owner >= 0) out["wolf_stash"] = {{"seat", obs.wolf_owner}, {"cards", cards_json(obs.wolf_stash)}};
  nlohmann::json seats = nlohmann::json::array();
  for (int p = 0; p < obs.num_players; ++p) {
    nlohmann::json zoo = nlohmann::json::object();
    for (int set = 0; set < kMaxSets; ++set)
      if (obs.zoo[p][set]) zoo[card_name(set)] = obs.zoo[p][set];
    nlohmann::json absent = nlohmann::json::array();
    for (int set = 0; set < kMaxSets; ++set)
      if ((obs.known_absent[p] >> set) & 1u) absent.push_back(card_name(set));
    seats.push_back({{"hand_size", obs.hand_size[p]},
                     {"specials_in_hand", obs.specials_in_hand[p]},
                     {"zoo", zoo},
                     {"known_in_hand", cards_json(obs.known_in_hand[p])},
                     {"known_absent", absent}});
  }
  out["seats"] = seats;
  if (obs.phase == Phase::PickSpecial) {
    out["special_pool"] = cards_json(obs.special_pool);
    nlohmann::json picks = nlohmann::json::array();
    for (auto card : obs.picks) picks.push_back(card_name(card));
    out["picks"] = picks;
  }
}

// A fixed layout for learning: the same length for every state of a game.
void append_tensor(const Observation& obs, std::vector<float>& out, TensorLayout* layout) {
  TensorWriter put(out, layout);
  constexpr int kAllCards = kMaxSets * kCopiesPerSet + kNumCardKinds - kMaxSets;  // every set card, one of each other
  seat_view_tensor(put, obs, static_cast<int>(Phase::GameOver) + 1, kMaxSeats);
  put.section("to_move", {kMaxSeats}, 0, 1, "the seat to decide now, one-hot (none at the end)");
  put.one_hot(obs.to_move, kMaxSeats);
  put.section("pending_seat", {kMaxSeats}, 0, 1,
              "the seat asked by the Eagle, shown by the Mole or holding the White Sheep choice, one-hot");
  put.one_hot(obs.pending_seat, kMaxSeats);
  put.section("turn", {7}, 0, kAllCards,
              "zoo cards the stop allows now; draws this turn; turns without a zoo change; 1 if a zoo changed this "
              "turn; cards in the draw pile; triplets that win; 1 if the Magpie is in play");
  out.push_back(obs.zoo_allowance);
  out.push_back(obs.draws_this_turn);
  out.push_back(obs.quiet_turns);
  out.push_back(obs.zoo_changed_this_turn ? 1.f : 0.f);
  out.push_back(obs.draw_pile_size);
  out.push_back(obs.target_triplets);
  out.push_back(obs.magpie_in_play ? 1.f : 0.f);
  put.section("own_hand", {kNumCardKinds}, 0, kCopiesPerSet,
              "the viewer's hand: cards of each kind (the 16 sets, then Black Sheep, Eagle, Mole, Magpie, White "
              "Sheep, Mother Sheep, Wolf)");
  put.counts(obs.own_hand);
  put.section("hand_size", {kMaxSeats}, 0, kAllCards, "cards in each seat's hand");
  put.counts(obs.hand_size);
  put.section("specials_in_hand", {kMaxSeats}, 0, kNumCardKinds - kMaxSets, "special cards in each seat's hand");
  put.counts(obs.specials_in_hand);
  put.section("zoo", {kMaxSeats, kMaxSets}, 0, kCopiesPerSet, "cards of each set in each seat's zoo");
  for (const auto& zoo : obs.zoo) put.counts(zoo);
  put.section("watering_hole", {kNumCardKinds}, 0, kCopiesPerSet, "cards of each kind at the watering hole");
  CardCounts at_watering_hole{};
  for (auto card : obs.watering_hole) ++at_watering_hole[card];
  put.counts(at_watering_hole);
  put.section("wolf_owner", {kMaxSeats}, 0, 1, "the seat that holds the Wolf's stash, one-hot");
  put.one_hot(obs.wolf_owner, kMaxSeats);
  put.section("wolf_stash", {kNumCardKinds}, 0, kCopiesPerSet, "cards of each kind the Wolf took");
  put.counts(obs.wolf_stash);
  put.section("known_in_hand", {kMaxSeats, kNumCardKinds}, 0, kCopiesPerSet,
              "per seat, cards of each kind the viewer can prove are in that hand (lower bounds)");
  for (const auto& known : obs.known_in_hand) put.counts(known);
  put.section("known_absent", {kMaxSeats, kMaxSets}, 0, 1, "per seat, 1 for each set its hand is known to lack");
  for (auto absent : obs.known_absent) put.bits(absent, kMaxSets);
  put.section("special_pool", {kNumCardKinds}, 0, 1, "advanced set-up: special cards still to pick, per kind");
  put.counts(obs.special_pool);
}

}  // namespace bw::bye_bye
