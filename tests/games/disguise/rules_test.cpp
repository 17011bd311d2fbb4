// Sheep in Disguise: a test for every rule and clarification.
//
// Rulebook section / clarification               -> test
// ------------------------------------------------------------------------------------------------
// Setup 1-4: Instants (and Golden) held out, 5 each, Field of 3, shuffled back
//                                                  -> Setup.DealsFiveEachAndThreeToTheField, Setup.HeldOutCardsGoBack
// Setup: bad seats / parameters                    -> Setup.BadSeatsAndParameters
// Objective: 3 of a kind = flock, at once, out of turn -> Flocks.FormImmediately, Win.OutOfTurnOnAnAttackPass
// Objective: one flock per type                    -> Flocks.OnePerType
// Play: Actions, one trade, draw ends the turn, any order -> Turn.DrawEndsTheTurn, Turn.OneTradePerTurnAnyOrder
// Expose and Attack: exposed flocks discarded      -> Attack.DiscardsExposedFlocksAndSkipsTheEffect
// Attack: secondary effect for all (CLAR: no cards still receives) -> Attack.EveryonePassesLeft
// Attack: replacement draw at end of turn          -> Attack.EveryonePassesLeft
// Attack drawn during Draw 2 (issue)               -> Attack.InTheMiddleOfDraw2
// Attack dealt into the Field (CLAR)               -> Attack.DealtIntoTheField
// Attack cannot be Dug                             -> Dig.TakesAnyCardButAnInstant
// Attack during Restock; pass-right Attacks (param) -> Attack.PassRightAndDuringARestock
// Only Attacks left to draw (engine guard)         -> Attack.OnlyAttacksLeftStopsTheDraws
// How to win: targets by player count              -> Win.TargetsByPlayerCount
// How to win: none exposed                         -> Win.ExposedFlockBlocksTheWin
// Empty deck: discard becomes the deck             -> Deck.DiscardBecomesTheNewDeck, Deck.BothEmptyTheTurnStillEnds
// Golden Sheep: three win at once (option)         -> Win.GoldenSheep
// Buying: pay a pair, take a Field card, refill, unlimited, not a trade -> Buy.PayAPairTakeAFieldCard, Buy.Option
// Wild Flocks: 5 types, own turn, one at a time    -> Wild.FiveDifferentTypes, Wild.Option
// Nice Try: cancels; chains of depth 1, 2, 3       -> NiceTry.Depth1Cancels, NiceTry.Depth2Restores, NiceTry.Depth3Cancels
// Nice Try: every eligible seat asked, or none     -> NiceTry.AsksEverySeatWithCards, NiceTry.NoWindowWhenEveryNiceTryIsFaceUp
// Nice Try: not against trades, buys, pay-offs (CLAR) -> NiceTry.NoWindowForTradesBuysAndPayOffs
// Nice Try: a cancelled Expose goes to the discard -> Expose.CancelledGoesToTheDiscard
// Draw 2                                           -> Draw2.DrawsTwoAndKeepsTheTurn
// Steal                                            -> Steal.TakesACardAtRandom, Steal.EmptyHandGivesNothing
// Gimme, both modes                                -> Gimme.NamedCardHit, Gimme.NamedCardMiss, Gimme.TheirChoice
// Yoink: flock top card, rest back to hand         -> Yoink.RegularFlockBreaks
// Yoink: Expose card, own flocks too               -> Yoink.ExposeCardFromOwnFlock, Yoink.SheepFromExposedFlockDiscardsExpose
// Yoink from a Wild Flock (issue)                  -> Yoink.FromAWildFlock
// Take 2: not a trade                              -> Take2.TakesTwoRefillsAndIsNotATrade
// Restock, both modes                              -> Restock.NewHandEndsTheTurn, Restock.NewFieldKeepsTheTurn
// Yank: more flocks (CLAR: exposed count), not a type I have -> Yank.NeedsStrictlyMoreFlocks, Yank.NotATypeIAlreadyHave
// Yank an exposed flock (issue)                    -> Yank.ExposedFlockKeepsItsExpose
// Double Yank, and cancelled by one Nice Try       -> DoubleYank.AnyPlayer, DoubleYank.OneNiceTryCancelsBoth
// Dig                                              -> Dig.TakesAnyCardButAnInstant
// Expose: opponent's unexposed flock only (CLAR)   -> Expose.OnlyAnOpponentsUnexposedFlock
// Expose pay-off: own turn, any 2 cards            -> Expose.PayOffWithTwoCards
// Illegal actions rejected at the edge             -> Edge.IllegalActionThrows, Edge.BadTableParameter
#include <gtest/gtest.h>

