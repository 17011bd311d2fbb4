// Sheep Boom Bah: hidden information. Observations show exactly what a seat
// may know; determinize() resamples only what it cannot know.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace bw::boom_bah {
namespace {
using namespace testing;

TEST(BoomBahObservation, HidesFaceDownTiles) {
  State s = table(2);
  lay(s, "c3", kMine);
  lay(s, "d4", kSafe);
  State swapped = s;
  lay(swapped, "c3", kSafe);
  lay(swapped, "d4", kMine);
  for (Player v : {Player{0}, Player{1}, kSpectator}) EXPECT_TRUE(s.observation(v) == swapped.observation(v));
  EXPECT_FALSE(s.observation(kOmniscient) == swapped.observation(kOmniscient));
  lay(s, "c3", kMine, true);
  lay(swapped, "c3", kSafe, true);
  EXPECT_FALSE(s.observation(0) == swapped.observation(0));  // once turned over, everyone sees it
}

TEST(BoomBahObservation, HidesOtherHandsButNotTheirSize) {
  State s = table(3);
  give(s, 1, card_type(kWolf, 1));
  give(s, 2, card_type(kHero, 2));
  State swapped = table(3);
  give(swapped, 1, card_type(kHero, 2));
  give(swapped, 2, card_type(kWolf, 1));
  EXPECT_TRUE(s.observation(0) == swapped.observation(0));
  EXPECT_FALSE(s.observation(1) == swapped.observation(1));
  EXPECT_TRUE(s.observation(kSpectator) == swapped.observation(kSpectator));
  give(swapped, 2, kWildWoolType);
  EXPECT_FALSE(s.observation(0) == swapped.observation(0));  // hand sizes are public
}

TEST(BoomBahObservation, DrawPileOrderIsHidden) {
  State s(Params{}, 2, 4);
  State other = s;
  std::swap(other.draw_pile[0], other.draw_pile[5]);
  EXPECT_TRUE(s.observation(0) == other.observation(0));
}

TEST(BoomBahObservation, JsonHasOwnHandOnly) {
  State s(Params{}, 3, 4);
  nlohmann::json spectator, seat;
  to_json(spectator, s.observation(kSpectator));
  to_json(seat, s.observation(1));
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_TRUE(seat.contains("hand"));
  EXPECT_EQ(seat["board"].size(), 7u);
  std::vector<float> a, b;
  append_tensor(s.observation(0), a);
  State later = s;
  ActionList list;
  while (!later.is_terminal() && later.turn < 3) {
    later.legal_actions(list);
    later.apply(list[0]);
  }
  append_tensor(later.observation(0), b);
  EXPECT_EQ(a.size(), b.size());
}

TEST(BoomBahObservation, WindowsLookTheSameWhateverTheHand) {
  // The asked seat holds a Wolf in one world, a Wild Wool in the other: the
  // other seats see the same question either way.
  State worlds[2] = {table(3), table(3)};
  int cards[2] = {card_type(kWolf, 1), kWildWoolType};
  for (int i = 0; i < 2; ++i) {
    State& s = worlds[i];
    put(s, "c3", 0);
    put(s, "d3", 1);
    lay(s, "d3", kSafe, true);
    give(s, 1, cards[i]);
    s.apply(move("c3", E));
  }
  EXPECT_TRUE(worlds[0].observation(0) == worlds[1].observation(0));
  EXPECT_TRUE(worlds[0].observation(2) == worlds[1].observation(2));
}

TEST(BoomBahDeterminize, KeepsWhatTheViewerSees) {
  State s(Params{}, 3, 21);
  ActionList list;
  Rng chooser(5, 5);
  for (int i = 0; i < 40 && !s.is_terminal(); ++i) {
    s.legal_actions(list);
    s.apply(list[chooser.below(static_cast<std::uint32_t>(list.size()))]);
  }
  ASSERT_FALSE(s.is_terminal());
  for (Player v = 0; v < 3; ++v) {
    Rng rng(9, static_cast<std::uint64_t>(v));
    State sampled = s;
    sampled.determinize(v, rng);
    EXPECT_TRUE(sampled.observation(v) == s.observation(v));
    EXPECT_EQ(sampled.hand[v], s.hand[v]);
    EXPECT_EQ(sampled.total_cards(), s.total_cards());
    for (int cell = 0; cell < kCells; ++cell)
      if (s.revealed[cell]) {
        EXPECT_EQ(sampled.tile[cell], s.tile[cell]);
      }
  }
}

TEST(BoomBahDeterminize, ResamplesHiddenTilesAndHands) {
  State s(Params{}, 3, 21);
  bool tiles_changed = false, hands_changed = false, pile_changed = false;
  for (std::uint64_t k = 0; k < 20; ++k) {
    Rng rng(k, 1);
    State sampled = s;
    sampled.determinize(0, rng);
    tiles_changed |= sampled.tile != s.tile;
    hands_changed |= sampled.hand[1] != s.hand[1] || sampled.hand[2] != s.hand[2];
    pile_changed |= !(sampled.draw_pile == s.draw_pile);
    EXPECT_FALSE(sampled.rng == s.rng);  // reseeded: future draws are not learnt
  }
  EXPECT_TRUE(tiles_changed);
  EXPECT_TRUE(hands_changed);
  EXPECT_TRUE(pile_changed);
}

TEST(BoomBahDeterminize, SameObservationSameSample) {
  // Two worlds seat 0 cannot tell apart give the same sample for the same RNG.
  State a = table(2);
  lay(a, "c3", kMine);
  give(a, 1, card_type(kWolf, 1));
  State b = table(2);
  lay(b, "d4", kMine);
  b.tile[C("c3")] = kSafe;
  give(b, 1, card_type(kWolf, 1));
  a.draw_pile = b.draw_pile;
  ASSERT_TRUE(a.observation(0) == b.observation(0));
  Rng r1(3, 3), r2(3, 3);
  a.determinize(0, r1);
  b.determinize(0, r2);
  EXPECT_TRUE(a == b);
}

// A seat that ends its turn keeps what it holds: the measured best play
// discards every card that does not score first, so the search believes the
// kept cards are of its colour or Wild Wool (docs/rules/boom-bah.md).
TEST(BoomBahBelief, KeptCardsAreDealtOfTheSeatsColour) {
  State s = table(3);
  s.active = 1;
  give(s, 1, card_type(kHero, 1));
  give(s, 1, kWildWoolType);
  s.actions_left = 0;
  s.apply(act::kEndTurn);  // seat 1 ends its turn holding two cards
  EXPECT_EQ(s.kept_for_points[1], 2);
  EXPECT_EQ(s.observation(0).kept_for_points[1], 2);  // public
  for (std::uint64_t k = 0; k < 200; ++k) {
    State sampled = s;
    Rng rng(k, 7);
    sampled.determinize(0, rng);
    int scoring = 0;
    for (int type = 0; type < kNumCardTypes; ++type)
      if (scores_in_hand_of(type, 1)) scoring += sampled.hand[1][type];
    EXPECT_GE(scoring, 2);
    EXPECT_EQ(sampled.hand_count(1), s.hand_count(1));
    EXPECT_EQ(sampled.total_cards(), s.total_cards());
    EXPECT_TRUE(sampled.observation(0) == s.observation(0));
  }
}

TEST(BoomBahBelief, ScoringCardsGivenUpLowerTheKeptCount) {
  State s = table(3);
  s.kept_for_points[1] = 2;
  give(s, 1, card_type(kWolf, 1));
  give(s, 1, card_type(kEieino, 0));
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  s.apply(move("c3", E));              // seat 0 bumps seat 1's sheep: a Wolf window
  s.apply(play(card_type(kWolf, 1)));  // its own colour: maybe one it kept
  EXPECT_EQ(s.kept_for_points[1], 1);
}

// A seat that lets its sheep go from a land mine is believed to hold no
// rescue card until it draws again.
TEST(BoomBahBelief, NoRescueCardAfterLettingASheepGo) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "e3", kMine);
  give(s, 1, kWildWoolType);
  give(s, 1, card_type(kWolf, 2));
  give(s, 2, kWildWoolType);
  s.apply(move("c3", E));  // bumps seat 1 onto the mine: Wolf window first
  ASSERT_EQ(s.phase, Phase::WolfWindow);
  s.apply(act::kPass);
  // Pushed onto a face-down tile: the rule of thumb stops that with a Wolf
  // unless it holds a rescue card, which seat 1 might: nothing is suggested.
  EXPECT_EQ(s.passed_without[1], 0);
  ASSERT_EQ(s.phase, Phase::MineWindow);
  ASSERT_EQ(s.asked, 1);
  s.apply(act::kPass);
  EXPECT_EQ(s.passed_without[1], kind_bit(kHero) | kind_bit(kAmbahlance));
  for (std::uint64_t k = 0; k < 200; ++k) {
    State sampled = s;
    Rng rng(k, 8);
    sampled.determinize(0, rng);
    for (int colour = 0; colour < kColours; ++colour) {
      EXPECT_EQ(sampled.hand[1][card_type(kHero, colour)], 0);
      EXPECT_EQ(sampled.hand[1][card_type(kAmbahlance, colour)], 0);
    }
  }
  s.needs_refill[1] = true;
  s.actions_left = 0;
  s.apply(act::kEndTurn);  // seat 0's turn ends; seat 1 refills only at its own
  EXPECT_NE(s.passed_without[1], 0);
  s.actions_left = 0;
  ASSERT_EQ(s.active, 1);
  s.apply(act::kEndTurn);  // seat 1 draws: the belief is gone
  EXPECT_EQ(s.passed_without[1], 0);
}

