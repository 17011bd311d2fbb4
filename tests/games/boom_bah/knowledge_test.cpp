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

}  // namespace
}  // namespace bw::boom_bah
