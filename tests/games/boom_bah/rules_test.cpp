// Sheep Boom Bah: a test for every rule and every case issue 6 lists.
// [R] = rulebook (BGA summary), [P] = our proposal (CLARIFICATIONS.md 4b/4c).
//
// Rule / clarification                                   -> test
// -----------------------------------------------------------------------------------------------
// [P] 7x7 board: 24 start spaces around 25 field tiles     -> BoomBahSetup.BoardGeometry
// [P] tile mix by player count (tiles_Np tables)           -> BoomBahSetup.TileMixByPlayerCount
// [P] deck (table) dealt 4 each [R]                        -> BoomBahSetup.DeckAndHands
// [R] sheep placed one at a time, in turn order, on free
//     start spaces ([P] sheep per player: table)           -> BoomBahSetup.PlacementInTurnOrder, BoomBahSetup.SheepPerPlayerTable
// [R] exactly two actions a turn                           -> BoomBahTurn.TwoActionsThenEnd
// [P] actions that cannot be taken are forfeited           -> BoomBahTurn.ForfeitWhenNothingIsPossible
// [R] move one tile in any direction ([P] diagonals; [P]
//     without them corners are not start spaces)          -> BoomBahMove.AnyDirection, BoomBahMove.OrthogonalOnlyParameter
// [R] no start -> start, no field -> start                 -> BoomBahMove.NoStartToStart, BoomBahMove.NoFieldToStart
// [R] same sheep may move twice                            -> BoomBahMove.SameSheepTwice
// [R] a hidden tile is revealed and resolved; a revealed
//     field is safe                                        -> BoomBahMove.RevealsHiddenTile, BoomBahMove.RevealedSafeDoesNothing
// [R] bump of length 1, in the direction of the push       -> BoomBahBump.LengthOne, BoomBahBump.DiagonalPushContinuesDiagonally
// [R] bump chain of length 3 ([P] farthest first)          -> BoomBahBump.ChainOfThree
// [R] no bump onto a start space, even through a chain     -> BoomBahBump.RefusedOntoStartSpace, BoomBahBump.RefusedThroughChain
// [R] a bumped sheep reveals and resolves a hidden tile    -> BoomBahBump.RevealsAndResolves
// [R] bumped onto another player's revealed Barn           -> BoomBahBarn.BumpedOntoOtherBarnIsStolen
// [P] Barn tile: own colour -> Barnyard, other -> Barn      -> BoomBahBarn.OwnColourGoesToBarnyard, BoomBahBarn.OtherColourGoesToTileOwnersBarn
// [P] barn of a colour not in play is safe                 -> BoomBahBarn.UnusedColourIsSafe
// [P] effects table                                        -> BoomBahBarn.EffectsTableChangesDestination
// [R] Barnyard -> Barn action                              -> BoomBahBarnyard.MoveToBarnIsAnAction
// [P] land mine unanswered -> Graveyard, crater            -> BoomBahMine.UnansweredGoesToGraveyard
// [R] mine from a bump answered by Hero of the Herd        -> BoomBahMine.BumpOntoMineAnsweredByHero
// [R] mine from a bump answered by Am-Bah-Lance            -> BoomBahMine.BumpOntoMineAnsweredByAmbahlance
// [P] mine answered by EIEI...No on the Hero               -> BoomBahMine.HeroCancelledByEieinoThenAskedAgain
// [P] bump towards a mine answered by a Wolf               -> BoomBahMine.BumpTowardsMineStoppedByWolf
// [P] Wolf stops a bump; the action is spent               -> BoomBahWolf.StopsTheBump, BoomBahWolf.AskedOnlyOwnersOfBumpedSheep
// [P] EIEI...No cancels a card; EIEI...No against EIEI...No -> BoomBahNo.CancelsTheCard, BoomBahNo.AgainstNoLetsTheCardStand
// [R] windows ask every eligible player or none (no leak)  -> BoomBahWindows.AskedWhateverTheHand, BoomBahWindows.EmptyHandsNotAsked
// [R] cards: discard freely; draw back to 4 at turn end    -> BoomBahCards.DiscardThenRefillAtTurnEnd, BoomBahCards.NoPlayNoRefill
// [R] out-of-turn play: refill at the end of own next turn -> BoomBahCards.OutOfTurnRefillWaitsForOwnTurn
// [P] empty pile: discards reshuffled                      -> BoomBahCards.DiscardsReshuffledWhenPileRunsOut
// [R] end: a player has no sheep on the field; the others
//     take one more turn; the active player does not       -> BoomBahEnd.ActiveRemovesAnotherPlayersLastSheep, BoomBahEnd.OwnLastSheep
// [R] scoring table                                        -> BoomBahScore.Table
// [R] tie-break: most sheep in the Barn ([P] then joint)   -> BoomBahScore.TieBreakMostSheepInBarn, BoomBahScore.JointWinners
// [P] turn limit guard                                     -> BoomBahEnd.TurnLimit
// parameters and seats rejected clearly                    -> BoomBahParams.BadValuesAreRejected, BoomBahParams.DefaultsMatchSpecs
// illegal actions rejected at the edge                     -> BoomBahEdge.IllegalActionThrows
#include <gtest/gtest.h>