#include <algorithm>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "test_support.hpp"

namespace bw::disguise {
namespace {
using namespace testing;

// ---------------------------------------------------------------- Setup

TEST(Setup, DealsFiveEachAndThreeToTheField) {
  for (int players = 2; players <= 6; ++players) {
    State s(Params{}, players, 40 + players);
    EXPECT_EQ(s.field.size(), 3u);
    EXPECT_EQ(s.total_cards(), 94);
    for (Player p = 0; p < players; ++p) {
      EXPECT_EQ(s.hand_size(p) + 3 * s.flock_count(p), 5);
      EXPECT_EQ(s.hand[p][kGolden], 0);
    }
    for (auto c : s.field) EXPECT_FALSE(is_attack(c));
  }
}

TEST(Setup, HeldOutCardsGoBack) {
  Params p;
  p.golden_sheep = true;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    State s(p, 4, seed);
    EXPECT_EQ(s.total_cards(), 97);
    EXPECT_EQ(count_in(s.draw_pile, kAttackLeft), 4);
    EXPECT_EQ(count_in(s.draw_pile, kGolden), 3);
    for (Player q = 0; q < 4; ++q) EXPECT_EQ(s.hand[q][kGolden], 0);
    for (auto c : s.field) EXPECT_NE(c, kGolden);
  }
}

TEST(Setup, BadSeatsAndParameters) {
  EXPECT_THROW(State(Params{}, 1, 1), BadSeats);
  EXPECT_THROW(State(Params{}, 7, 1), BadSeats);
  Params p;
  p.start_player = 5;
  EXPECT_THROW(State(p, 3, 1), BadParameter);
  Params tiny;
  tiny.sheep = {1, 1, 1, 1, 1, 1, 1, 1};
  tiny.actions = {};
  EXPECT_THROW(State(tiny, 2, 1), BadParameter);
}

// ---------------------------------------------------------------- Flocks

TEST(Flocks, FormImmediately) {
  State s = table(2, {{kViking, kViking}, {kDad}}, {kViking});
  act_on(s, act::kDrawEnd);
  EXPECT_TRUE(s.has_flock(0, kViking));
  EXPECT_EQ(s.hand[0][kViking], 0);
  EXPECT_TRUE(has_event(s, evFlock));
}

TEST(Flocks, OnePerType) {
  State s = table(2, {{kViking, kViking}, {kDad}}, {kViking});
  s.flocks[0] = 1u << kViking;
  act_on(s, act::kDrawEnd);
  EXPECT_EQ(s.hand[0][kViking], 3);
  EXPECT_EQ(s.flock_count(0), 1);
}

// ---------------------------------------------------------------- The turn

TEST(Turn, DrawEndsTheTurn) {
  State s = table(3, {{kDad}, {kS3}, {kS4}}, {kViking});
  act_on(s, act::kDrawEnd);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(s.phase, Phase::Main);
}

TEST(Turn, OneTradePerTurnAnyOrder) {
  State s = table(2, {{kDad, kDraw2}, {}}, {kS5, kS4}, {kViking, kS3, kS6});
  act_on(s, act::kTrade);
  act_on(s, field_card(kViking));
  act_on(s, hand_card(kDad));
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_TRUE(std::find(s.field.begin(), s.field.end(), kDad) != s.field.end());
  EXPECT_FALSE(legal(s, act::kTrade));       // once per turn
  EXPECT_TRUE(legal(s, play(act::pDraw2)));  // actions still allowed after the trade
  act_on(s, play(act::pDraw2));
  EXPECT_EQ(s.hand_size(0), 3);
  EXPECT_EQ(s.active, 0);
  act_on(s, act::kDrawEnd);  // the pile is empty: the discards are reshuffled
  EXPECT_EQ(s.active, 1);
}

// ---------------------------------------------------------------- Attacks

TEST(Attack, EveryonePassesLeft) {
  State s = table(3, {{kViking}, {kDad}, {}}, {kS3, kAttackLeft});
  act_on(s, act::kDrawEnd);
  ASSERT_EQ(s.phase, Phase::AttackPass);
  EXPECT_EQ(s.current_player(), 0);
  act_on(s, hand_card(kViking));
  EXPECT_EQ(s.current_player(), 1);
  act_on(s, hand_card(kDad));
  EXPECT_EQ(s.hand[1][kViking], 1);
  EXPECT_EQ(s.hand[2][kDad], 1);  // seat 2 had nothing to pass, but still receives
  EXPECT_EQ(s.hand[0][kS3], 1);   // the replacement draw
  EXPECT_EQ(count_in(s.discard, kAttackLeft), 1);
  EXPECT_EQ(s.active, 1);
}

TEST(Attack, DiscardsExposedFlocksAndSkipsTheEffect) {
  State s = table(3, {{kS8}, {kS4}, {kS5}}, {kS3, kAttackLeft});
  s.flocks[1] = 1u << kViking;
  s.exposed[1] = 1u << kViking;
  s.flocks[2] = 1u << kDad;
  act_on(s, act::kDrawEnd);
  EXPECT_FALSE(s.has_flock(1, kViking));
  EXPECT_TRUE(s.has_flock(2, kDad));
  EXPECT_EQ(count_in(s.discard, kViking), 3);
  EXPECT_EQ(count_in(s.discard, kExpose), 1);
  EXPECT_EQ(s.hand[0][kS8], 1);  // no passing
  EXPECT_EQ(s.hand[0][kS3], 1);
  EXPECT_EQ(s.active, 1);
}

TEST(Attack, InTheMiddleOfDraw2) {
  State s = table(2, {{kDraw2}, {}}, {kS4, kS3, kAttackLeft, kViking});
  act_on(s, play(act::pDraw2));
  ASSERT_EQ(s.phase, Phase::AttackPass);  // after the first card
  act_on(s, hand_card(kViking));
  EXPECT_EQ(s.hand[1][kViking], 1);
  EXPECT_EQ(s.hand[0][kS3], 1);  // the Attack did not count as one of the two
  EXPECT_EQ(s.hand_size(0), 1);
  EXPECT_EQ(s.draw_pile.size(), 1u);
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.active, 0);
}