// A belief the pool cannot meet (a seat that kept cards that do not score)
// still gives every hand its size.
TEST(BoomBahBelief, ImpossibleBeliefStillDealsFullHands) {
  State s(Params{}, 4, 21);
  for (Player p = 1; p < 4; ++p) {
    s.kept_for_points[p] = 4;
    s.passed_without[p] = kind_bit(kHero) | kind_bit(kAmbahlance) | kind_bit(kWolf) | kind_bit(kEieino);
  }
  for (std::uint64_t k = 0; k < 50; ++k) {
    State sampled = s;
    Rng rng(k, 9);
    sampled.determinize(0, rng);
    for (Player p = 0; p < 4; ++p) EXPECT_EQ(sampled.hand_count(p), s.hand_count(p));
    EXPECT_EQ(sampled.total_cards(), s.total_cards());
  }
}

// Passing where the rule of thumb would play a card suggests the seat holds
// none of that kind; passing where it would not suggests nothing. The belief
// reads only what everybody sees, never the passing seat's hand.
TEST(BoomBahBelief, PassesSuggestOnlyWhatTheRuleOfThumbWouldHavePlayed) {
  for (int held : {kWildWoolType, card_type(kWolf, 1)}) {  // the belief must not depend on it
    State s = table(3);
    put(s, "c3", 0);
    put(s, "d3", 1);
    lay(s, "e3", kBarn0 + 1, true);  // seat 1's own Barn: being pushed there helps it
    give(s, 1, held);
    give(s, 2, kWildWoolType);
    s.apply(move("c3", E));
    ASSERT_EQ(s.phase, Phase::WolfWindow);
    s.apply(act::kPass);
    EXPECT_EQ(s.passed_without[1], 0) << "no Wolf is needed against a push into one's own Barn";
  }
  {  // Onto a face-down tile, for a seat believed to hold no rescue card: a Wolf would stop it.
    State s = table(3);
    put(s, "c3", 0);
    put(s, "d3", 1);
    give(s, 1, kWildWoolType);
    s.passed_without[1] = kind_bit(kHero) | kind_bit(kAmbahlance);
    s.apply(move("c3", E));
    ASSERT_EQ(s.phase, Phase::WolfWindow);
    s.apply(act::kPass);
    EXPECT_EQ(s.passed_without[1], kind_bit(kHero) | kind_bit(kAmbahlance) | kind_bit(kWolf));
  }
  // A Hero played by seat 1 and left standing by seat 2 hurts seat 2 (it is
  // another seat's card): passing suggests seat 2 holds no EIEI...No.
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "e3", kMine);
  give(s, 1, card_type(kHero, 1));
  give(s, 2, kWildWoolType);
  s.apply(move("c3", E));
  s.apply(act::kPass);  // seat 1 lets the bump happen: onto the mine
  ASSERT_EQ(s.phase, Phase::MineWindow);
  s.apply(play(card_type(kHero, 1)));
  ASSERT_EQ(s.phase, Phase::NoWindow);
  ASSERT_EQ(s.asked, 2);
  s.apply(act::kPass);
  EXPECT_EQ(s.passed_without[2], kind_bit(kEieino));
  EXPECT_EQ(s.passed_without[1] & kind_bit(kHero), 0) << "seat 1 played a Hero: it held one after all";
}