#include "core/any_state.hpp"
#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "test_support.hpp"

namespace bw::boom_bah {
namespace {
using namespace testing;

const int kRedHero = card_type(kHero, 0), kRedAmb = card_type(kAmbahlance, 0), kRedNo = card_type(kEieino, 0);
const int kBlueNo = card_type(kEieino, 1), kBlueWolf = card_type(kWolf, 1), kBlueHero = card_type(kHero, 1);
const int kYellowNo = card_type(kEieino, 2);

// ---------------------------------------------------------------- Setup

TEST(BoomBahSetup, BoardGeometry) {
  int start = 0;
  for (int cell = 0; cell < kCells; ++cell) start += is_start_space(cell);
  EXPECT_EQ(start, kStartSpaces);
  EXPECT_TRUE(is_start_space(C("a1")));
  EXPECT_TRUE(is_start_space(C("g4")));
  EXPECT_FALSE(is_start_space(C("b2")));
  EXPECT_FALSE(is_start_space(C("f6")));
}

TEST(BoomBahSetup, TileMixByPlayerCount) {
  struct Row {
    int players, barns_each, mines, safe;
  };
  for (Row row : {Row{2, 2, 5, 16}, Row{3, 2, 6, 13}, Row{4, 2, 7, 10}}) {
    State s(Params{}, row.players, 3);
    std::array<int, kNumTileKinds> count{};
    for (int cell = 0; cell < kCells; ++cell)
      if (!is_start_space(cell)) {
        ++count[s.tile[cell]];
        EXPECT_FALSE(s.revealed[cell]);
      }
    EXPECT_EQ(count[kMine], row.mines);
    EXPECT_EQ(count[kSafe], row.safe);
    for (int colour = 0; colour < kMaxSeats; ++colour)
      EXPECT_EQ(count[kBarn0 + colour], colour < row.players ? row.barns_each : 0);
  }
  Params p;
  p.tiles[2] = {1, 10, 13};
  State s(p, 2, 3);
  int mines = 0;
  for (int cell = 0; cell < kCells; ++cell) mines += !is_start_space(cell) && s.tile[cell] == kMine;
  EXPECT_EQ(mines, 10);
}

TEST(BoomBahSetup, DeckAndHands) {
  State s(Params{}, 3, 9);
  CardCounts all{};
  for (Player p = 0; p < 3; ++p) {
    EXPECT_EQ(s.hand_count(p), 4);
    for (int t = 0; t < kNumCardTypes; ++t) all[t] += s.hand[p][t];
  }
  for (auto c : s.draw_pile) ++all[c];
  EXPECT_EQ(s.total_cards(), 36);
  for (int t = 0; t < kWildWoolType; ++t) EXPECT_EQ(all[t], 2) << card_name(t);
  EXPECT_EQ(all[kWildWoolType], 4);
}

TEST(BoomBahSetup, PlacementInTurnOrder) {
  Params p;
  p.start_player = 2;
  State s(p, 3, 1);
  EXPECT_EQ(s.phase, Phase::Place);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_FALSE(legal(s, static_cast<Action>(act::kPlace + C("c3"))));  // field tile
  step(s, static_cast<Action>(act::kPlace + C("c1")));
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_FALSE(legal(s, static_cast<Action>(act::kPlace + C("c1"))));  // taken
  int placed = 1;
  while (s.phase == Phase::Place) {
    Player expected = static_cast<Player>((1 + placed) % 3);
    EXPECT_EQ(s.current_player(), expected);
    ActionList list;
    s.legal_actions(list);
    s.apply(list[0]);
    ++placed;
  }
  EXPECT_EQ(placed, 12);
  EXPECT_EQ(s.phase, Phase::Actions);
  EXPECT_EQ(s.active, 1);  // the first player starts the play too
  for (Player q = 0; q < 3; ++q) EXPECT_EQ(s.sheep_on_board(q), 4);
}

TEST(BoomBahSetup, SheepPerPlayerTable) {
  Params p;
  p.sheep[2] = 6;
  State s(p, 2, 1);
  EXPECT_EQ(s.to_place[0], 6);
  EXPECT_EQ(s.total_sheep(), 12);
}

// ---------------------------------------------------------------- The turn

TEST(BoomBahTurn, TwoActionsThenEnd) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "e5", 1);
  EXPECT_FALSE(legal(s, act::kEndTurn));
  step(s, move("c3", E));
  EXPECT_EQ(s.actions_left, 1);
  step(s, move("d3", E));
  EXPECT_EQ(s.actions_left, 0);
  EXPECT_FALSE(legal(s, move("e3", E)));
  EXPECT_TRUE(legal(s, act::kEndTurn));
  step(s, act::kEndTurn);
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(s.actions_left, 2);
}