TEST(Attack, DealtIntoTheField) {
  State s = table(2, {{kTake2}, {}}, {kS5, kS4, kAttackLeft}, {kViking, kDad, kS3});
  act_on(s, play(act::pTake2));
  act_on(s, field_card(kViking));
  act_on(s, field_card(kDad));
  ASSERT_EQ(s.phase, Phase::AttackPass);
  act_on(s, hand_card(kViking));
  EXPECT_EQ(s.hand[1][kViking], 1);
  EXPECT_EQ(s.field.size(), 3u);
  for (auto c : s.field) EXPECT_FALSE(is_attack(c));
  EXPECT_EQ(count_in(s.discard, kAttackLeft), 1);
}

TEST(Attack, PassRightAndDuringARestock) {
  Params p = params_with();
  p.attacks = {0, 4};
  // Restock: the whole hand goes, five are drawn; an Attack third in line pauses it.
  State s = table(3, {{kRestock, kS8}, {kDad}, {kS3}}, {kS7, kS6, kS5, kAttackRight, kS4, kViking}, {}, p);
  for (int i = 0; i < 6; ++i) s.discard.push_back(kNiceTry);  // no Nice Try window
  act_on(s, play(act::pRestockHand));
  ASSERT_EQ(s.phase, Phase::AttackPass);
  EXPECT_EQ(s.hand_size(0), 2);  // Viking, Sheep 4 so far
  act_on(s, hand_card(kViking));
  act_on(s, hand_card(kDad));
  act_on(s, hand_card(kS3));
  EXPECT_EQ(s.hand[2][kViking], 1);  // to the right of seat 0 is seat 2
  EXPECT_EQ(s.hand[0][kDad], 1);
  EXPECT_EQ(s.hand[1][kS3], 1);
  EXPECT_EQ(s.hand_size(0), 5);  // Sheep 4, Dad, then Sheep 5, 6, 7: five drawn, the Attack replaced
  EXPECT_TRUE(s.draw_pile.empty());
  EXPECT_EQ(s.active, 1);  // the new hand ended the turn
}

TEST(Attack, OnlyAttacksLeftStopsTheDraws) {
  State s = table(2, {{}, {}}, {kAttackLeft});
  s.flocks[1] = 1u << kViking;
  act_on(s, act::kDrawEnd);  // nobody can pass; afterwards only the Attack itself could be drawn
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(s.hand_size(0), 0);
  EXPECT_EQ(count_in(s.discard, kAttackLeft), 1);
}

// ---------------------------------------------------------------- Winning

TEST(Win, TargetsByPlayerCount) {
  const int expected[] = {0, 0, 5, 5, 4, 3, 3};
  for (int players = 2; players <= 6; ++players)
    EXPECT_EQ(State(Params{}, players, 3).target_flocks(), expected[players]);
}