// Every seat and a spectator tell `a` from `b`.
void expect_everybody_tells_apart(const State& a, const State& b, const char* what) {
  for (Player v = 0; v < a.num_players(); ++v) EXPECT_FALSE(a.observation(v) == b.observation(v)) << what << int{v};
  EXPECT_FALSE(a.observation(kSpectator) == b.observation(kSpectator)) << what << " spectator";
}

// A real game after `steps` random actions.
State played(int players, std::uint64_t seed, int steps) {
  State s(Params{}, players, seed);
  ActionList list;
  Rng chooser(seed, 5);
  for (int i = 0; i < steps && !s.is_terminal(); ++i) {
    s.legal_actions(list);
    s.apply(list[chooser.below(static_cast<std::uint32_t>(list.size()))]);
  }
  return s;
}

TEST(BoomBahObservation, SheepOnTheBoardArePublic) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "a1", 2);
  State other = s;
  put(other, "c3", -1);
  put(other, "c4", 0);
  expect_everybody_tells_apart(s, other, "where a sheep stands, seat ");
  State owner = s;
  put(owner, "c3", 1);
  expect_everybody_tells_apart(s, owner, "whose sheep it is, seat ");
  State waiting = s;
  waiting.to_place[1] = 1;
  expect_everybody_tells_apart(s, waiting, "sheep still to place, seat ");
  EXPECT_EQ(s.observation(kSpectator).sheep[C("c3")], 0);
}