TEST(BoomBahTurn, ForfeitWhenNothingIsPossible) {
  State s = table(2);
  put(s, "a1", 0);  // a corner: its only field neighbour is b2, diagonally
  put(s, "b2", 1);
  put(s, "c3", 1);
  put(s, "d4", 1);
  put(s, "e5", 1);
  put(s, "f6", 1);  // b2..f6 full: the push would reach g7, a start space
  give(s, 0, kRedNo);
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 2u);  // discard, end turn
  EXPECT_TRUE(legal(s, act::kEndTurn));
  step(s, act::kEndTurn);
  EXPECT_TRUE(has_event(s, evForfeit));
  EXPECT_EQ(s.active, 1);
}

// ---------------------------------------------------------------- Movement

TEST(BoomBahMove, AnyDirection) {
  State s = table(2);
  put(s, "d4", 0);
  for (int dir = 0; dir < 8; ++dir) EXPECT_TRUE(legal(s, move("d4", dir))) << dir;
}

TEST(BoomBahMove, OrthogonalOnlyParameter) {
  Params p = params_with();
  p.diagonal_moves = false;
  State s = table(2, p);
  put(s, "d4", 0);
  for (int dir = 0; dir < 8; ++dir) EXPECT_EQ(legal(s, move("d4", dir)), dir % 2 == 0) << dir;
  put(s, "a1", 0);  // a corner sheep cannot move at all without diagonals
  for (int dir = 0; dir < 8; ++dir) EXPECT_FALSE(legal(s, move("a1", dir)));
  // ... so corners are not offered for placement then.
  State fresh(p, 2, 1);
  EXPECT_FALSE(legal(fresh, static_cast<Action>(act::kPlace + C("a1"))));
  EXPECT_FALSE(legal(fresh, static_cast<Action>(act::kPlace + C("g7"))));
  EXPECT_TRUE(legal(fresh, static_cast<Action>(act::kPlace + C("b1"))));
  EXPECT_TRUE(legal(State(params_with(), 2, 1), static_cast<Action>(act::kPlace + C("a1"))));
}

TEST(BoomBahMove, NoStartToStart) {
  State s = table(2);
  put(s, "c1", 0);
  EXPECT_FALSE(legal(s, move("c1", E)));
  EXPECT_FALSE(legal(s, move("c1", W)));
  EXPECT_TRUE(legal(s, move("c1", S)));
  EXPECT_TRUE(legal(s, move("c1", SE)));
  EXPECT_TRUE(legal(s, move("c1", SW)));
  EXPECT_FALSE(legal(s, move("c1", N)));  // off the board
}

TEST(BoomBahMove, NoFieldToStart) {
  State s = table(2);
  put(s, "b2", 0);
  EXPECT_FALSE(legal(s, move("b2", N)));
  EXPECT_FALSE(legal(s, move("b2", W)));
  EXPECT_FALSE(legal(s, move("b2", NW)));
  EXPECT_TRUE(legal(s, move("b2", SE)));
}

TEST(BoomBahMove, SameSheepTwice) {
  State s = table(2);
  put(s, "b3", 0);
  step(s, move("b3", E));
  step(s, move("c3", E));
  EXPECT_EQ(s.sheep[C("d3")], 0);
  EXPECT_EQ(s.sheep[C("b3")], -1);
}

TEST(BoomBahMove, RevealsHiddenTile) {
  State s = table(2);
  put(s, "b3", 0);
  step(s, move("b3", E));
  EXPECT_TRUE(s.revealed[C("c3")]);
  EXPECT_TRUE(has_event(s, evReveal));
  EXPECT_EQ(s.sheep[C("c3")], 0);
}

TEST(BoomBahMove, RevealedSafeDoesNothing) {
  State s = table(2);
  put(s, "b3", 0);
  lay(s, "c3", kCrater, true);
  step(s, move("b3", E));
  EXPECT_FALSE(has_event(s, evReveal));
  EXPECT_EQ(s.sheep[C("c3")], 0);
}

// ---------------------------------------------------------------- Bumping

TEST(BoomBahBump, LengthOne) {
  State s = table(2);
  put(s, "b3", 0);
  put(s, "c3", 1);
  lay(s, "c3", kSafe, true);
  step(s, move("b3", E));  // seat 1 holds no card: no Wolf window
  EXPECT_EQ(s.phase, Phase::Actions);
  EXPECT_EQ(s.sheep[C("b3")], -1);
  EXPECT_EQ(s.sheep[C("c3")], 0);
  EXPECT_EQ(s.sheep[C("d3")], 1);
  EXPECT_TRUE(s.revealed[C("d3")]);
  EXPECT_TRUE(has_event(s, evBump));
}