TEST(Win, ExposedFlockBlocksTheWin) {
  State s = table(3, {{kS6, kS7}, {kS8}, {kS8}}, {kS8});
  s.flocks[0] = 0b11111;  // five flocks; five win with 3 players
  s.exposed[0] = 1u << kViking;
  s.apply(act::kDrawEnd);
  EXPECT_FALSE(s.is_terminal());
  s.active = 0;
  s.phase = Phase::Main;
  act_on(s, static_cast<Action>(act::kPayOff + kViking));
  act_on(s, hand_card(kS6));
  EXPECT_FALSE(s.is_terminal());
  act_on(s, hand_card(kS7));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winners()[0], 0);
}

TEST(Win, OutOfTurnOnAnAttackPass) {
  State s = table(3, {{kViking}, {kViking, kViking, kS8}, {}}, {kS3, kAttackLeft});
  s.flocks[1] = 0b11110;  // four flocks; five win with 3 players
  act_on(s, act::kDrawEnd);
  act_on(s, hand_card(kViking));
  act_on(s, hand_card(kS8));
  ASSERT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 1);
  EXPECT_EQ(s.scores()[1], 1);
  EXPECT_EQ(s.scores()[0], 0);
}

TEST(Win, GoldenSheep) {
  Params p = params_with();
  p.golden_sheep = true;
  State s = table(2, {{kGolden, kGolden, kViking}, {}}, {kS3}, {kGolden, kDad, kS4}, p);
  act_on(s, act::kTrade);
  act_on(s, field_card(kGolden));
  act_on(s, hand_card(kViking));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_TRUE(has_event(s, evGoldenWin));
  EXPECT_EQ(s.winners()[0], 0);
  // Without the option the Golden Sheep are not in the deck and win nothing.
  State off = table(2, {{kGolden, kGolden, kViking}, {}}, {kS3}, {kGolden, kDad, kS4});
  off.apply(act::kTrade);
  off.apply(field_card(kGolden));
  off.apply(hand_card(kViking));
  EXPECT_FALSE(off.is_terminal());
}

// ---------------------------------------------------------------- The deck

TEST(Deck, DiscardBecomesTheNewDeck) {
  State s = table(2, {{kS5}, {kS6}});
  s.discard.push_back(kViking);
  s.discard.push_back(kDad);
  act_on(s, act::kDrawEnd);
  EXPECT_EQ(s.hand[0][kViking] + s.hand[0][kDad], 1);
  EXPECT_EQ(s.draw_pile.size(), 1u);
  EXPECT_TRUE(s.discard.empty());
  EXPECT_TRUE(has_event(s, evReshuffle));
}

TEST(Deck, BothEmptyTheTurnStillEnds) {
  State s = table(2, {{kS5}, {kS6}});
  act_on(s, act::kDrawEnd);
  EXPECT_EQ(s.hand_size(0), 1);
  EXPECT_EQ(s.active, 1);
}

// ---------------------------------------------------------------- Buying and Wild Flocks

TEST(Buy, PayAPairTakeAFieldCard) {
  State s = table(2, {{kS4, kS4, kS5, kS5}, {kS8}}, {kS6, kS7}, {kViking, kDad, kS3});
  act_on(s, act::kBuy);
  EXPECT_EQ(s.phase, Phase::BuyPay);
  act_on(s, hand_card(kS4));
  act_on(s, field_card(kViking));
  EXPECT_EQ(s.phase, Phase::Main);  // no Nice Try window
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(count_in(s.discard, kS4), 2);
  EXPECT_EQ(s.field.size(), 3u);
  EXPECT_EQ(s.field.back(), kS7);
  act_on(s, act::kBuy);  // as often as affordable
  act_on(s, hand_card(kS5));
  act_on(s, field_card(kDad));
  EXPECT_FALSE(legal(s, act::kBuy));   // no pair left
  EXPECT_TRUE(legal(s, act::kTrade));  // buying is not the turn's trade
}

TEST(Buy, Option) {
  Params p = params_with();
  p.buying = false;
  State s = table(2, {{kS4, kS4}, {}}, {}, {kViking}, p);
  EXPECT_FALSE(legal(s, act::kBuy));
}

TEST(Wild, FiveDifferentTypes) {
  State s = table(2, {{kViking, kDad, kS3, kS4, kS5, kS6}, {kS8}});
  act_on(s, act::kWild);
  for (int t : {kViking, kDad, kS3, kS4}) act_on(s, sheep(t));
  EXPECT_FALSE(legal(s, sheep(kViking)));  // all different
  act_on(s, sheep(kS6));
  EXPECT_EQ(s.wild[0], (1u << kViking) | (1u << kDad) | (1u << kS3) | (1u << kS4) | (1u << kS6));
  EXPECT_EQ(s.flock_count(0), 1);
  EXPECT_EQ(s.hand_size(0), 1);
  s.hand[0] = {};
  for (int t : {kViking, kDad, kS3, kS4, kS5}) s.hand[0][t] = 1;
  EXPECT_FALSE(legal(s, act::kWild));  // one Wild Flock at a time
}