TEST(BoomBahObservation, BarnyardsBarnsAndGraveyardsArePublic) {
  State s = table(3);
  State barnyard = s, barn = s, graveyard = s;
  ++barnyard.barnyard[1];
  ++barn.barn[0][2];  // a sheep of seat 2 in seat 0's Barn
  ++graveyard.graveyard[2];
  expect_everybody_tells_apart(s, barnyard, "a Barnyard, seat ");
  expect_everybody_tells_apart(s, barn, "a Barn, seat ");
  expect_everybody_tells_apart(s, graveyard, "a Graveyard, seat ");
  EXPECT_EQ(barn.observation(1).barn[0][2], 1);
}

TEST(BoomBahObservation, DiscardsAndDrawPileSizeArePublic) {
  State s(Params{}, 3, 4);
  State discarded = s;
  discarded.discard_pile.push_back(discarded.draw_pile.pop_back());
  expect_everybody_tells_apart(s, discarded, "a card on the discard pile, seat ");
  const int type = discarded.discard_pile.back();
  EXPECT_EQ(discarded.observation(0).discards[type], s.observation(0).discards[type] + 1);
  State smaller = s;
  smaller.draw_pile.pop_back();
  expect_everybody_tells_apart(s, smaller, "the draw pile's size, seat ");
}

TEST(BoomBahObservation, RefillsOwedArePublic) {
  State s = table(3);
  State owes = s;
  owes.needs_refill[2] = true;
  expect_everybody_tells_apart(s, owes, "a refill owed, seat ");
}

TEST(BoomBahObservation, EndTriggerIsPublic) {
  State s = table(3);
  State ending = s;
  ending.end_triggered = true;
  ending.trigger_seat = 1;
  expect_everybody_tells_apart(s, ending, "the end triggered, seat ");
  State other_seat = ending;
  other_seat.trigger_seat = 2;
  expect_everybody_tells_apart(ending, other_seat, "in whose turn, seat ");
}

