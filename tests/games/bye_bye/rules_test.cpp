// Bye-Bye Black Sheep: a test for every rule and clarification.
//
// Rulebook section / clarification            -> test
// ------------------------------------------------------------------------------------------
// Preparation: cards by player count            -> Setup.CardsByPlayerCount
// Preparation: 5 set cards (6 with 2), BS, 1 special each -> Setup.HandsAtStart
// Preparation: Magpie beside the pile           -> Setup.CardsByPlayerCount
// Start player (CLAR 2b: random seat / param)   -> Setup.StartPlayer
// Advanced: seats choose the special pool (2b)  -> Setup.AdvancedPicksInTurnThenDealt, Setup.AdvancedRandomPool
// Game play: blind draw from any other hand     -> Draw.MovesCardToWateringHole, Draw.IsUniformOverHand, Draw.OnlyFromOthers
// Zero-draw turns (CLAR 2b allow_zero_draw)     -> Draw.MustDrawBeforeStopping, Draw.ZeroDrawParameter
// Involuntary stop: Black Sheep                 -> Stop.BlackSheepReturnsAndEndsTurn
// Voluntary stop, zoo limit drawn minus two     -> Stop.TwoCardsAllowNoZoo, Stop.ZooLimitIsDrawnMinusTwo,
//                                                  Stop.ZooTakesOldHandCards, Stop.ZooDoneEarly
// Only set cards in zoos                        -> Stop.SpecialCardsNeverGoToZoo
// Refill to 7 (8 with 2), from the left          -> Refill.FromActivesLeftInOrder, Refill.TwoPlayersToEight,
//                                                  Refill.EmptyPileMeansNoRefill, Refill.BigHandsKeepTheirCards
// End of game: triplets by player count         -> Win.ThresholdsByPlayerCount, Win.FourOfASetIsOneTriplet,
//                                                  Win.ImmediateOnPlacement
// Eagle: hit / miss ends turn / decline          -> Eagle.HitContinuesTurn, Eagle.MissEndsTurnLikeAStop,
//                                                  Eagle.DeclineContinues, Eagle.MayAskAnyOtherSeat
// Mole: look, take a set card, not a special    -> Mole.LooksAndTakesASetCard, Mole.MayTakeNothing,
//                                                  Mole.NoSetCardsNoChoice
// Magpie: both triggers, first time only, theft -> Magpie.EntersOnThirdSpecies, Magpie.EntersOnSharedSpecies,
//                                                  Magpie.EntersOnlyOnce, Magpie.StealsFromAnotherZoo
// White Sheep (advanced)                         -> White.OwnerPlacesInOwnZoo, White.PlacementCanWin, White.MayDecline
// Mother Sheep (advanced)                        -> Mother.TakesTopPileCard, Mother.EmptyPileNoChoice
// Wolf (advanced)                                -> Wolf.TakesWateringHoleUntilTurnEnds
// CLAR 2c.2: what counts as drawn               -> Stop.CountIncludesSpecialsAndEagleAnswers, Wolf.*
// Stall (CLAR 2b stall_rounds) and turn guard   -> Stall.EndsAfterQuietRounds, Stall.JointWinners, Stall.TurnLimit
// Illegal actions rejected at the edge          -> Edge.IllegalActionThrows
#include <gtest/gtest.h>

#include <map>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "test_support.hpp"