TEST(Wild, Option) {
  Params p = params_with();
  p.wild_flocks = false;
  State s = table(2, {{kViking, kDad, kS3, kS4, kS5}, {}}, {}, {}, p);
  EXPECT_FALSE(legal(s, act::kWild));
}

// ---------------------------------------------------------------- Nice Try

TEST(NiceTry, Depth1Cancels) {
  State s = table(3, {{kSteal}, {kNiceTry, kViking}, {kDad}});
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  ASSERT_EQ(s.phase, Phase::NiceTry);
  EXPECT_EQ(s.current_player(), 1);
  act_on(s, act::kNiceTry);
  EXPECT_EQ(s.current_player(), 2);
  act_on(s, act::kPass);
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.hand[1][kViking], 1);
  EXPECT_EQ(s.hand_size(0), 0);
  EXPECT_EQ(count_in(s.discard, kSteal), 1);
  EXPECT_EQ(count_in(s.discard, kNiceTry), 1);
}

TEST(NiceTry, Depth2Restores) {
  State s = table(3, {{kSteal, kNiceTry}, {kNiceTry, kViking}, {kDad}});
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  act_on(s, act::kNiceTry);          // seat 1
  act_on(s, act::kPass);             // seat 2
  EXPECT_EQ(s.current_player(), 0);  // the original player may answer
  act_on(s, act::kNiceTry);          // seat 0
  act_on(s, act::kPass);             // seat 1
  act_on(s, act::kPass);             // seat 2
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(s.hand_size(1), 0);
}

TEST(NiceTry, Depth3Cancels) {
  State s = table(3, {{kSteal, kNiceTry}, {kNiceTry, kNiceTry, kViking}, {kDad}});
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  act_on(s, act::kNiceTry);  // seat 1
  act_on(s, act::kPass);     // seat 2
  act_on(s, act::kNiceTry);  // seat 0
  EXPECT_EQ(s.current_player(), 1);
  act_on(s, act::kNiceTry);  // seat 1 again
  act_on(s, act::kPass);     // seat 2; seat 0 has no cards left and is not asked
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.hand[1][kViking], 1);
  EXPECT_EQ(s.nice_depth, 3);
  EXPECT_TRUE(has_event(s, evCancelled));
}

TEST(NiceTry, AsksEverySeatWithCards) {
  State s = table(4, {{kSteal}, {kViking}, {kDad}, {}});
  act_on(s, play(act::pSteal));
  act_on(s, target(2));
  EXPECT_EQ(s.phase, Phase::NiceTry);
  EXPECT_EQ(s.current_player(), 1);  // asked although it holds no Nice Try
  EXPECT_FALSE(legal(s, act::kNiceTry));
  act_on(s, act::kPass);
  EXPECT_EQ(s.current_player(), 2);
  act_on(s, act::kPass);  // seat 3 holds nothing and is skipped
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.hand[0][kDad], 1);
}

TEST(NiceTry, NoWindowWhenEveryNiceTryIsFaceUp) {
  State s = table(3, {{kDraw2}, {kViking}, {kDad}}, {kS3, kS4});
  for (int i = 0; i < 5; ++i) s.discard.push_back(kNiceTry);
  s.field.push_back(kNiceTry);
  act_on(s, play(act::pDraw2));
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.hand_size(0), 2);
}

TEST(NiceTry, NoWindowForTradesBuysAndPayOffs) {
  State s = table(2, {{kS4, kS4, kS5, kS6, kS7}, {kNiceTry}}, {kS8, kS8}, {kViking, kDad, kS3});
  s.flocks[0] = 1u << kS8;
  s.exposed[0] = 1u << kS8;
  act_on(s, act::kTrade);
  act_on(s, field_card(kViking));
  act_on(s, hand_card(kS7));
  EXPECT_EQ(s.phase, Phase::Main);
  act_on(s, act::kBuy);
  act_on(s, hand_card(kS4));
  act_on(s, field_card(kDad));
  EXPECT_EQ(s.phase, Phase::Main);
  act_on(s, static_cast<Action>(act::kPayOff + kS8));
  act_on(s, hand_card(kS5));
  act_on(s, hand_card(kS6));
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.exposed[0], 0);
  EXPECT_EQ(s.hand[1][kNiceTry], 1);
}

// ---------------------------------------------------------------- The Action cards

