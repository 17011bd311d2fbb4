// Sheep Hustle: a test for every rule and clarification.
//
// Rulebook section / clarification                     -> test
// ------------------------------------------------------------------------------------------------
// Preparation: lifesavers by player count (CLAR 3b)     -> Setup.LifesaversByPlayerCount, Setup.LifesaverParameter
// Preparation: cards 0-9, sheep on square 0, pads face up -> Setup.EverybodyStartsEqual
// Preparation: starting player holds imp and cherub     -> Setup.StartPlayerHoldsBothCards
// Preparation: the dyke, water sides A-D (CLAR 3b)      -> Setup.DefaultWaterLayouts, Setup.StartingSidesParameter
// Bad setup                                             -> Setup.BadSeats, Setup.BadParameters
// 1. Scope of move: 1-3 cards, places, leading zeros    -> Bid.DigitsMakeANumber, Bid.EachCardOnce,
//                                                          Bid.AtLeastOneCard, Bid.ThreeCardsCompleteTheBid
// 1. Simultaneous, taken in turn, hidden (CLAR 3c.1)    -> Bid.InTurnFromTheStartingPlayer, Bid.HiddenUntilRevealed
// 2a. Reveal in clockwise order                         -> Bid.HiddenUntilRevealed, Compare.FirstKeepsBoth
// 2c. Move: tens right, ones up with the wrap           -> Move.WorkedExample85, Move.WorkedExampleWithTheWrap
// 2c. Crossing sheep and water is free                  -> Move.CrossingIsFree
// I.  Shoves: one square forward, chained               -> Shove.Chain, Shove.ForwardEvenWhenArrivingBackward
// I+II. Chain shoves onto water                         -> Shove.ChainOntoWaterCostsALifesaver,
//                                                          Shove.ChainOntoWaterWithoutLifesaverEliminates
// II. Water landing: lifesaver or elimination           -> Water.LandingCostsALifesaver, Water.NoLifesaverEliminates
// II. Several landings in one round                     -> Water.SeveralLandingsInOneRound
// III. Relaying the rear board (active picks the side)  -> Relay.LastSheepLeavesTheRearBoard, Relay.TwiceInOneRound,
//                                                          Relay.RotationParameter, Relay.EmptiedByAnElimination
// IV. Leaving the dyke                                  -> OffTheEnd.MovingOffEliminates, OffTheEnd.ShovedOffEliminates
// Pads: Run Back after the move, values summed          -> Pads.RunBackAfterTheMove
// Pads: not off the left edge of the first board        -> Pads.RunBackOffTheFirstBoardIsIllegal
// Pads: no rescue after falling off moving forward      -> Pads.CannotSaveASheepThatFellOff
// Pads: Change Scope, new value moves and compares      -> Pads.ChangeScopeMovesAndCompares, Pads.ChangeScopeRange
// 2d. Imp / cherub comparison, ties against the later   -> Compare.FirstKeepsBoth, Compare.TiesGoAgainstTheLater,
//                                                          Compare.ScopeNotDistance
// V.  Elimination: cards, pads out; imp/cherub reassigned -> Eliminate.CardsAndPadsLeave, Eliminate.ImpReassigned,
//                                                          Eliminate.CherubReassignedEarliestOnTies,
//                                                          Eliminate.NobodyComparedYetNextTakesBoth
// 3.  Imp loses a lifesaver or the game                 -> Round.ImpLosesALifesaver, Round.ImpWithoutLifesaverIsOut
// 3.  Cherub takes a pad of their choice                -> Round.CherubTakesAPad, Round.NoPadsLeft
// 4.  Discards back below 4 cards; cherub starts        -> Round.DiscardsComeBackBelowFour, Round.CherubStartsNextRound
// Start square stacking (CLAR 3c.8)                     -> Start.StackAndScopeZero, Start.RunBackOntoTheStack
// End: two left, the one behind wins                    -> End.TwoLeftTheOneBehindWins
// End: fewer than two, who stayed longest (CLAR 3c.12)  -> End.OneLeftWins, End.NoneLeftJointOrBehind
// End: checked only at the end of a round               -> End.OnlyAtTheEndOfARound
// Illegal actions rejected at the edge                  -> Edge.IllegalActionThrows, Edge.EveryActionHasItsOwnText
#include <gtest/gtest.h>

#include <set>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "test_support.hpp"