// The question a window asks is in view of every seat: the move waiting on
// Wolf cards, the sheep on the mine, the card under EIEI...No and who is asked.
TEST(BoomBahObservation, TheOpenQuestionIsPublic) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "e3", kMine);
  give(s, 1, card_type(kHero, 1));
  give(s, 2, kWildWoolType);
  s.apply(move("c3", E));
  ASSERT_EQ(s.phase, Phase::WolfWindow);
  for (Player v : {Player{0}, Player{2}, kSpectator}) {
    Observation o = s.observation(v);
    EXPECT_EQ(o.move_from, C("c3"));
    EXPECT_EQ(o.move_dir, E);
    EXPECT_EQ(o.asked, 1);
  }
  s.apply(act::kPass);
  ASSERT_EQ(s.phase, Phase::MineWindow);
  for (Player v : {Player{0}, Player{2}, kSpectator}) EXPECT_EQ(s.observation(v).mine_cell, C("e3"));
  s.apply(play(card_type(kHero, 1)));
  ASSERT_EQ(s.phase, Phase::NoWindow);
  for (Player v : {Player{0}, Player{2}, kSpectator}) {
    Observation o = s.observation(v);
    EXPECT_EQ(o.card_played, card_type(kHero, 1));
    EXPECT_EQ(o.card_player, 1);
    EXPECT_EQ(o.no_depth, 0);
    EXPECT_EQ(o.asked, 2);
  }
}

TEST(BoomBahObservation, SpectatorSeesWhatEverySeatSeesOfTheOthers) {
  for (State s : {played(3, 21, 40), played(4, 8, 90)}) {
    ASSERT_FALSE(s.is_terminal());
    Observation seat = s.observation(0);
    seat.viewer = kSpectator;
    seat.own_hand = {};
    EXPECT_TRUE(s.observation(kSpectator) == seat);
  }
}

TEST(BoomBahObservation, GameOverShowsEveryHand) {
  State s = played(3, 21, 100000);
  ASSERT_TRUE(s.is_terminal());
  for (Player v : {Player{0}, kSpectator}) {
    Observation o = s.observation(v);
    for (Player p = 0; p < 3; ++p) EXPECT_EQ(o.revealed_hands[p], s.hand[p]) << int{p};
  }
  // Before the end, nobody's hand is among them.
  State early = played(3, 21, 10);
  for (Player p = 0; p < 3; ++p) EXPECT_EQ(early.observation(1).revealed_hands[p], CardCounts{});
  // Face-down tiles stay face down.
  for (int cell : kFieldCells)
    if (!s.revealed[cell]) {
      EXPECT_EQ(s.observation(0).tile[cell], -1);
    }
}

TEST(BoomBahBelief, BeliefsAreInEveryObservation) {
  State s = table(3);
  State passed = s;
  passed.passed_without[1] = kind_bit(kWolf);
  expect_everybody_tells_apart(s, passed, "a belief from a pass, seat ");
  State kept = s;
  kept.kept_for_points[2] = 2;
  expect_everybody_tells_apart(s, kept, "a belief from kept cards, seat ");
}

// What a seat kept at the end of one turn is replaced at the end of its next.
TEST(BoomBahBelief, KeptCountIsRenewedEachTurn) {
  State s = table(3);
  s.kept_for_points[0] = 3;
  give(s, 0, kWildWoolType);
  s.actions_left = 0;
  s.apply(act::kEndTurn);
  EXPECT_EQ(s.kept_for_points[0], 1);
  EXPECT_EQ(s.observation(2).kept_for_points[0], 1);
}

TEST(BoomBahDeterminize, DealsTheFaceDownTilesAmongTheFaceDownCells) {
  State s(Params{}, 3, 21);
  for (const char* cell : {"b2", "c3", "d4", "f6"}) s.revealed[C(cell)] = true;
  auto face_down = [](const State& t) {
    std::array<int, kNumTileKinds> kinds{};
    for (int cell : kFieldCells)
      if (!t.revealed[cell]) ++kinds[t.tile[cell]];
    return kinds;
  };
  bool moved = false;
  for (std::uint64_t k = 0; k < 20; ++k) {
    Rng rng(k, 3);
    State d = s;
    d.determinize(0, rng);
    EXPECT_EQ(face_down(d), face_down(s));
    for (int cell : kFieldCells) {
      EXPECT_EQ(d.revealed[cell], s.revealed[cell]);
      if (s.revealed[cell]) {
        EXPECT_EQ(d.tile[cell], s.tile[cell]);
      } else {
        moved |= d.tile[cell] != s.tile[cell];
      }
    }
  }
  EXPECT_TRUE(moved);
}