TEST(Draw2, DrawsTwoAndKeepsTheTurn) {
  State s = table(2, {{kDraw2}, {}}, {kS5, kS4, kS3});
  act_on(s, play(act::pDraw2));
  EXPECT_EQ(s.hand[0][kS3] + s.hand[0][kS4], 2);
  EXPECT_EQ(s.active, 0);
  EXPECT_EQ(count_in(s.discard, kDraw2), 1);
}

TEST(Steal, TakesACardAtRandom) {
  std::array<int, kNumHoldable> seen{};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    State s = table(2, {{kSteal}, {kViking, kDad}});
    s.rng = Rng(seed, 9);
    act_on(s, play(act::pSteal));
    act_on(s, target(1));
    pass_window(s);
    EXPECT_EQ(s.hand_size(0), 1);
    EXPECT_EQ(s.hand_size(1), 1);
    for (int k = 0; k < kNumHoldable; ++k) seen[k] += s.hand[0][k];
    // The thief and the victim know the card; nobody else would.
    for (int k = 0; k < kNumHoldable; ++k) EXPECT_EQ(s.known[1][0][k], s.hand[0][k]);
  }
  EXPECT_GT(seen[kViking], 60);
  EXPECT_GT(seen[kDad], 60);
}

TEST(Steal, EmptyHandGivesNothing) {
  State s = table(2, {{kSteal}, {}});
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_TRUE(has_event(s, evStealNothing));
}

TEST(Gimme, NamedCardHit) {
  State s = table(2, {{kGimme}, {kViking, kDad}});
  act_on(s, play(act::pGimme));
  act_on(s, target(1));
  act_on(s, act::kGimmeAsk + kViking);
  pass_window(s);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(s.hand[1][kViking], 0);
}

TEST(Gimme, NamedCardMiss) {
  State s = table(2, {{kGimme}, {kViking, kDad}});
  act_on(s, play(act::pGimme));
  act_on(s, target(1));
  act_on(s, act::kGimmeAsk + kS8);
  pass_window(s);
  EXPECT_EQ(s.hand_size(0), 0);
  EXPECT_EQ(s.hand_size(1), 2);
  EXPECT_EQ(count_in(s.discard, kGimme), 1);
}

TEST(Gimme, TheirChoice) {
  State s = table(3, {{kGimme}, {kViking, kDad}, {kS3}});
  act_on(s, play(act::pGimme));
  act_on(s, target(1));
  act_on(s, act::kGimmeAny);
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::GimmeGive);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_FALSE(legal(s, hand_card(kS3)));
  act_on(s, hand_card(kDad));
  EXPECT_EQ(s.hand[0][kDad], 1);
  EXPECT_EQ(s.active, 0);
}

TEST(Yoink, RegularFlockBreaks) {
  State s = table(2, {{kYoink}, {kS8}});
  s.flocks[1] = 1u << kViking;
  act_on(s, play(act::pYoink));
  act_on(s, flock(1, kViking));
  pass_window(s);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(s.hand[1][kViking], 2);
  EXPECT_FALSE(s.has_flock(1, kViking));
  EXPECT_EQ(s.known[0][1][kViking], 2);  // seen going back to the hand
}

TEST(Yoink, ExposeCardFromOwnFlock) {
  State s = table(2, {{kYoink}, {}});
  s.flocks[0] = 1u << kViking;
  s.exposed[0] = 1u << kViking;
  act_on(s, play(act::pYoink));
  act_on(s, flock(0, kViking));
  ASSERT_EQ(s.phase, Phase::YoinkPick);
  act_on(s, act::kYoinkExpose);
  EXPECT_TRUE(s.has_flock(0, kViking));
  EXPECT_FALSE(s.is_exposed(0, kViking));
  EXPECT_EQ(s.hand[0][kExpose], 1);
}

TEST(Yoink, SheepFromExposedFlockDiscardsExpose) {
  State s = table(2, {{kYoink}, {}});
  s.flocks[1] = 1u << kDad;
  s.exposed[1] = 1u << kDad;
  act_on(s, play(act::pYoink));
  act_on(s, flock(1, kDad));
  act_on(s, sheep(kDad));
  EXPECT_EQ(s.hand[0][kDad], 1);
  EXPECT_EQ(s.hand[1][kDad], 2);
  EXPECT_EQ(s.exposed[1], 0);
  EXPECT_EQ(count_in(s.discard, kExpose), 1);
}