TEST(BoomBahBump, DiagonalPushContinuesDiagonally) {
  State s = table(2);
  put(s, "b2", 0);
  put(s, "c3", 1);
  lay(s, "c3", kSafe, true);
  step(s, move("b2", SE));
  EXPECT_EQ(s.sheep[C("c3")], 0);
  EXPECT_EQ(s.sheep[C("d4")], 1);
  EXPECT_EQ(s.sheep[C("b2")], -1);
  EXPECT_TRUE(s.revealed[C("d4")]);  // the bumped sheep turned its tile over
}

TEST(BoomBahBump, ChainOfThree) {
  State s = table(3);
  put(s, "a4", 0);  // from a start space
  put(s, "b4", 1);
  put(s, "c4", 2);
  put(s, "d4", 1);
  lay(s, "b4", kSafe, true);
  lay(s, "c4", kSafe, true);
  lay(s, "d4", kSafe, true);
  lay(s, "e4", kBarn0 + 2);  // face down: seat 2's barn
  step(s, move("a4", E));
  EXPECT_EQ(s.sheep[C("a4")], -1);
  EXPECT_EQ(s.sheep[C("b4")], 0);
  EXPECT_EQ(s.sheep[C("c4")], 1);
  EXPECT_EQ(s.sheep[C("d4")], 2);
  // The farthest sheep (seat 1's, from d4) landed on e4, revealed seat 2's barn and was taken.
  EXPECT_EQ(s.sheep[C("e4")], -1);
  EXPECT_EQ(s.barn[2][1], 1);
  // Bump events farthest first.
  int first_bump = -1;
  for (const Event& e : s.events())
    if (e.kind == evBump) {
      first_bump = e.b;
      break;
    }
  EXPECT_EQ(first_bump, C("d4"));
}

TEST(BoomBahBump, RefusedOntoStartSpace) {
  State s = table(2);
  put(s, "e3", 0);
  put(s, "f3", 1);  // pushed east it would land on g3, a start space
  lay(s, "f3", kSafe, true);
  EXPECT_FALSE(legal(s, move("e3", E)));
  EXPECT_TRUE(legal(s, move("e3", S)));
}

TEST(BoomBahBump, RefusedThroughChain) {
  State s = table(2);
  put(s, "b5", 0);
  put(s, "c5", 1);
  put(s, "d5", 0);
  put(s, "e5", 1);
  put(s, "f5", 1);  // the chain c5..f5 would push f5 onto g5
  EXPECT_FALSE(legal(s, move("b5", E)));
  put(s, "f5", -1);  // now e5 lands on f5: fine
  EXPECT_TRUE(legal(s, move("b5", E)));
}

TEST(BoomBahBump, RevealsAndResolves) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  lay(s, "e3", kBarn0 + 1);  // seat 1's own barn, face down
  step(s, move("c3", E));
  EXPECT_TRUE(s.revealed[C("e3")]);
  EXPECT_EQ(s.barnyard[1], 1);
  EXPECT_EQ(s.sheep[C("e3")], -1);
  EXPECT_EQ(s.sheep[C("d3")], 0);
}

// ---------------------------------------------------------------- Barns

TEST(BoomBahBarn, OwnColourGoesToBarnyard) {
  State s = table(2);
  put(s, "c3", 0);
  lay(s, "d3", kBarn0 + 0);
  step(s, move("c3", E));
  EXPECT_EQ(s.barnyard[0], 1);
  EXPECT_EQ(s.sheep[C("d3")], -1);
  EXPECT_TRUE(s.revealed[C("d3")]);
}

TEST(BoomBahBarn, OtherColourGoesToTileOwnersBarn) {
  State s = table(2);
  put(s, "c3", 0);
  lay(s, "d3", kBarn0 + 1, true);  // a revealed barn keeps working
  step(s, move("c3", E));
  EXPECT_EQ(s.barn[1][0], 1);
  EXPECT_EQ(s.barnyard[0], 0);
}

TEST(BoomBahBarn, BumpedOntoOtherBarnIsStolen) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  lay(s, "e3", kBarn0 + 2, true);
  step(s, move("c3", E));
  EXPECT_EQ(s.barn[2][1], 1);
  EXPECT_EQ(s.sheep[C("e3")], -1);
}

TEST(BoomBahBarn, UnusedColourIsSafe) {
  State s = table(2);
  put(s, "c3", 0);
  lay(s, "d3", kBarn0 + 3);  // green: no fourth player
  step(s, move("c3", E));
  EXPECT_EQ(s.sheep[C("d3")], 0);
  EXPECT_EQ(s.barnyard[0], 0);
}