namespace bw::bye_bye {
namespace {
using namespace testing;

int total_of(const CardCounts& counts) {
  int n = 0;
  for (auto c : counts) n += c;
  return n;
}

// ---------------------------------------------------------------- Setup

TEST(Setup, CardsByPlayerCount) {
  struct Row {
    int players, sets, black_sheep, eagles, moles;
  };
  for (Row row : {Row{2, 12, 2, 1, 1}, Row{3, 12, 3, 2, 1}, Row{4, 14, 4, 2, 2}, Row{5, 16, 5, 3, 2}}) {
    State s(Params{}, row.players, 11);
    EXPECT_EQ(s.sets_in_play(), row.sets);
    CardCounts all{};
    for (int p = 0; p < row.players; ++p)
      for (int c = 0; c < kNumCardKinds; ++c) all[c] += s.hand[p][c];
    for (auto c : s.draw_pile) ++all[c];
    for (int set = 0; set < row.sets; ++set) EXPECT_EQ(all[set], 4) << "set " << set + 1;
    for (int set = row.sets; set < kMaxSets; ++set) EXPECT_EQ(all[set], 0);
    EXPECT_EQ(all[kBlackSheep], row.black_sheep);
    EXPECT_EQ(all[kEagle], row.eagles);
    EXPECT_EQ(all[kMole], row.moles);
    EXPECT_EQ(all[kMagpie] + all[kWhiteSheep] + all[kMotherSheep] + all[kWolf], 0);
    EXPECT_FALSE(s.magpie_in_play);
    EXPECT_EQ(s.total_cards(), row.sets * 4 + row.black_sheep + row.eagles + row.moles + 1);
  }
}

TEST(Setup, HandsAtStart) {
  for (int players = 2; players <= 5; ++players) {
    State s(Params{}, players, 5);
    int set_cards = players == 2 ? 6 : 5;
    for (int p = 0; p < players; ++p) {
      int sets = 0;
      for (int set = 0; set < kMaxSets; ++set) sets += s.hand[p][set];
      EXPECT_EQ(sets, set_cards);
      EXPECT_EQ(s.hand[p][kBlackSheep], 1);
      EXPECT_EQ(s.hand[p][kEagle] + s.hand[p][kMole], 1);
      EXPECT_EQ(s.hand_size(p), players == 2 ? 8 : 7);
    }
    EXPECT_EQ(s.hand_limit(), players == 2 ? 8 : 7);
  }
}

TEST(Setup, StartPlayer) {
  Params p;
  p.start_player = 3;
  EXPECT_EQ(State(p, 4, 1).current_player(), 2);
  std::map<int, int> starts;
  for (std::uint64_t seed = 0; seed < 400; ++seed) ++starts[State(Params{}, 4, seed).current_player()];
  EXPECT_EQ(starts.size(), 4u);  // a random seat by default
  for (auto [seat, n] : starts) EXPECT_GT(n, 60) << seat;
  p.start_player = 5;
  EXPECT_THROW(State(p, 4, 1), BadParameter);
}

TEST(Setup, AdvancedPicksInTurnThenDealt) {
  Params p = params_with(true);
  p.start_player = 2;
  State s(p, 3, 9);
  ASSERT_EQ(s.phase, Phase::PickSpecial);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(total_of(s.special_pool), 8);
  s.apply(static_cast<Action>(act::kPick + kWolf - kEagle));
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_FALSE(legal(s, act::kPick + kWolf - kEagle));  // only one Wolf in the pool
  s.apply(static_cast<Action>(act::kPick + kWhiteSheep - kEagle));
  EXPECT_EQ(s.current_player(), 0);
  s.apply(static_cast<Action>(act::kPick + kMole - kEagle));
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.current_player(), 1);
  CardCounts dealt{};
  for (int seat = 0; seat < 3; ++seat) {
    int specials = 0;
    for (int c = kEagle; c < kNumCardKinds; ++c) {
      specials += s.hand[seat][c];
      dealt[c] += s.hand[seat][c];
    }
    EXPECT_EQ(specials, 1);
  }
  EXPECT_EQ(dealt[kWolf], 1);
  EXPECT_EQ(dealt[kWhiteSheep], 1);
  EXPECT_EQ(dealt[kMole], 1);
  EXPECT_EQ(dealt[kEagle], 0);
}

TEST(Setup, AdvancedRandomPool) {
  Params p = params_with(true);
  p.choose_specials = false;
  State s(p, 5, 4);
  EXPECT_EQ(s.phase, Phase::Draw);
  CardCounts dealt{};
  for (int seat = 0; seat < 5; ++seat)
    for (int c = kEagle; c < kNumCardKinds; ++c) dealt[c] += s.hand[seat][c];
  EXPECT_EQ(total_of(dealt), 5);
  EXPECT_LE(dealt[kEagle], 3);
  EXPECT_LE(dealt[kMole], 2);
  EXPECT_LE(dealt[kWolf], 1);
}

// ---------------------------------------------------------------- Drawing

TEST(Draw, MovesCardToWateringHole) {
  State s = table(3, {{S(1)}, {S(2), S(2)}, {S(3)}});
  State after = after_drawing(s, 1, S(2));
  EXPECT_EQ(after.hand[1][S(2)], 1);
  EXPECT_EQ(after.watering_hole.size(), 1u);
  EXPECT_EQ(after.watering_hole[0], S(2));
  EXPECT_EQ(after.phase, Phase::Draw);
  EXPECT_EQ(after.current_player(), 0);
}

TEST(Draw, IsUniformOverHand) {
  // Hand of 4: the Black Sheep and three 5s. The Black Sheep should come 1 time in 4.
  State s = table(2, {{}, {S(5), S(5), S(5)}});
  int black = 0;
  const int trials = 4000;
  for (int k = 0; k < trials; ++k) {
    State t = s;
    t.rng = Rng(static_cast<std::uint64_t>(k), 99);
    t.apply(draw_from(1));
    black += has_event(t, evBlackSheep);
  }
  EXPECT_NEAR(black / static_cast<double>(trials), 0.25, 0.03);
}

TEST(Draw, OnlyFromOthers) {
  State s = table(3, {{S(1)}, {S(2)}, {S(3)}});
  EXPECT_FALSE(legal(s, act::kDrawFrom + 0));
  EXPECT_TRUE(legal(s, act::kDrawFrom + 1));
  EXPECT_TRUE(legal(s, act::kDrawFrom + 2));
  EXPECT_FALSE(s.is_legal(static_cast<Action>(act::kDrawFrom + 3)));  // no fourth seat
}

TEST(Draw, MustDrawBeforeStopping) {
  State s = table(3, {{S(1)}, {S(2)}, {S(3)}});
  EXPECT_FALSE(legal(s, act::kStop));
  State after = after_drawing(s, 1, S(2));
  EXPECT_TRUE(legal(after, act::kStop));
}

TEST(Draw, ZeroDrawParameter) {
  Params p = params_with();
  p.allow_zero_draw = true;
  State s = table(3, {{S(1)}, {S(2)}, {S(3)}}, {}, p);
  EXPECT_TRUE(legal(s, act::kStop));
  s.apply(act::kStop);
  EXPECT_EQ(s.active, 1);
}

// ---------------------------------------------------------------- Stopping

TEST(Stop, BlackSheepReturnsAndEndsTurn) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(4), S(4)}}, {S(9), S(9), S(9), S(9)});
  s = after_drawing(s, 1, S(2));
  s = after_drawing(s, 2, kBlackSheep);
  EXPECT_TRUE(has_event(s, evBlackSheep));
  EXPECT_EQ(s.hand[2][kBlackSheep], 1);  // back with its owner
  EXPECT_EQ(s.hand[0][kBlackSheep], 1);
  EXPECT_EQ(s.hand[0][S(2)], 1);  // the haul is kept in hand...
  EXPECT_EQ(s.zoo_size(0), 0);    // ...and nothing goes to the zoo
  EXPECT_TRUE(s.watering_hole.empty());
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.active, 1);  // next seat's turn
}