TEST(Yoink, FromAWildFlock) {
  State s = table(2, {{kYoink}, {kS8}});
  s.wild[1] = (1u << kViking) | (1u << kDad) | (1u << kS3) | (1u << kS4) | (1u << kS5);
  act_on(s, play(act::pYoink));
  act_on(s, flock(1, kWildSlot));
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::YoinkPick);
  EXPECT_FALSE(legal(s, sheep(kS6)));
  EXPECT_FALSE(legal(s, act::kYoinkExpose));
  act_on(s, sheep(kDad));
  EXPECT_EQ(s.hand[0][kDad], 1);
  EXPECT_EQ(s.wild[1], 0);
  for (int t : {kViking, kS3, kS4, kS5}) EXPECT_EQ(s.hand[1][t], 1);
}

TEST(Take2, TakesTwoRefillsAndIsNotATrade) {
  State s = table(2, {{kTake2}, {}}, {kS5, kS4}, {kViking, kDad, kS3});
  act_on(s, play(act::pTake2));
  act_on(s, field_card(kViking));
  EXPECT_FALSE(legal(s, field_card(kViking)));
  act_on(s, field_card(kS3));
  EXPECT_EQ(s.hand_size(0), 2);
  EXPECT_EQ(s.field.size(), 3u);
  EXPECT_FALSE(s.traded);
  EXPECT_TRUE(legal(s, act::kTrade));
}

TEST(Restock, NewHandEndsTheTurn) {
  State s = table(2, {{kRestock, kViking, kDad}, {}}, {kS8, kS7, kS6, kS5, kS4, kS3});
  s.known[1][0][kViking] = 1;  // seen taken in public earlier
  s.public_known[0][kViking] = 1;
  act_on(s, play(act::pRestockHand));
  EXPECT_EQ(s.observation(1).known_in_hand[0], CardCounts{});  // the old hand's proofs went with it
  EXPECT_EQ(s.observation(kSpectator).known_in_hand[0], CardCounts{});
  EXPECT_EQ(s.hand_size(0), 5);
  EXPECT_EQ(s.hand[0][kViking], 0);
  EXPECT_EQ(count_in(s.discard, kViking) + count_in(s.discard, kDad) + count_in(s.discard, kRestock), 3);
  EXPECT_EQ(s.draw_pile.size(), 1u);  // no extra draw
  EXPECT_EQ(s.active, 1);
}

TEST(Restock, NewFieldKeepsTheTurn) {
  State s = table(2, {{kRestock}, {}}, {kS6, kS5, kS4}, {kViking, kDad, kS3});
  act_on(s, play(act::pRestockField));
  EXPECT_EQ(s.field.size(), 3u);
  EXPECT_EQ(count_in(s.discard, kViking), 1);
  for (auto c : s.field) EXPECT_TRUE(c == kS4 || c == kS5 || c == kS6);
  EXPECT_EQ(s.active, 0);
  EXPECT_EQ(s.phase, Phase::Main);
}

TEST(Yank, NeedsStrictlyMoreFlocks) {
  // Three flocks, one of them exposed, still count as three.
  State s = table(2, {{kYank}, {}});
  s.flocks[0] = 0b111;
  s.exposed[0] = 0b001;
  s.flocks[1] = 0b111000;
  EXPECT_FALSE(legal(s, play(act::pYank)));
  s.flocks[1] = 0b1111000;
  act_on(s, play(act::pYank));
  act_on(s, flock(1, kS4));
  EXPECT_TRUE(s.has_flock(0, kS4));
  EXPECT_FALSE(s.has_flock(1, kS4));
}

TEST(Yank, NotATypeIAlreadyHave) {
  State s = table(2, {{kYank}, {}});
  s.flocks[0] = 1u << kViking;
  s.flocks[1] = (1u << kViking) | (1u << kDad);
  act_on(s, play(act::pYank));
  EXPECT_FALSE(legal(s, flock(1, kViking)));
  EXPECT_TRUE(legal(s, flock(1, kDad)));
}

TEST(Yank, ExposedFlockKeepsItsExpose) {
  State s = table(2, {{kYank}, {}});
  s.flocks[1] = (1u << kViking) | (1u << kDad);
  s.exposed[1] = 1u << kDad;
  act_on(s, play(act::pYank));
  act_on(s, flock(1, kDad));
  EXPECT_TRUE(s.is_exposed(0, kDad));
  EXPECT_EQ(s.exposed[1], 0);
}

TEST(DoubleYank, AnyPlayer) {
  State s = table(2, {{kYank, kYank}, {}});
  s.flocks[0] = 0b11;
  s.flocks[1] = 1u << kS5;
  EXPECT_FALSE(legal(s, play(act::pYank)));
  act_on(s, play(act::pDoubleYank));
  act_on(s, flock(1, kS5));
  EXPECT_TRUE(s.has_flock(0, kS5));
  EXPECT_EQ(count_in(s.discard, kYank), 2);
}