TEST(BoomBahBarn, EffectsTableChangesDestination) {
  Params p = params_with();
  p.own_barn = Dest::Barn;
  State s = table(2, p);
  put(s, "c3", 0);
  lay(s, "d3", kBarn0 + 0);
  step(s, move("c3", E));
  EXPECT_EQ(s.barn[0][0], 1);
  EXPECT_EQ(s.barnyard[0], 0);
}

TEST(BoomBahBarnyard, MoveToBarnIsAnAction) {
  State s = table(2);
  put(s, "c3", 0);
  EXPECT_FALSE(legal(s, act::kBarn));
  s.barnyard[0] = 2;
  step(s, act::kBarn);
  EXPECT_EQ(s.barnyard[0], 1);
  EXPECT_EQ(s.barn[0][0], 1);
  EXPECT_EQ(s.actions_left, 1);
  step(s, act::kBarn);
  EXPECT_EQ(s.actions_left, 0);
  EXPECT_FALSE(legal(s, act::kBarn));
  EXPECT_EQ(s.score(0), 6);
}

// ---------------------------------------------------------------- Land mines

TEST(BoomBahMine, UnansweredGoesToGraveyard) {
  State s = table(2);
  put(s, "c3", 0);
  lay(s, "d3", kMine);
  step(s, move("c3", E));  // seat 0 holds no card: nobody to ask
  EXPECT_EQ(s.graveyard[0], 1);
  EXPECT_EQ(s.tile[C("d3")], kCrater);
  EXPECT_EQ(s.sheep[C("d3")], -1);
  EXPECT_EQ(s.phase, Phase::Actions);
}

// Seat 0 bumps seat 1's sheep from d3 onto a face-down mine at e3.
State bump_onto_mine() {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  lay(s, "e3", kMine);
  give(s, 1, kBlueHero);
  give(s, 1, card_type(kAmbahlance, 1));
  s.apply(move("c3", E));
  EXPECT_EQ(s.phase, Phase::WolfWindow);  // seat 1 holds cards: asked about a Wolf first
  EXPECT_EQ(s.current_player(), 1);
  s.apply(act::kPass);
  EXPECT_EQ(s.phase, Phase::MineWindow);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.sheep[C("e3")], 1);
  return s;
}

TEST(BoomBahMine, BumpOntoMineAnsweredByHero) {
  State s = bump_onto_mine();
  EXPECT_FALSE(legal(s, play(kBlueWolf)));
  step(s, play(kBlueHero));
  EXPECT_EQ(s.phase, Phase::Actions);  // nobody else holds a card: no EIEI...No window
  EXPECT_EQ(s.sheep[C("e3")], 1);      // the hero stays
  EXPECT_EQ(s.tile[C("e3")], kCrater);
  EXPECT_EQ(s.graveyard[1], 0);
  EXPECT_TRUE(s.needs_refill[1]);
  EXPECT_EQ(s.discard_pile.size(), 1u);
}

TEST(BoomBahMine, BumpOntoMineAnsweredByAmbahlance) {
  State s = bump_onto_mine();
  step(s, play(card_type(kAmbahlance, 1)));
  EXPECT_EQ(s.sheep[C("e3")], -1);
  EXPECT_EQ(s.barnyard[1], 1);
  EXPECT_EQ(s.graveyard[1], 0);
  EXPECT_EQ(s.tile[C("e3")], kCrater);
}

TEST(BoomBahMine, BumpTowardsMineStoppedByWolf) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  lay(s, "e3", kMine);
  give(s, 1, kBlueWolf);
  step(s, move("c3", E));
  step(s, play(kBlueWolf));
  EXPECT_EQ(s.sheep[C("d3")], 1);
  EXPECT_FALSE(s.revealed[C("e3")]);  // the mine stays hidden
  EXPECT_EQ(s.tile[C("e3")], kMine);
  EXPECT_EQ(s.graveyard[1], 0);
}

TEST(BoomBahMine, HeroCancelledByEieinoThenAskedAgain) {
  State s = bump_onto_mine();
  give(s, 2, kYellowNo);
  step(s, play(kBlueHero));
  EXPECT_EQ(s.phase, Phase::NoWindow);
  EXPECT_EQ(s.current_player(), 2);
  step(s, play(kYellowNo));
  // The EIEI...No opens its own window: seat 0 holds no card and is skipped,
  // seat 1 (the Hero's player) may answer it, and passes.
  EXPECT_EQ(s.phase, Phase::NoWindow);
  EXPECT_EQ(s.current_player(), 1);
  step(s, act::kPass);
  EXPECT_TRUE(has_event(s, evCancelled));
  EXPECT_EQ(s.phase, Phase::MineWindow);  // asked again
  EXPECT_EQ(s.current_player(), 1);
  step(s, act::kPass);
  EXPECT_EQ(s.graveyard[1], 1);
}