TEST(Stop, TwoCardsAllowNoZoo) {
  State s = table(3, {{S(1), S(1)}, {S(1), S(3)}, {S(4)}});
  s = after_drawing(s, 1, S(1));
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);
  EXPECT_EQ(s.zoo_size(0), 0);
  EXPECT_EQ(s.hand[0][S(1)], 3);
  EXPECT_EQ(s.active, 1);
}

TEST(Stop, ZooLimitIsDrawnMinusTwo) {
  State s = table(2, {{}, {S(1), S(1), S(1), S(2), S(2), S(3), S(4)}});
  for (int card : {S(1), S(1), S(1), S(2), S(2)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  ASSERT_EQ(s.phase, Phase::ZooPlace);
  EXPECT_EQ(s.zoo_allowance, 3);
  s.apply(act::kZooPlace + S(1));
  s.apply(act::kZooPlace + S(1));
  EXPECT_EQ(s.phase, Phase::ZooPlace);
  s.apply(act::kZooPlace + S(2));
  EXPECT_EQ(s.zoo[0][S(1)], 2);
  EXPECT_EQ(s.zoo[0][S(2)], 1);
  EXPECT_EQ(s.phase, Phase::Draw);  // allowance used up: the turn is over
  EXPECT_EQ(s.active, 1);
}

TEST(Stop, ZooTakesOldHandCards) {
  State s = table(3, {{S(7), S(7)}, {S(1), S(2), S(3)}, {S(4)}});
  for (int card : {S(1), S(2), S(3)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  ASSERT_EQ(s.zoo_allowance, 1);
  EXPECT_TRUE(legal(s, act::kZooPlace + S(7)));  // held before the turn
  s.apply(act::kZooPlace + S(7));
  EXPECT_EQ(s.zoo[0][S(7)], 1);
}

TEST(Stop, ZooDoneEarly) {
  State s = table(2, {{}, {S(1), S(2), S(3), S(4)}});
  for (int card : {S(1), S(2), S(3), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  ASSERT_EQ(s.zoo_allowance, 2);
  s.apply(act::kZooDone);
  EXPECT_EQ(s.zoo_size(0), 0);
  EXPECT_EQ(s.active, 1);
}

TEST(Stop, SpecialCardsNeverGoToZoo) {
  State s = table(2, {{kEagle}, {S(1), S(2), kMole, S(4)}});
  for (int card : {S(1), S(2), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  ActionList list;
  s.legal_actions(list);
  for (Action a : list) EXPECT_TRUE(a == act::kZooDone || (a >= act::kZooPlace && a < act::kZooPlace + kMaxSets));
  for (int set = 0; set < kMaxSets; ++set)
    if (s.hand[0][set] == 0) {
      EXPECT_FALSE(s.is_legal(static_cast<Action>(act::kZooPlace + set)));
    }
}

TEST(Stop, CountIncludesSpecialsAndEagleAnswers) {
  // Draw an Eagle (counts), ask seat 2 for a 6 (answered: counts), draw a 1: three cards, one to the zoo.
  State s = table(3, {{S(1), S(1)}, {kEagle, S(1)}, {S(6)}});
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleAsk + 2);
  s.apply(act::kEagleSet + S(6));
  s = after_drawing(s, 1, S(1));
  s.apply(act::kStop);
  EXPECT_EQ(s.zoo_allowance, 1);
}

// ---------------------------------------------------------------- Refill

TEST(Refill, FromActivesLeftInOrder) {
  // Seat 2 ends a turn; seats 3, 0 and 1 refill in that order from a pile of 3 cards.
  State s = table(4, {{S(1)}, {S(1)}, {S(2)}, {S(2), S(3)}}, {S(9), S(8), S(7)});
  s.active = 2;
  s = after_drawing(s, 3, S(3));
  s.apply(act::kStop);
  // Seat 3 (hand 2) takes 7, 8, 9 from the top (last) and seat 0 gets nothing left.
  EXPECT_EQ(s.hand_size(3), 5);
  EXPECT_EQ(s.hand[3][S(7)] + s.hand[3][S(8)] + s.hand[3][S(9)], 3);
  EXPECT_EQ(s.hand_size(0), 2);
  EXPECT_TRUE(s.draw_pile.empty());
  EXPECT_EQ(s.active, 3);
}

TEST(Refill, EveryoneButActiveToSeven) {
  std::initializer_list<std::uint8_t> pile = {S(9), S(9), S(9), S(9), S(8), S(8), S(8), S(8), S(7), S(7),
                                              S(7), S(7), S(6), S(6), S(6), S(6), S(5), S(5), S(5), S(5)};
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(4)}}, pile);
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);
  EXPECT_EQ(s.hand_size(0), 3);  // the active seat does not refill
  EXPECT_EQ(s.hand_size(1), 7);
  EXPECT_EQ(s.hand_size(2), 7);
}

TEST(Refill, TwoPlayersToEight) {
  State s = table(2, {{S(1)}, {S(2), S(3)}}, {S(9), S(9), S(9), S(9), S(8), S(8), S(8), S(8)});
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);
  EXPECT_EQ(s.hand_size(1), 8);
}

TEST(Refill, EmptyPileMeansNoRefill) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {S(4)}});
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);
  EXPECT_EQ(s.hand_size(1), 2);
  EXPECT_EQ(s.hand_size(2), 2);
}