TEST(BoomBahDeterminize, DealsOnlyTheCardsTheViewerCannotAccountFor) {
  State s = played(3, 21, 40);
  ASSERT_FALSE(s.is_terminal());
  ASSERT_FALSE(s.discard_pile.empty());
  auto unknown_to_0 = [](const State& t) {
    CardCounts unknown{};
    for (auto card : t.draw_pile) ++unknown[card];
    for (Player p = 1; p < 3; ++p)
      for (int type = 0; type < kNumCardTypes; ++type)
        unknown[type] = static_cast<std::uint8_t>(unknown[type] + t.hand[p][type]);
    return unknown;
  };
  for (std::uint64_t k = 0; k < 20; ++k) {
    Rng rng(k, 4);
    State d = s;
    d.determinize(0, rng);
    EXPECT_EQ(unknown_to_0(d), unknown_to_0(s));
    EXPECT_EQ(d.hand[0], s.hand[0]);
    EXPECT_TRUE(d.discard_pile == s.discard_pile);
    EXPECT_EQ(d.draw_pile.size(), s.draw_pile.size());
    for (Player p = 0; p < 3; ++p) EXPECT_EQ(d.hand_count(p), s.hand_count(p));
  }
}

TEST(BoomBahDeterminize, ForASpectatorEveryHandIsDealt) {
  State s = played(3, 21, 40);
  bool own_hand_moved = false;
  for (std::uint64_t k = 0; k < 20; ++k) {
    Rng rng(k, 6);
    State d = s;
    d.determinize(kSpectator, rng);
    EXPECT_TRUE(d.observation(kSpectator) == s.observation(kSpectator));
    own_hand_moved |= d.hand[0] != s.hand[0];
  }
  EXPECT_TRUE(own_hand_moved);
}

// The discards (five Wild Wool and a Hero) become the new draw pile: seat 0
// could know its two cards, but the observation keeps only their number and
// determinize() deals them from every card seat 0 cannot see.
TEST(BoomBahDeterminize, ForgetsWhichCardsWentIntoANewDrawPile) {
  State s = table(2);
  s.draw_pile.clear();
  s.discard_pile.clear();
  add_copies(s.discard_pile, std::uint8_t{kWildWoolType}, 5);
  give(s, 0, card_type(kHero, 0));
  give(s, 1, card_type(kWolf, 1), 4);
  s.apply(discard(card_type(kHero, 0)));
  s.actions_left = 0;
  s.apply(act::kEndTurn);  // seat 0 refills: the discards are shuffled into a new draw pile
  ASSERT_TRUE(has_event(s, evReshuffle));
  ASSERT_EQ(s.draw_pile.size(), 2u);
  ASSERT_EQ(s.hand_count(0), 4);
  Observation obs = s.observation(0);
  EXPECT_EQ(obs.discards, CardCounts{});
  EXPECT_EQ(obs.draw_pile_size, 2);
  // A world where the draw pile holds two Wolves and seat 1 the two other cards looks the same.
  State other = s;
  other.hand[1] = {};
  for (auto card : s.draw_pile) ++other.hand[1][card];
  give(other, 1, card_type(kWolf, 1), 2);
  other.draw_pile.clear();
  add_copies(other.draw_pile, static_cast<std::uint8_t>(card_type(kWolf, 1)), 2);
  EXPECT_TRUE(other.observation(0) == obs);
  bool wolf_in_pile = false;
  for (std::uint64_t k = 0; k < 30; ++k) {
    Rng rng(k, 10);
    State d = s;
    d.determinize(0, rng);
    for (auto card : d.draw_pile) wolf_in_pile |= card == card_type(kWolf, 1);
  }
  EXPECT_TRUE(wolf_in_pile);
}

}  // namespace
}  // namespace bw::boom_bah