// ---------------------------------------------------------------- Wolf and EIEI...No

TEST(BoomBahWolf, StopsTheBump) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  step(s, move("c3", E));
  EXPECT_EQ(s.phase, Phase::WolfWindow);
  EXPECT_EQ(s.actions_left, 1);
  step(s, play(kBlueWolf));
  EXPECT_EQ(s.phase, Phase::Actions);  // seat 0 holds no card: no EIEI...No window
  EXPECT_TRUE(has_event(s, evBumpStopped));
  EXPECT_EQ(s.sheep[C("c3")], 0);
  EXPECT_EQ(s.sheep[C("d3")], 1);
  EXPECT_EQ(s.actions_left, 1);  // the action is spent
  EXPECT_FALSE(s.revealed[C("e3")]);
}

TEST(BoomBahWolf, AskedOnlyOwnersOfBumpedSheep) {
  State s = table(4);
  put(s, "b4", 0);
  put(s, "c4", 2);
  put(s, "d4", 0);  // the mover's own sheep: seat 0 is never asked
  lay(s, "c4", kSafe, true);
  lay(s, "d4", kSafe, true);
  for (Player p = 0; p < 4; ++p) give(s, p, kBlueWolf);
  step(s, move("b4", E));
  EXPECT_EQ(s.phase, Phase::WolfWindow);
  EXPECT_EQ(s.current_player(), 2);
  step(s, act::kPass);
  EXPECT_EQ(s.phase, Phase::Actions);
  EXPECT_EQ(s.sheep[C("e4")], 0);
  EXPECT_EQ(s.sheep[C("d4")], 2);
}

TEST(BoomBahNo, CancelsTheCard) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  give(s, 0, kRedNo);
  step(s, move("c3", E));
  step(s, play(kBlueWolf));
  EXPECT_EQ(s.phase, Phase::NoWindow);
  EXPECT_EQ(s.current_player(), 0);
  step(s, play(kRedNo));
  // Seat 1 has no card left: nobody can answer; the Wolf is cancelled and
  // seat 1 is asked again in the Wolf window (holding nothing, it passes).
  EXPECT_TRUE(has_event(s, evCancelled));
  EXPECT_EQ(s.phase, Phase::WolfWindow);
  step(s, act::kPass);
  EXPECT_EQ(s.sheep[C("d3")], 0);
  EXPECT_EQ(s.sheep[C("e3")], 1);
}

TEST(BoomBahNo, AgainstNoLetsTheCardStand) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  give(s, 1, kBlueNo);
  give(s, 0, kRedNo);
  give(s, 2, kYellowNo);
  step(s, move("c3", E));
  step(s, play(kBlueWolf));
  EXPECT_EQ(s.current_player(), 2);  // clockwise from the Wolf's player
  step(s, act::kPass);
  EXPECT_EQ(s.current_player(), 0);
  step(s, play(kRedNo));  // against the Wolf
  EXPECT_EQ(s.no_depth, 1);
  EXPECT_EQ(s.current_player(), 1);
  step(s, play(kBlueNo));  // against the EIEI...No
  EXPECT_EQ(s.no_depth, 2);
  EXPECT_EQ(s.current_player(), 2);
  step(s, act::kPass);
  // seat 0 has no card left: skipped; the window closes with two EIEI...No: the Wolf stands
  EXPECT_TRUE(has_event(s, evStands));
  EXPECT_TRUE(has_event(s, evBumpStopped));
  EXPECT_EQ(s.sheep[C("c3")], 0);
  EXPECT_EQ(s.sheep[C("d3")], 1);
}

// ---------------------------------------------------------------- Response windows leak nothing

TEST(BoomBahWindows, AskedWhateverTheHand) {
  // Seat 1 holds a Wolf in one world and a Wild Wool in the other: it is asked in both.
  for (int card : {kBlueWolf, kWildWoolType}) {
    State s = table(2);
    put(s, "c3", 0);
    put(s, "d3", 1);
    lay(s, "d3", kSafe, true);
    give(s, 1, card);
    step(s, move("c3", E));
    EXPECT_EQ(s.phase, Phase::WolfWindow) << card_name(card);
    EXPECT_EQ(s.current_player(), 1);
    EXPECT_TRUE(legal(s, act::kPass));
    EXPECT_EQ(legal(s, play(kBlueWolf)), card == kBlueWolf);
  }
}

TEST(BoomBahWindows, EmptyHandsNotAsked) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);  // seat 2 holds nothing (public): only seat 0 is asked about EIEI...No
  give(s, 0, kWildWoolType);
  step(s, move("c3", E));
  step(s, play(kBlueWolf));
  EXPECT_EQ(s.phase, Phase::NoWindow);
  EXPECT_EQ(s.current_player(), 0);
}

// ---------------------------------------------------------------- Cards and refills