TEST(DoubleYank, OneNiceTryCancelsBoth) {
  State s = table(2, {{kYank, kYank}, {kNiceTry}});
  s.flocks[1] = 1u << kS5;
  act_on(s, play(act::pDoubleYank));
  act_on(s, flock(1, kS5));
  act_on(s, act::kNiceTry);
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_TRUE(s.has_flock(1, kS5));
  EXPECT_EQ(count_in(s.discard, kYank), 2);
  EXPECT_EQ(count_in(s.discard, kNiceTry), 1);
}

TEST(Dig, TakesAnyCardButAnInstant) {
  State s = table(2, {{kDig}, {}});
  EXPECT_FALSE(legal(s, play(act::pDig)));  // nothing to dig
  s.discard.push_back(kAttackLeft);
  EXPECT_FALSE(legal(s, play(act::pDig)));
  s.discard.push_back(kViking);
  act_on(s, play(act::pDig));
  ASSERT_EQ(s.phase, Phase::DigPick);
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 1u);
  act_on(s, act::kDig + kViking);
  EXPECT_EQ(s.hand[0][kViking], 1);
  EXPECT_EQ(count_in(s.discard, kDig), 1);
  EXPECT_EQ(count_in(s.discard, kAttackLeft), 1);
}

TEST(Expose, OnlyAnOpponentsUnexposedFlock) {
  State s = table(2, {{kExpose}, {}});
  s.flocks[0] = 1u << kS3;
  s.flocks[1] = (1u << kViking) | (1u << kDad);
  s.exposed[1] = 1u << kViking;
  act_on(s, play(act::pExpose));
  EXPECT_FALSE(legal(s, flock(1, kViking)));  // already exposed
  EXPECT_FALSE(legal(s, flock(0, kS3)));      // my own
  act_on(s, flock(1, kDad));
  EXPECT_TRUE(s.is_exposed(1, kDad));
  EXPECT_EQ(count_in(s.discard, kExpose), 0);  // it lies on the flock
}

TEST(Expose, CancelledGoesToTheDiscard) {
  State s = table(2, {{kExpose}, {kNiceTry}});
  s.flocks[1] = 1u << kDad;
  act_on(s, play(act::pExpose));
  act_on(s, flock(1, kDad));
  act_on(s, act::kNiceTry);
  EXPECT_FALSE(s.is_exposed(1, kDad));
  EXPECT_EQ(count_in(s.discard, kExpose), 1);
}

TEST(Expose, PayOffWithTwoCards) {
  State s = table(2, {{kS3}, {kS4, kS5}});
  s.flocks[0] = 1u << kViking;
  s.exposed[0] = 1u << kViking;
  s.flocks[1] = 1u << kDad;
  s.exposed[1] = 1u << kDad;
  EXPECT_FALSE(legal(s, act::kPayOff + kViking));  // one card is not enough
  EXPECT_FALSE(legal(s, act::kPayOff + kDad));     // not on another's flock, nor on their behalf
  s.hand[0][kNiceTry] = 1;
  act_on(s, act::kPayOff + kViking);
  act_on(s, hand_card(kS3));
  act_on(s, hand_card(kNiceTry));
  EXPECT_FALSE(s.is_exposed(0, kViking));
  EXPECT_EQ(count_in(s.discard, kExpose), 1);
  EXPECT_EQ(s.hand_size(0), 0);
}

// ---------------------------------------------------------------- The edge

TEST(Edge, IllegalActionThrows) {
  const GameInfo& info = registry().find("disguise");
  auto state = info.new_state(info, validate_params(info.params, {}), 3, 5);
  EXPECT_THROW(state->apply(static_cast<Action>(act::kPass)), IllegalAction);
  EXPECT_THROW(state->apply(static_cast<Action>(act::kCount)), IllegalAction);
}

TEST(Edge, BadTableParameter) {
  const GameInfo& info = registry().find("disguise");
  EXPECT_THROW(validate_params(info.params, {{"sheep", "unicorn:3"}}), BadParameter);
  EXPECT_THROW(validate_params(info.params, {{"actions", "nice_try:many"}}), BadParameter);
  ParamMap ok = validate_params(info.params, {{"actions", "nice_try:2"}});
  EXPECT_EQ(State::Params::from(ok).actions[0], 2);
  EXPECT_EQ(State::Params::from(ok).actions[1], 4);  // unlisted cards keep their default
}

}  // namespace
}  // namespace bw::disguise