TEST(Refill, BigHandsKeepTheirCards) {
  State s = table(3, {{S(1)}, {S(2), S(2), S(2), S(3), S(3), S(3), S(4), S(4), S(4)}, {S(5)}}, {S(9), S(9)});
  s = after_drawing(s, 1, S(3));
  s.apply(act::kStop);
  EXPECT_EQ(s.hand_size(1), 9);  // 10 - 1 drawn, above 7: nothing taken, nothing returned
}

// ---------------------------------------------------------------- Winning

TEST(Win, ThresholdsByPlayerCount) {
  EXPECT_EQ(State(Params{}, 2, 1).target(), 5);
  EXPECT_EQ(State(Params{}, 3, 1).target(), 4);
  EXPECT_EQ(State(Params{}, 4, 1).target(), 3);
  EXPECT_EQ(State(Params{}, 5, 1).target(), 3);
  Params p;
  p.target_triplets = 2;
  EXPECT_EQ(State(p, 5, 1).target(), 2);
}

TEST(Win, FourOfASetIsOneTriplet) {
  State s = table(4, {{}, {}, {}, {}});
  s.zoo[0][S(1)] = 4;
  s.zoo[0][S(2)] = 3;
  s.zoo[0][S(3)] = 2;
  EXPECT_EQ(s.triplets(0), 2);
}