namespace bw::hustle {
namespace {
using namespace testing;

// ---------------------------------------------------------------- Setup

TEST(Setup, LifesaversByPlayerCount) {
  const int expected[] = {0, 0, 0, 4, 3, 2, 2, 1, 1};
  for (int players = 3; players <= 8; ++players) {
    State s(Params{}, players, 3);
    for (Player p = 0; p < players; ++p) EXPECT_EQ(s.lifesavers[p], expected[players]) << players;
  }
}

TEST(Setup, LifesaverParameter) {
  Params params;
  params.lifesavers = 7;
  State s(params, 8, 3);
  for (Player p = 0; p < 8; ++p) EXPECT_EQ(s.lifesavers[p], 7);
}

TEST(Setup, EverybodyStartsEqual) {
  State s(Params{}, 5, 9);
  for (Player p = 0; p < 5; ++p) {
    EXPECT_EQ(s.position[p], 0);
    EXPECT_TRUE(s.at_start[p]);
    EXPECT_EQ(s.hand[p], kAllCards);
    EXPECT_EQ(s.discard[p], 0);
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(s.pad_where[i], kPadSupply);
  EXPECT_EQ(s.phase, Phase::Bid);
}

TEST(Setup, StartPlayerHoldsBothCards) {
  Params params;
  params.start_player = 3;
  State s(params, 4, 1);
  EXPECT_EQ(s.start_player, 2);
  EXPECT_EQ(s.imp, 2);
  EXPECT_EQ(s.cherub, 2);
  EXPECT_EQ(s.current_player(), 2);
  std::array<int, 4> seen{};
  for (std::uint64_t seed = 0; seed < 400; ++seed) ++seen[State(Params{}, 4, seed).start_player];
  for (int n : seen) EXPECT_GT(n, 60);  // random by default
}

TEST(Setup, DefaultWaterLayouts) {
  Params p;
  const int a[] = {6, 7, 26, 41, 44, 50, 60, 69, 74, 75, 77, 81, 87, 89, 97};
  const int d[] = {1, 5, 18, 24, 25, 57, 61, 64, 70, 73, 74, 84, 86, 93, 97};
  for (int side = 0; side < 4; ++side) {
    int n = 0;
    for (int sq = 0; sq < 100; ++sq) n += p.water[side].has(sq);
    EXPECT_EQ(n, 15);
    EXPECT_FALSE(p.water[side].has(0));
  }
  for (int sq : a) EXPECT_TRUE(p.water[0].has(sq));
  for (int sq : d) EXPECT_TRUE(p.water[3].has(sq));
  State s(p, 3, 1);
  EXPECT_TRUE(s.is_water(6));        // side A, first board
  EXPECT_TRUE(s.is_water(100 + 2));  // side C, second board
  EXPECT_FALSE(s.is_water(100 + 6));
  EXPECT_EQ(p.num_pads, 16);
}

TEST(Setup, StartingSidesParameter) {
  ParamMap map = validate_params(State::param_specs(), {{"first_board_side", "b"}, {"second_board_side", "d"}});
  State s(Params::from(map), 3, 1);
  EXPECT_EQ(s.side[0], 1);
  EXPECT_EQ(s.side[1], 3);
  EXPECT_TRUE(s.is_water(15));        // side B
  EXPECT_TRUE(s.is_water(100 + 18));  // side D
}

TEST(Setup, BadSeats) {
  EXPECT_THROW(State(Params{}, 2, 1), BadSeats);
  EXPECT_THROW(State(Params{}, 9, 1), BadSeats);
  Params params;
  params.start_player = 5;
  EXPECT_THROW(State(params, 4, 1), BadParameter);
}

TEST(Setup, BadParameters) {
  auto specs = State::param_specs();
  EXPECT_THROW(validate_params(specs, {{"lifesavers", "13"}}), BadParameter);
  EXPECT_THROW(validate_params(specs, {{"water", "a: 1 2, b: 3, c: 4"}}), BadParameter);      // d missing
  EXPECT_THROW(validate_params(specs, {{"water", "a: 0, b: 3, c: 4, d: 5"}}), BadParameter);  // start square
  EXPECT_THROW(validate_params(specs, {{"water", "a: 1 x, b: 3, c: 4, d: 5"}}), BadParameter);
  EXPECT_THROW(validate_params(specs, {{"clover_pads", "jump:3"}}), BadParameter);
  EXPECT_THROW(validate_params(specs, {{"clover_pads", "change:21"}}), BadParameter);
  EXPECT_THROW(validate_params(specs, {{"first_board_side", "c"}}), BadParameter);
  ParamMap ok = validate_params(specs, {{"clover_pads", "run:50, change:2"}, {"water", "a: 1, b: 2, c: 3, d: 99"}});
  Params p = Params::from(ok);
  EXPECT_EQ(p.num_pads, 2);
  EXPECT_EQ(p.pads[0], (Pad{PadKind::RunBack, 50}));
  EXPECT_TRUE(p.water[3].has(99));
  EXPECT_EQ(Params::from(validate_params(specs, {})), Params{});
}

// ---------------------------------------------------------------- 1. Scope of move

TEST(Bid, DigitsMakeANumber) {
  State s = table(4, {0, 0, 0, 0});
  bids(s, {"085", "109", "43", "7"});
  EXPECT_EQ(s.bid_value(0), 85);
  EXPECT_EQ(s.bid_value(1), 109);
  EXPECT_EQ(s.bid_value(2), 43);
  EXPECT_EQ(s.bid_value(3), 7);
  EXPECT_EQ(s.scope[0], 85);  // revealed: seat 0 evaluates first
  EXPECT_EQ(s.hand[1], kAllCards & ~(1u << 1) & ~(1u << 0) & ~(1u << 9));
}

TEST(Bid, EachCardOnce) {
  State s = table(3, {0, 0, 0});
  act_on(s, act::kCard + 8);
  EXPECT_FALSE(legal(s, act::kCard + 8));
  EXPECT_TRUE(legal(s, act::kCard + 5));
  s.hand[0] = static_cast<std::uint16_t>(s.hand[0] & ~(1u << 5));  // a card in the discards
  EXPECT_FALSE(legal(s, act::kCard + 5));
}

TEST(Bid, AtLeastOneCard) {
  State s = table(3, {0, 0, 0});
  EXPECT_FALSE(legal(s, act::kBidDone));
  act_on(s, act::kCard + 0);  // "0" alone is a scope of 0
  EXPECT_TRUE(legal(s, act::kBidDone));
}

TEST(Bid, ThreeCardsCompleteTheBid) {
  State s = table(3, {0, 0, 0});
  act_on(s, act::kCard + 1);
  act_on(s, act::kCard + 2);
  EXPECT_EQ(s.current_player(), 0);
  act_on(s, act::kCard + 3);
  EXPECT_TRUE(s.has_bid[0]);
  EXPECT_EQ(s.current_player(), 1);
}

TEST(Bid, InTurnFromTheStartingPlayer) {
  Params params = no_water();
  params.start_player = 3;
  State s(params, 4, 1);
  EXPECT_EQ(s.current_player(), 2);
  bid(s, "1");
  EXPECT_EQ(s.current_player(), 3);
  bid(s, "2");
  EXPECT_EQ(s.current_player(), 0);
  bid(s, "3");
  EXPECT_EQ(s.current_player(), 1);
  bid(s, "4");
  EXPECT_EQ(s.phase, Phase::Pads);  // evaluation begins with the starting player
  EXPECT_EQ(s.current_player(), 2);
}

TEST(Bid, HiddenUntilRevealed) {
  State s = table(3, {0, 0, 0});
  bid(s, "85");
  for (Player v : {Player{1}, Player{2}, kSpectator}) {
    Observation o = s.observation(v);
    EXPECT_EQ(o.bid_len[0], 0);
    EXPECT_EQ(o.hand[0], kAllCards);  // hand and bid together
    EXPECT_TRUE(o.has_bid[0]);
  }
  EXPECT_EQ(s.observation(0).bid_len[0], 2);
  bids(s, {"3", "4"});
  EXPECT_EQ(s.observation(1).scope[0], 85);   // seat 0 revealed first
  EXPECT_EQ(s.observation(1).bid_len[2], 0);  // seat 2 not yet
  EXPECT_TRUE(has_event(s, evReveal, 0));
}

// ---------------------------------------------------------------- 2c. Moving

TEST(Move, WorkedExample85) {
  State s = table(3, {0, 0, 0});
  bids(s, {"85", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 85);  // 8 columns right, 5 squares up
  EXPECT_EQ(s.position[0] / 10, 8);
  EXPECT_EQ(s.position[0] % 10, 5);
}

TEST(Move, WorkedExampleWithTheWrap) {
  // From column 0, row 7: eight columns right to row 7 of column 8, then up
  // 5: rows 8, 9, off the top, back in at the bottom of column 9: rows 0, 1, 2.
  State s = table(3, {7, 0, 0});
  bids(s, {"85", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 92);
  EXPECT_EQ(s.position[0] / 10, 9);
  EXPECT_EQ(s.position[0] % 10, 2);
}

TEST(Move, CrossingIsFree) {
  Params params = no_water();
  params.water[0].set(15);
  State s = table(3, {10, 12, 0}, params);
  bids(s, {"8", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 18);
  EXPECT_EQ(s.position[1], 12);
  EXPECT_EQ(s.lifesavers[0], 4);
}

// ---------------------------------------------------------------- I. Shoves

TEST(Shove, Chain) {
  State s = table(3, {10, 20, 21});
  bids(s, {"10", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 20);
  EXPECT_EQ(s.position[1], 21);
  EXPECT_EQ(s.position[2], 22);
}

TEST(Shove, ForwardEvenWhenArrivingBackward) {
  State s = table(3, {20, 30, 0});
  give_pad(s, 0, PadKind::RunBack, 10);
  bids(s, {"20", "0", "0"});
  act_on(s, run_back(10));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 30);  // 40, then back 10 onto seat 1
  EXPECT_EQ(s.position[1], 31);  // shoved up, never back
}

TEST(Shove, ChainOntoWaterCostsALifesaver) {
  Params params = no_water();
  params.water[0].set(22);
  State s = table(3, {10, 20, 21}, params);
  bids(s, {"10", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[2], 22);
  EXPECT_EQ(s.lifesavers[2], 3);  // the owner of the shoved sheep pays
  EXPECT_EQ(s.lifesavers[0], 4);
  EXPECT_EQ(s.lifesavers[1], 4);
}

TEST(Shove, ChainOntoWaterWithoutLifesaverEliminates) {
  Params params = no_water();
  params.water[0].set(22);
  State s = table(4, {10, 20, 21, 0}, params);
  s.lifesavers[2] = 0;
  bids(s, {"10", "0", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(2));
  EXPECT_TRUE(has_event(s, evOut, 2));
  EXPECT_EQ(s.position[1], 21);
}

// ---------------------------------------------------------------- II. Water

TEST(Water, LandingCostsALifesaver) {
  Params params = no_water();
  params.water[0].set(15);
  State s = table(3, {10, 0, 0}, params);
  bids(s, {"5", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 15);
  EXPECT_EQ(s.lifesavers[0], 3);
  EXPECT_EQ(s.lifesavers_used, 1);
}

TEST(Water, NoLifesaverEliminates) {
  Params params = no_water();
  params.water[0].set(15);
  State s = table(4, {10, 0, 0, 0}, params);
  s.lifesavers[0] = 0;
  bids(s, {"5", "0", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
  EXPECT_EQ(s.total_cards(), 40);  // its cards leave the game, counted as boxed
  EXPECT_EQ(s.cards_boxed, 10);
}

TEST(Water, SeveralLandingsInOneRound) {
  Params params = no_water();
  params.water[0].set(30);
  params.water[0].set(31);
  State s = table(3, {20, 25, 0}, params);
  bids(s, {"10", "5", "0"});
  act_on(s, act::kMove);  // seat 0 onto water at 30
  EXPECT_EQ(s.lifesavers[0], 3);
  act_on(s, act::kMove);  // seat 1 lands on 30 (water) and shoves seat 0 onto 31 (water)
  EXPECT_EQ(s.position[0], 31);
  EXPECT_EQ(s.position[1], 30);
  EXPECT_EQ(s.lifesavers[0], 2);
  EXPECT_EQ(s.lifesavers[1], 3);
}

// ---------------------------------------------------------------- III. Relaying the rear board

TEST(Relay, LastSheepLeavesTheRearBoard) {
  State s = table(3, {95, 150, 160});
  bids(s, {"10", "0", "0"});
  act_on(s, act::kMove);
  ASSERT_EQ(s.phase, Phase::Relay);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_TRUE(legal(s, relay(0)));
  EXPECT_TRUE(legal(s, relay(1)));
  EXPECT_FALSE(legal(s, relay(2)));        // the moved board is board 1 (sides A/B)
  EXPECT_FALSE(legal(s, relay(1, true)));  // no rotation by default
  act_on(s, relay(1));
  EXPECT_EQ(s.position[0], 5);
  EXPECT_EQ(s.position[1], 50);
  EXPECT_EQ(s.position[2], 60);
  EXPECT_EQ(s.side[0], 2);  // the old second board is now the first
  EXPECT_EQ(s.side[1], 1);  // side B up in front
  EXPECT_EQ(s.phase, Phase::Pads);
  EXPECT_EQ(s.current_player(), 1);
}

TEST(Relay, TwiceInOneRound) {
  Params params = no_water();
  params.water[2].set(99);  // side C, square 99
  State s = table(3, {90, 150, 160}, params);
  s.lifesavers[1] = 0;
  bids(s, {"109", "49", "45"});
  act_on(s, act::kMove);  // seat 0 to 199: the first board is empty
  act_on(s, relay(1));
  EXPECT_EQ(s.position[0], 99);
  EXPECT_EQ(s.position[1], 50);
  act_on(s, act::kMove);  // seat 1 lands on 99, shoves seat 0 onto the front board, drowns
  EXPECT_FALSE(s.alive(1));
  EXPECT_EQ(s.position[0], 100);
  EXPECT_EQ(s.phase, Phase::Pads);
  act_on(s, act::kMove);  // seat 2 from 60 to 105: the first board is empty again
  ASSERT_EQ(s.phase, Phase::Relay);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_TRUE(legal(s, relay(3)));  // now board 2 (sides C/D) moves
  EXPECT_FALSE(legal(s, relay(0)));
  act_on(s, relay(3));
  EXPECT_EQ(s.position[0], 0);
  EXPECT_EQ(s.position[2], 5);
  EXPECT_EQ(s.side[0], 1);
  EXPECT_EQ(s.side[1], 3);
}

TEST(Relay, RotationParameter) {
  Params params = no_water();
  params.allow_rotation = true;
  params.water[1].set(3);
  State s = table(3, {95, 150, 160}, params);
  bids(s, {"10", "0", "0"});
  act_on(s, act::kMove);
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 4u);
  act_on(s, relay(1, true));
  EXPECT_TRUE(s.turned[1]);
  EXPECT_TRUE(s.is_water(100 + 96));  // turned half round: square 3 becomes square 96
  EXPECT_FALSE(s.is_water(100 + 3));
}

// Our decision: a first board emptied by an elimination (nobody moving) goes
// forward too, keeping the side it showed.
TEST(Relay, EmptiedByAnElimination) {
  State s = table(4, {50, 150, 160, 170});
  s.lifesavers[0] = 0;
  bids(s, {"0", "5", "5", "5"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));  // the imp without a lifesaver
  EXPECT_TRUE(has_event(s, evRelay, -1));
  EXPECT_EQ(s.position[1], 55);
  EXPECT_EQ(s.position[3], 75);
  EXPECT_EQ(s.side[0], 2);
  EXPECT_EQ(s.side[1], 0);
  EXPECT_EQ(s.phase, Phase::TakePad);
  EXPECT_EQ(s.current_player(), 1);
}

// ---------------------------------------------------------------- IV. Off the end

TEST(OffTheEnd, MovingOffEliminates) {
  State s = table(4, {195, 0, 0, 0});
  bids(s, {"5", "0", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
  EXPECT_TRUE(has_event(s, evOut, 0));
}

TEST(OffTheEnd, ShovedOffEliminates) {
  State s = table(4, {189, 199, 5, 0});
  bids(s, {"10", "0", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 199);
  EXPECT_FALSE(s.alive(1));  // lifesavers do not help
  EXPECT_EQ(s.lifesavers_boxed, 3);
}

// ---------------------------------------------------------------- Clover pads

TEST(Pads, RunBackAfterTheMove) {
  State s = table(3, {50, 0, 0});
  give_pad(s, 0, PadKind::RunBack, 10);
  give_pad(s, 0, PadKind::RunBack, 20);
  bids(s, {"45", "0", "0"});
  act_on(s, run_back(10));
  act_on(s, run_back(20));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 65);                                              // 95, then back 30
  EXPECT_EQ(s.scope[0], 45);                                                 // Run Back does not change the scope
  for (int i = 0; i < s.params.num_pads; ++i) EXPECT_NE(s.pad_where[i], 0);  // played pads are gone
}

TEST(Pads, RunBackOffTheFirstBoardIsIllegal) {
  State s = table(3, {5, 0, 0});
  give_pad(s, 0, PadKind::RunBack, 10);
  bids(s, {"3", "0", "0"});
  EXPECT_FALSE(legal(s, run_back(10)));  // 8 - 10 < 0
  State t = table(3, {5, 0, 0});
  give_pad(t, 0, PadKind::RunBack, 10);
  bids(t, {"5", "0", "0"});
  EXPECT_TRUE(legal(t, run_back(10)));  // exactly back to square 0
  // A Change Scope may not undo it either.
  give_pad(t, 0, PadKind::Change, 3);
  act_on(t, run_back(10));
  act_on(t, change(3));
  EXPECT_FALSE(legal(t, delta(-1)));
  EXPECT_TRUE(legal(t, delta(0)));
  EXPECT_TRUE(legal(t, delta(3)));
}

TEST(Pads, CannotSaveASheepThatFellOff) {
  State s = table(4, {190, 0, 0, 0});
  give_pad(s, 0, PadKind::RunBack, 20);
  bids(s, {"20", "0", "0", "0"});
  act_on(s, run_back(20));
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
}

TEST(Pads, ChangeScopeMovesAndCompares) {
  State s = table(3, {10, 20, 0});
  give_pad(s, 0, PadKind::Change, 3);
  bids(s, {"5", "7", "0"});
  act_on(s, change(3));
  ASSERT_EQ(s.phase, Phase::Delta);
  act_on(s, delta(+3));
  EXPECT_EQ(s.scope[0], 8);
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 18);
  act_on(s, act::kMove);  // seat 1: 7 <= 8 takes the imp
  EXPECT_EQ(s.imp, 1);
  EXPECT_EQ(s.cherub, 0);
}

TEST(Pads, ChangeScopeRange) {
  State s = table(3, {10, 0, 0});
  give_pad(s, 0, PadKind::Change, 5);
  bids(s, {"2", "0", "0"});
  act_on(s, change(5));
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 8u);  // -2..+5: the scope never goes below 0
  EXPECT_FALSE(legal(s, delta(-3)));
  EXPECT_FALSE(legal(s, delta(6)));
  act_on(s, delta(-2));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 10);
}

// ---------------------------------------------------------------- 2d. Imp and cherub

TEST(Compare, FirstKeepsBoth) {
  State s = table(3, {0, 0, 0});
  bids(s, {"5", "3", "9"});
  act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 0);
  EXPECT_EQ(s.cherub, 0);
  act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 1);  // 3 <= 5
  EXPECT_EQ(s.cherub, 0);
  act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 1);
  EXPECT_EQ(s.cherub, 2);  // 9 > 5
}

TEST(Compare, TiesGoAgainstTheLater) {
  State s = table(3, {0, 10, 20});
  bids(s, {"5", "5", "5"});
  for (int i = 0; i < 3; ++i) act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 2);     // equal scopes: each later player takes the imp
  EXPECT_EQ(s.cherub, 0);  // and never the cherub
}

TEST(Compare, ScopeNotDistance) {
  State s = table(3, {0, 100, 20});
  bids(s, {"50", "9", "30"});
  for (int i = 0; i < 3; ++i) act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 1);  // furthest ahead, but the lowest scope
  EXPECT_EQ(s.cherub, 0);
}

// ---------------------------------------------------------------- V. Elimination

TEST(Eliminate, CardsAndPadsLeave) {
  State s = table(4, {195, 0, 0, 0});
  int pad = give_pad(s, 0, PadKind::Change, 7);
  bids(s, {"9", "0", "0", "0"});
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
  EXPECT_EQ(s.hand[0] | s.discard[0], 0);
  EXPECT_EQ(s.bid_len[0], 0);
  EXPECT_EQ(s.pad_where[pad], kPadGone);
  EXPECT_EQ(s.lifesavers[0], 0);
}

TEST(Eliminate, ImpReassigned) {
  State s = table(4, {10, 198, 0, 190});
  bids(s, {"9", "1", "0", "9"});
  act_on(s, act::kMove);  // seat 0: 9, both cards
  act_on(s, act::kMove);  // seat 1: 1 <= 9, the imp
  act_on(s, act::kMove);  // seat 2: 0 <= 1, the imp
  EXPECT_EQ(s.imp, 2);
  act_on(s, act::kMove);  // seat 3 lands on 199: shoves seat 1 off the end
  EXPECT_FALSE(s.alive(1));
  EXPECT_EQ(s.imp, 2);  // not the eliminated holder: unchanged
  EXPECT_EQ(s.cherub, 0);

  State t = table(4, {10, 198, 190, 0});
  bids(t, {"9", "1", "9", "0"});
  act_on(t, act::kMove);
  act_on(t, act::kMove);  // seat 1 holds the imp
  act_on(t, act::kMove);  // seat 2 shoves seat 1 off the end: the imp goes to the lowest, seat 0
  EXPECT_FALSE(t.alive(1));
  EXPECT_TRUE(has_event(t, evReassign, 0));
  EXPECT_EQ(t.imp, 2);  // ... then seat 2 compares: 9 <= 9 takes it
  EXPECT_EQ(t.cherub, 0);
}

TEST(Eliminate, CherubReassignedEarliestOnTies) {
  State s = table(4, {0, 10, 192, 190});
  bids(s, {"3", "3", "7", "9"});
  act_on(s, act::kMove);
  act_on(s, act::kMove);
  act_on(s, act::kMove);  // seat 2 at 199 with the cherub
  EXPECT_EQ(s.cherub, 2);
  EXPECT_EQ(s.imp, 1);
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(2));
  EXPECT_TRUE(has_event(s, evReassign, 0));  // 3 and 3: the earlier one
  EXPECT_EQ(s.cherub, 3);                    // then seat 3's 9 beats it
}

TEST(Eliminate, NobodyComparedYetNextTakesBoth) {
  State s = table(4, {195, 0, 10, 20});
  bids(s, {"9", "4", "3", "5"});
  act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(0));
  EXPECT_EQ(s.imp, -1);
  act_on(s, act::kMove);
  EXPECT_EQ(s.imp, 1);
  EXPECT_EQ(s.cherub, 1);
}

// ---------------------------------------------------------------- 3. and 4. End of the round

TEST(Round, ImpLosesALifesaver) {
  State s = table(4, {0, 0, 0, 0});
  bids(s, {"5", "3", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  EXPECT_EQ(s.lifesavers[1], 2);  // 4 players: 3 each
  EXPECT_TRUE(has_event(s, evImpPenalty, 1));
  EXPECT_EQ(s.phase, Phase::TakePad);
  EXPECT_EQ(s.current_player(), 3);
}

TEST(Round, ImpWithoutLifesaverIsOut) {
  State s = table(4, {0, 0, 0, 0});
  s.lifesavers[1] = 0;
  bids(s, {"5", "3", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  EXPECT_FALSE(s.alive(1));
  EXPECT_EQ(s.phase, Phase::TakePad);  // three sheep left: the game goes on
}

TEST(Round, CherubTakesAPad) {
  State s = table(4, {0, 0, 0, 0});
  bids(s, {"5", "3", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 8u);  // 4 run back values, 4 change values
  act_on(s, act::kTakeRunBack + 40 - 1);
  int owned = 0;
  for (int i = 0; i < s.params.num_pads; ++i) owned += s.pad_where[i] == 3;
  EXPECT_EQ(owned, 1);
  EXPECT_EQ(s.phase, Phase::Bid);
}

TEST(Round, NoPadsLeft) {
  State s = table(4, {0, 0, 0, 0});
  for (int i = 0; i < s.params.num_pads; ++i) s.pad_where[i] = kPadGone;
  bids(s, {"5", "3", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  EXPECT_EQ(s.phase, Phase::Bid);
}

TEST(Round, DiscardsComeBackBelowFour) {
  State s = table(4, {0, 0, 0, 0});
  s.hand[0] = 0b0000011110;  // 1 2 3 4
  s.discard[0] = kAllCards & ~0b0000011110;
  s.hand[1] = 0b0000111111;  // 0..5
  s.discard[1] = kAllCards & ~0b0000111111;
  bids(s, {"12", "01", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  act_on(s, act::kTakeRunBack + 10 - 1);
  EXPECT_EQ(s.hand[0], kAllCards);  // 2 left: the whole discard pile comes back
  EXPECT_EQ(s.discard[0], 0);
  EXPECT_EQ(s.hand[1], 0b0000111100);  // 4 left: not fewer than 4
  EXPECT_EQ(s.discard[1], kAllCards & ~0b0000111100);
}

TEST(Round, CherubStartsNextRound) {
  State s = table(4, {0, 0, 0, 0});
  bids(s, {"5", "3", "4", "6"});
  for (int i = 0; i < 4; ++i) act_on(s, act::kMove);
  act_on(s, act::kTakeChange + 9 - 1);
  EXPECT_EQ(s.start_player, 3);
  EXPECT_EQ(s.imp, 3);
  EXPECT_EQ(s.cherub, 3);
  EXPECT_EQ(s.current_player(), 3);
  EXPECT_EQ(s.round, 2);
}

// ---------------------------------------------------------------- Start square (CLAR 3c.8)

TEST(Start, StackAndScopeZero) {
  State s = table(3, {0, 0, 0});
  bids(s, {"0", "0", "1"});
  act_on(s, act::kMove);
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 0);
  EXPECT_EQ(s.position[1], 0);
  EXPECT_TRUE(has_event(s, evStay, 1));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[2], 1);
}

TEST(Start, RunBackOntoTheStack) {
  State s = table(3, {20, 0, 0});
  s.at_start[0] = false;
  give_pad(s, 0, PadKind::RunBack, 20);
  bids(s, {"0", "0", "0"});
  act_on(s, run_back(20));
  act_on(s, act::kMove);
  EXPECT_EQ(s.position[0], 0);
  EXPECT_TRUE((s.position[1] == 1 && s.position[2] == 2) || (s.position[1] == 2 && s.position[2] == 1));
}

// ---------------------------------------------------------------- End of game

TEST(End, TwoLeftTheOneBehindWins) {
  State s = table(3, {50, 60, 70});
  s.lifesavers[2] = 0;
  bids(s, {"9", "9", "0"});
  for (int i = 0; i < 3; ++i) act_on(s, act::kMove);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_FALSE(s.alive(2));
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 0);  // on 59, behind seat 1 on 69
  EXPECT_EQ(s.scores()[0], 1.0);
  EXPECT_EQ(s.scores()[1], 0.0);
}

TEST(End, OneLeftWins) {
  State s = table(3, {10, 198, 197});
  bids(s, {"1", "5", "5"});
  for (int i = 0; i < 3; ++i) act_on(s, act::kMove);
  ASSERT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 0);
  EXPECT_EQ(s.lifesavers[0], 3);  // the imp still cost a lifesaver
}

TEST(End, NoneLeftJointOrBehind) {
  for (bool joint : {true, false}) {
    Params params = no_water();
    params.water[0].set(25);
    params.water[0].set(26);
    params.joint_last_eliminated = joint;
    State s = table(3, {195, 20, 25}, params);
    s.lifesavers[1] = s.lifesavers[2] = 0;
    bids(s, {"9", "5", "0"});
    act_on(s, act::kMove);  // seat 0 off the end
    act_on(s, act::kMove);  // seat 1 onto 25 (water), seat 2 shoved onto 26 (water): both out at once
    ASSERT_TRUE(s.is_terminal());
    if (joint) {
      ASSERT_EQ(s.winners().size(), 2u);
      EXPECT_EQ(s.winners()[0], 1);
      EXPECT_EQ(s.winners()[1], 2);
    } else {
      ASSERT_EQ(s.winners().size(), 1u);
      EXPECT_EQ(s.winners()[0], 1);  // it was further behind
    }
  }
}

TEST(End, OnlyAtTheEndOfARound) {
  State s = table(3, {195, 20, 30});
  bids(s, {"9", "5", "5"});
  act_on(s, act::kMove);  // two sheep left, but the round goes on
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.current_player(), 1);
  act_on(s, act::kMove);
  act_on(s, act::kMove);
  ASSERT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 1);  // on 25, behind seat 2 on 35
}

// ---------------------------------------------------------------- Edge

TEST(Edge, IllegalActionThrows) {
  auto state = registry().find("hustle").start({{"start_player", "1"}}, 3, 1);
  EXPECT_THROW(state->apply(act::kBidDone), IllegalAction);  // nothing laid yet
  EXPECT_THROW(state->apply(act::kMove), IllegalAction);
  EXPECT_THROW(state->apply(9999), IllegalAction);
  EXPECT_THROW(state->parse_action("fly to the moon"), IllegalAction);
  EXPECT_EQ(state->parse_action("  Card   8 "), act::kCard + 8);
  EXPECT_THROW(registry().find("hustle").start({{"lifesavers", "99"}}, 3, 1), BadParameter);
  EXPECT_THROW(registry().find("hustle").start({}, 2, 1), BadSeats);
}

TEST(Edge, EveryActionHasItsOwnText) {
  std::set<std::string> texts;
  for (int a = 0; a < State::kNumDistinctActions; ++a) {
    std::string text = State::action_to_string(static_cast<Action>(a));
    EXPECT_EQ(text.find("unknown"), std::string::npos) << a;
    for (char c : text) EXPECT_TRUE(static_cast<unsigned char>(c) < 128) << text;  // typeable
    texts.insert(text);
  }
  EXPECT_EQ(static_cast<int>(texts.size()), State::kNumDistinctActions);
}

}  // namespace
}  // namespace bw::hustle