TEST(BoomBahCards, DiscardThenRefillAtTurnEnd) {
  State s = table(2);
  put(s, "c3", 0);
  s.draw_pile.clear();
  for (int i = 0; i < 5; ++i) s.draw_pile.push_back(static_cast<std::uint8_t>(kRedHero));
  give(s, 0, kBlueNo, 4);
  step(s, discard(kBlueNo));  // free: no action spent
  step(s, discard(kBlueNo));
  EXPECT_EQ(s.actions_left, 2);
  EXPECT_EQ(s.hand_count(0), 2);
  step(s, move("c3", E));
  step(s, move("d3", E));
  step(s, discard(kBlueNo));  // after the actions too
  step(s, act::kEndTurn);
  EXPECT_EQ(s.hand_count(0), 4);
  EXPECT_EQ(s.hand[0][kRedHero], 3);
  EXPECT_FALSE(s.needs_refill[0]);
}

TEST(BoomBahCards, NoPlayNoRefill) {
  State s = table(2);
  put(s, "c3", 0);
  give(s, 0, kBlueNo, 2);  // short of four, but nothing played or discarded this turn
  step(s, move("c3", E));
  step(s, move("d3", E));
  step(s, act::kEndTurn);
  EXPECT_EQ(s.hand_count(0), 2);
}

TEST(BoomBahCards, OutOfTurnRefillWaitsForOwnTurn) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "d3", 1);
  put(s, "f6", 1);
  lay(s, "d3", kSafe, true);
  give(s, 1, kBlueWolf);
  give(s, 1, kWildWoolType);
  give(s, 0, kWildWoolType, 4);
  step(s, move("c3", E));
  step(s, play(kBlueWolf));
  step(s, act::kPass);  // seat 0 does not answer
  EXPECT_EQ(s.hand_count(1), 1);
  step(s, move("c3", S));
  step(s, act::kEndTurn);  // seat 0's turn ends: seat 1 does not draw now
  EXPECT_EQ(s.hand_count(1), 1);
  EXPECT_EQ(s.active, 1);
  step(s, move("f6", W));
  step(s, move("e6", W));
  step(s, act::kEndTurn);  // the end of its own next turn: back to four
  EXPECT_EQ(s.hand_count(1), 4);
}

TEST(BoomBahCards, DiscardsReshuffledWhenPileRunsOut) {
  State s = table(2);
  put(s, "c3", 0);
  s.draw_pile.clear();
  s.discard_pile.clear();
  s.draw_pile.push_back(static_cast<std::uint8_t>(kRedHero));
  give(s, 0, kBlueNo, 2);
  step(s, discard(kBlueNo));
  step(s, discard(kBlueNo));
  step(s, move("c3", E));
  step(s, move("d3", E));
  step(s, act::kEndTurn);  // one from the pile, then the two discards come back
  EXPECT_EQ(s.hand_count(0), 3);
  EXPECT_EQ(s.hand[0][kBlueNo], 2);
  EXPECT_TRUE(s.discard_pile.empty());
}

// ---------------------------------------------------------------- End of game

TEST(BoomBahEnd, ActiveRemovesAnotherPlayersLastSheep) {
  State s = table(3);
  put(s, "c3", 0);
  put(s, "d3", 1);  // seat 1's last sheep
  put(s, "b6", 2);
  put(s, "f6", 0);
  lay(s, "d3", kSafe, true);
  lay(s, "e3", kBarn0 + 0);
  step(s, move("c3", E));
  EXPECT_TRUE(s.end_triggered);
  EXPECT_EQ(s.trigger_seat, 0);
  EXPECT_EQ(s.barn[0][1], 1);
  EXPECT_EQ(s.actions_left, 1);  // the current turn goes on
  step(s, move("f6", W));
  step(s, act::kEndTurn);
  EXPECT_EQ(s.active, 1);  // seat 1 plays once more, with nothing on the field
  ActionList list;
  s.legal_actions(list);
  EXPECT_TRUE(list.contains(act::kEndTurn));
  step(s, act::kEndTurn);
  EXPECT_EQ(s.active, 2);
  step(s, move("b6", E));
  step(s, move("c6", E));
  step(s, act::kEndTurn);
  EXPECT_TRUE(s.is_terminal());  // seat 0 does not play again
}

TEST(BoomBahEnd, OwnLastSheep) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "e5", 1);
  lay(s, "d3", kMine);
  step(s, move("c3", E));
  EXPECT_TRUE(s.end_triggered);
  step(s, act::kEndTurn);
  EXPECT_EQ(s.active, 1);
  step(s, move("e5", E));
  step(s, move("f5", N));
  step(s, act::kEndTurn);
  EXPECT_TRUE(s.is_terminal());
}