TEST(Win, ImmediateOnPlacement) {
  State s = table(4, {{S(3), S(3)}, {S(1), S(2), S(3), S(4)}, {S(5)}, {S(6)}});
  s.zoo[0][S(1)] = 3;
  s.zoo[0][S(2)] = 3;
  s.zoo[0][S(3)] = 2;
  s.magpie_in_play = true;
  for (int card : {S(1), S(2), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  ASSERT_EQ(s.zoo_allowance, 1);
  s.apply(act::kZooPlace + S(3));
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kTerminal);
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 0);
  EXPECT_EQ(s.scores()[0], 3);
  EXPECT_TRUE(has_event(s, evWin));
}

// ---------------------------------------------------------------- Eagle

TEST(Eagle, HitContinuesTurn) {
  State s = table(3, {{S(1)}, {kEagle}, {S(6), S(6)}});
  s = after_drawing(s, 1, kEagle);
  ASSERT_EQ(s.phase, Phase::EagleTarget);
  s.apply(act::kEagleAsk + 2);
  ASSERT_EQ(s.phase, Phase::EagleSet);
  s.apply(act::kEagleSet + S(6));
  EXPECT_EQ(s.hand[2][S(6)], 1);  // exactly one card handed over
  EXPECT_EQ(count_in(s.watering_hole, S(6)), 1);
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.active, 0);
}

TEST(Eagle, MissEndsTurnLikeAStop) {
  // Drawn so far: 1, 2, Eagle = 3 cards; the miss ends the turn with one zoo placement allowed.
  State s = table(3, {{S(1), S(1)}, {kEagle, S(1), S(2)}, {S(6)}});
  s = after_drawing(s, 1, S(1));
  s = after_drawing(s, 1, S(2));
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleAsk + 2);
  s.apply(act::kEagleSet + S(9));
  EXPECT_TRUE(has_event(s, evEagleMiss));
  EXPECT_EQ(s.known_absent[2], 1u << S(9));  // everybody now knows seat 2 has no 9
  ASSERT_EQ(s.phase, Phase::ZooPlace);
  EXPECT_EQ(s.zoo_allowance, 1);
  s.apply(act::kZooPlace + S(1));
  EXPECT_EQ(s.active, 1);
}

TEST(Eagle, DeclineContinues) {
  State s = table(3, {{S(1)}, {kEagle, S(2)}, {S(6)}});
  s = after_drawing(s, 1, kEagle);
  s.apply(act::kEagleDecline);
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.watering_hole.size(), 1u);
}

TEST(Eagle, MayAskAnyOtherSeat) {
  State s = table(4, {{S(1)}, {kEagle}, {S(6)}, {S(7)}});
  s = after_drawing(s, 1, kEagle);
  EXPECT_FALSE(legal(s, act::kEagleAsk + 0));
  for (int seat = 1; seat < 4; ++seat) EXPECT_TRUE(legal(s, act::kEagleAsk + seat));  // even the Eagle's source
  s.apply(act::kEagleAsk + 3);
  for (int set = 0; set < s.sets_in_play(); ++set) EXPECT_TRUE(legal(s, act::kEagleSet + set));
}

// ---------------------------------------------------------------- Mole

TEST(Mole, LooksAndTakesASetCard) {
  State s = table(3, {{S(1)}, {kMole, S(4), S(5), kEagle}, {S(6)}});
  s = after_drawing(s, 1, kMole);
  ASSERT_EQ(s.phase, Phase::MolePick);
  EXPECT_EQ(s.known[0][1], s.hand[1]);  // the drawer has seen the whole hand
  EXPECT_TRUE(has_event(s, evMoleLook));
  EXPECT_TRUE(legal(s, act::kMoleTake + S(4)));
  EXPECT_TRUE(legal(s, act::kMoleTake + S(5)));
  EXPECT_FALSE(legal(s, act::kMoleTake + S(6)));  // not in that hand
  s.apply(act::kMoleTake + S(5));
  EXPECT_EQ(s.hand[1][S(5)], 0);
  EXPECT_EQ(count_in(s.watering_hole, S(5)), 1);
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.known[0][1], s.hand[1]);  // still exact
}

TEST(Mole, MayTakeNothing) {
  State s = table(3, {{S(1)}, {kMole, S(4)}, {S(6)}});
  s = after_drawing(s, 1, kMole);
  s.apply(act::kMoleDecline);
  EXPECT_EQ(s.hand[1][S(4)], 1);
  EXPECT_EQ(s.phase, Phase::Draw);
}

TEST(Mole, NoSetCardsNoChoice) {
  State s = table(3, {{S(1)}, {kMole, kEagle}, {S(6)}});
  s = after_drawing(s, 1, kMole);
  EXPECT_EQ(s.phase, Phase::Draw);  // only specials left: nothing to take
}

// ---------------------------------------------------------------- Magpie