TEST(BoomBahEnd, TurnLimit) {
  Params p = params_with();
  p.turn_limit = 10;
  State s = table(2, p);
  put(s, "b2", 0);
  put(s, "f6", 1);
  s.turn = 10;
  step(s, move("b2", E));
  step(s, move("c2", W));
  step(s, act::kEndTurn);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_TRUE(has_event(s, evTurnLimit));
}

// ---------------------------------------------------------------- Scoring

TEST(BoomBahScore, Table) {
  State s = table(3);
  give(s, 1, card_type(kHero, 1));  // own colour: +1
  give(s, 1, card_type(kWolf, 1));  // own colour: +1
  give(s, 1, kWildWoolType);        // Wild Wool: +1
  give(s, 1, kRedHero);             // another colour: 0
  s.barnyard[1] = 2;                // +1 each
  s.barn[1][1] = 1;                 // own: +3
  s.barn[1][0] = 1;                 // another's: +2
  s.barn[1][2] = 1;                 // another's: +2
  s.graveyard[1] = 3;               // -1 each
  EXPECT_EQ(s.score(1), 3 + 2 + 3 + 4 - 3);
  EXPECT_EQ(s.scores()[1], 9);
}

TEST(BoomBahScore, TieBreakMostSheepInBarn) {
  State s = table(2);
  put(s, "c3", 0);
  s.barnyard[0] = 3;  // 3 points, no barn
  s.barn[1][1] = 1;   // 3 points, one in the barn
  put(s, "e5", 1);
  s.active = 1;
  s.end_triggered = true;
  s.trigger_seat = 0;
  step(s, move("e5", E));
  step(s, move("f5", W));
  step(s, act::kEndTurn);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.score(0), 3);
  EXPECT_EQ(s.score(1), 3);
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 1);
}

TEST(BoomBahScore, JointWinners) {
  State s = table(2);
  put(s, "c3", 0);
  put(s, "e5", 1);
  s.barn[0][0] = 1;
  s.barn[1][1] = 1;
  s.active = 1;
  s.end_triggered = true;
  s.trigger_seat = 0;
  step(s, move("e5", E));
  step(s, move("f5", W));
  step(s, act::kEndTurn);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winners().size(), 2u);
}

// ---------------------------------------------------------------- Parameters and the edge

TEST(BoomBahParams, DefaultsMatchSpecs) {
  EXPECT_TRUE(Params::from(validate_params(State::param_specs(), {})) == Params());
}

TEST(BoomBahParams, BadValuesAreRejected) {
  auto specs = State::param_specs();
  auto rejects = [&](const char* name, const char* value) {
    EXPECT_THROW(Params::from(validate_params(specs, {{name, value}})), BadParameter) << name << "=" << value;
  };
  rejects("tiles_2p", "barn:2, mine:5, safe:15");  // 24 tiles
  rejects("tiles_3p", "barn:2, mine:6");
  rejects("tiles_4p", "barn:2, bomb:7, safe:10");
  rejects("sheep", "2:4, 3:4, 4:7");
  rejects("sheep", "2:4, 3:4");
  rejects("deck", "hero:2, ambahlance:2, eieino:2, wolf:2");
  rejects("deck", "hero:x, ambahlance:2, eieino:2, wolf:2, wild_wool:4");
  rejects("effects", "mine:tile_barn, hero:stay, ambahlance:barnyard, own_barn:barnyard, other_barn:tile_barn");
  rejects("effects", "mine:graveyard, hero:stay, ambahlance:barnyard, own_barn:stay, other_barn:tile_barn");
  rejects("hand_size", "0");
  EXPECT_THROW(State(Params{}, 5, 1), BadSeats);
  EXPECT_THROW(State(Params{}, 1, 1), BadSeats);
  Params p;
  p.start_player = 4;
  EXPECT_THROW(State(p, 3, 1), BadParameter);
  Params crowded;
  crowded.sheep[4] = 6;  // 24 sheep: fits the ring, but not without the corners
  EXPECT_NO_THROW(State(crowded, 4, 1));
  crowded.diagonal_moves = false;
  EXPECT_THROW(State(crowded, 4, 1), BadParameter);
  EXPECT_NO_THROW(
      Params::from(validate_params(specs, {{"deck", "hero:0, ambahlance:0, eieino:0, wolf:0, wild_wool:16"}})));
}

TEST(BoomBahEdge, IllegalActionThrows) {
  const GameInfo& info = registry().find("boom-bah");
  auto state = info.new_state(info, validate_params(info.params, {}), 3, 7);
  EXPECT_THROW(state->apply(static_cast<Action>(act::kPlace + C("c3"))), IllegalAction);
  EXPECT_THROW(state->apply(act::kEndTurn), IllegalAction);
  EXPECT_THROW(state->apply(static_cast<Action>(act::kCount)), IllegalAction);
}

}  // namespace
}  // namespace bw::boom_bah