TEST(Magpie, EntersOnThirdSpecies) {
  State s = table(3, {{S(3)}, {S(1), S(2), S(4)}, {S(6)}});
  s.zoo[0][S(1)] = 1;
  s.zoo[0][S(2)] = 1;
  for (int card : {S(1), S(2), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  s.apply(act::kZooPlace + S(3));
  EXPECT_TRUE(s.magpie_in_play);
  EXPECT_EQ(s.hand[0][kMagpie], 1);
  EXPECT_TRUE(has_event(s, evMagpieEnters));
}

TEST(Magpie, EntersOnSharedSpecies) {
  State s = table(3, {{S(3)}, {S(1), S(2), S(4)}, {S(6)}});
  s.zoo[2][S(3)] = 1;
  for (int card : {S(1), S(2), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  s.apply(act::kZooPlace + S(3));
  EXPECT_TRUE(s.magpie_in_play);
  EXPECT_EQ(s.hand[0][kMagpie], 1);
}

TEST(Magpie, EntersOnlyOnce) {
  State s = table(3, {{S(3)}, {S(1), S(2), S(4)}, {S(6)}});
  s.zoo[2][S(3)] = 1;
  s.magpie_in_play = true;  // already entered earlier
  for (int card : {S(1), S(2), S(4)}) s = after_drawing(s, 1, card);
  s.apply(act::kStop);
  s.apply(act::kZooPlace + S(3));
  EXPECT_EQ(s.hand[0][kMagpie], 0);
  EXPECT_FALSE(has_event(s, evMagpieEnters));
}

TEST(Magpie, StealsFromAnotherZoo) {
  State s = table(3, {{S(1)}, {kMagpie, S(2)}, {S(6)}});
  s.magpie_in_play = true;
  s.zoo[0][S(8)] = 2;  // own zoo: not a target
  s.zoo[2][S(9)] = 3;
  s = after_drawing(s, 1, kMagpie);
  ASSERT_EQ(s.phase, Phase::MagpieSteal);
  EXPECT_FALSE(legal(s, act::kMagpieSteal + 0 * kMaxSets + S(8)));
  EXPECT_TRUE(legal(s, act::kMagpieSteal + 2 * kMaxSets + S(9)));
  s.apply(act::kMagpieSteal + 2 * kMaxSets + S(9));
  EXPECT_EQ(s.zoo[2][S(9)], 2);
  EXPECT_EQ(s.watering_hole.size(), 2u);  // Magpie + the stolen card, both counted
  EXPECT_EQ(s.phase, Phase::Draw);
}

// ---------------------------------------------------------------- Advanced specials

TEST(White, OwnerPlacesInOwnZoo) {
  State s = table(3, {{S(1)}, {kWhiteSheep, S(4), S(4)}, {S(6)}}, {}, params_with(true));
  s = after_drawing(s, 1, kWhiteSheep);
  ASSERT_EQ(s.phase, Phase::WhitePlace);
  EXPECT_EQ(s.current_player(), 1);  // the seat it came from decides, out of turn
  s.apply(act::kWhitePlace + S(4));
  EXPECT_EQ(s.zoo[1][S(4)], 1);
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.current_player(), 0);
}

TEST(White, PlacementCanWin) {
  State s = table(4, {{S(1)}, {kWhiteSheep, S(4)}, {S(6)}, {S(7)}}, {}, params_with(true));
  s.zoo[1][S(2)] = 3;
  s.zoo[1][S(3)] = 3;
  s.zoo[1][S(4)] = 2;
  s.magpie_in_play = true;
  s = after_drawing(s, 1, kWhiteSheep);
  s.apply(act::kWhitePlace + S(4));
  EXPECT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 1);
}

TEST(White, MayDecline) {
  State s = table(3, {{S(1)}, {kWhiteSheep, S(4)}, {S(6)}}, {}, params_with(true));
  s = after_drawing(s, 1, kWhiteSheep);
  s.apply(act::kWhiteDecline);
  EXPECT_EQ(s.zoo_size(1), 0);
  EXPECT_EQ(s.current_player(), 0);
}

TEST(Mother, TakesTopPileCard) {
  State s = table(3, {{S(1)}, {kMotherSheep, S(4)}, {S(6)}}, {S(2), S(11)}, params_with(true));
  s = after_drawing(s, 1, kMotherSheep);
  ASSERT_EQ(s.phase, Phase::MotherDraw);
  s.apply(act::kMotherTake);
  EXPECT_EQ(s.watering_hole.size(), 2u);
  EXPECT_EQ(s.watering_hole[1], S(11));
  EXPECT_EQ(s.draw_pile.size(), 1u);
}

TEST(Mother, EmptyPileNoChoice) {
  State s = table(3, {{S(1)}, {kMotherSheep, S(4)}, {S(6)}}, {}, params_with(true));
  s = after_drawing(s, 1, kMotherSheep);
  EXPECT_EQ(s.phase, Phase::Draw);
  EXPECT_EQ(s.watering_hole.size(), 1u);
}

TEST(Wolf, TakesWateringHoleUntilTurnEnds) {
  State s = table(3, {{S(1)}, {S(2), S(3)}, {kWolf, S(6)}}, {}, params_with(true));
  s = after_drawing(s, 1, S(2));
  s = after_drawing(s, 1, S(3));
  s = after_drawing(s, 2, kWolf);
  // Seat 2 took the 2 and the 3; the Wolf stays at the watering hole.
  EXPECT_EQ(s.wolf_owner, 2);
  EXPECT_EQ(s.wolf_stash[S(2)] + s.wolf_stash[S(3)], 2);
  ASSERT_EQ(s.watering_hole.size(), 1u);
  EXPECT_EQ(s.watering_hole[0], kWolf);
  EXPECT_EQ(s.hand_size(2), 2);   // Black Sheep and 6: the stash is not in hand
  s = after_drawing(s, 2, S(6));  // later draws join the Wolf
  EXPECT_EQ(s.watering_hole.size(), 2u);
  s.apply(act::kStop);                              // 2 counted: no zoo
  EXPECT_EQ(s.hand[2][S(2)] + s.hand[2][S(3)], 2);  // back in hand at the end of the turn
  EXPECT_EQ(s.hand[0][kWolf], 1);
  EXPECT_EQ(s.wolf_owner, -1);
}

// ---------------------------------------------------------------- Stall

TEST(Stall, EndsAfterQuietRounds) {
  // Empty pile, nobody ever places: after 2 rounds of 3 turns the game ends.
  State s = table(3, {{S(1)}, {S(2)}, {S(3)}});
  s.zoo[1][S(5)] = 3;
  for (int turn = 0; turn < 6; ++turn) {
    ASSERT_FALSE(s.is_terminal()) << turn;
    int next = (s.active + 1) % 3;
    s = after_drawing(s, next, kBlackSheep);
  }
  EXPECT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 1);  // most triplets
}

TEST(Stall, JointWinners) {
  State s = table(2, {{S(1)}, {S(2)}});
  s.zoo[0][S(5)] = 2;
  s.zoo[1][S(6)] = 2;
  for (int turn = 0; turn < 4; ++turn) s = after_drawing(s, 1 - s.active, kBlackSheep);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winners().size(), 2u);
}

TEST(Stall, TurnLimit) {
  Params p = params_with();
  p.turn_limit = 10;
  p.stall_rounds = 20;
  State s = table(2, {{S(1)}, {S(2)}}, {S(3), S(3), S(3), S(3), S(4), S(4), S(4), S(4)}, p);
  for (int turn = 0; turn < 10; ++turn) {
    ASSERT_FALSE(s.is_terminal()) << turn;
    s = after_drawing(s, 1 - s.active, kBlackSheep);
  }
  EXPECT_TRUE(s.is_terminal());
  EXPECT_TRUE(has_event(s, evStall));
}

// ---------------------------------------------------------------- Edge

TEST(Edge, IllegalActionThrows) {
  auto state = registry().find("bye-bye").start({{"start_player", "1"}}, 3, 1);
  EXPECT_THROW(state->apply(act::kStop), IllegalAction);          // must draw first
  EXPECT_THROW(state->apply(act::kDrawFrom + 0), IllegalAction);  // own hand
  EXPECT_THROW(state->apply(9999), IllegalAction);                // no such action
  EXPECT_THROW(state->parse_action("zoo: set 3"), IllegalAction);
  EXPECT_THROW(state->parse_action("fly to the moon"), IllegalAction);
  EXPECT_EQ(state->parse_action("  Draw   FROM p2 "), act::kDrawFrom + 1);
}

}  // namespace
}  // namespace bw::bye_bye
