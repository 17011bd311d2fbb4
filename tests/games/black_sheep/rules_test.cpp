// Black Sheep: a test for every rule and clarification.
//
// Rulebook section / clarification                   -> test
// -----------------------------------------------------------------------------------------------
// Components: 84 cards (14 per animal), 36 figures    -> Setup.Components
// Setup 3: figure values hidden, mixed within animal  -> Setup.FigureValuesMixedWithinAnimal
// Setup 5: bonus cards aside / task cards dealt       -> Setup.NoTasksInBaseGame, Tasks.DealtSecretAndCommunity
// Setup 6: each field stocked from two drawn cards    -> Setup.FieldsStockedFromDrawnCards
// Setup 7: hands of three; who starts (CLAR 1b)       -> Setup.HandsOfThree, Setup.StartPlayer
// Which field: side facing you < 3 cards              -> Turn.FullSideNotChoosable
// Which field: all three full -> skip (CLAR 1c.2)     -> Turn.SkipWhenEveryFieldIsFull
// Which cards: 0 -> one or two, 1 -> two, 2 -> one     -> Turn.EmptySideOneOrTwo, Turn.OneCardSideNeedsTwo,
//                                                       Turn.TwoCardSideTakesOne
// Discarding: only after one card, at most one        -> Turn.DiscardOnlyAfterOneCard, Turn.DiscardIsOptional
// Drawing: refill to three; reshuffle the discards    -> Turn.RefillToThree, Turn.ReshuffleWhenDeckRunsOut
// Check for scoring: every player's side holds three  -> Scoring.OnlyWhenEverySideHasThree
// Seven combination ranks                             -> Hand.SevenRanksInOrder, Hand.FourAnimalsFromOneFigure
// Animal order (four cows beat four pigs)             -> Hand.AnimalOrder, Hand.FourCowsBeatFourPigs
// 3+2: the triple first (3 horses+2 BS > 3 pigs+2 roosters) -> Hand.FullByTripleFirst
// 2+2: higher pair, then lower pair                   -> Hand.TwoPairsHigherThenLower
// Kickers down to the last card                       -> Hand.KickersToTheLastCard
// Identical combinations: first completed wins        -> Scoring.IdenticalHandsGoToFirstCompleted
// Awarding the animals; cards to the discard pile     -> Scoring.WinnerCorralsFiguresCardsDiscarded
// The winner plays next                               -> Scoring.WinnerPlaysNext
// Continuing play: restock from two cards             -> Restock.TwoFreshFigures
// One exhausted: replacement draws one at a time      -> Restock.OneExhaustedDrawsReplacements
// Sequential check (CLAR 1c.7)                        -> Restock.SequentialCheck
// Restock reshuffles the discard if needed            -> Restock.ReshufflesWhenNeeded
// Both exhausted: end game, field turned over         -> EndGame.BothExhaustedTriggersEndAndFlips
// End game: scored fields turned over, last ends      -> EndGame.ScoredFieldsFlip, EndGame.LastFieldEndsTheGame
// Flipped fields cannot be chosen                     -> EndGame.FlippedFieldNotChoosable
// Termination guard (CLAR 1b)                         -> Restock.NoCardLeftKeepsOneFigure
// Winner: figure values, black sheep subtract         -> Final.FigureValuesBlackSheepNegative
// Majority bonus: strict, all six animals             -> Final.MajorityBonusStrictForAllSix
// Set bonus: one per full set of six                  -> Final.SetBonuses
// Winner ties: most animals, then joint               -> Final.TieBrokenByMostAnimals, Final.JointWinners
// Tasks: majority, tied leaders all score             -> Tasks.MajorityTiesAllScore
// Tasks: combination, per matching combination        -> Tasks.CombinationPerMatch
// Tasks: only player with black sheep wins outright   -> Tasks.LoneBlackSheepWins, Tasks.LoneBlackSheepNeedsTheCard
// Tasks: scored by everyone who meets them, no bonus  -> Tasks.SecretTasksScoreForEveryone, Tasks.NoBonusCards
// Parameters: data tables, bad values                 -> Params.*
// Illegal actions rejected at the edge; bad seats     -> Edge.*
// Hand-strength explainer                             -> Hand.ExplainHands, Hand.ParseHand
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "games/catalog.hpp"
#include "test_support.hpp"

namespace bw::black_sheep {
namespace {
using namespace testing;

// ---------------------------------------------------------------- Setup

TEST(Setup, Components) {
  for (int players = 2; players <= 4; ++players) {
    State s(Params{}, players, 3);
    EXPECT_EQ(s.total_cards(), 84);
    EXPECT_EQ(s.total_figures(), 36);
    AnimalCounts cards{};
    for (auto c : s.deck) ++cards[c];
    for (auto c : s.discard) ++cards[c];
    for (int p = 0; p < players; ++p)
      for (int a = 0; a < kNumAnimals; ++a) cards[a] += s.hand[p][a];
    for (int a = 0; a < kNumAnimals; ++a) EXPECT_EQ(cards[a], 14) << animal_name(a);
  }
}

TEST(Setup, FigureValuesMixedWithinAnimal) {
  // Every animal has its six values; the order of the stock differs between seeds.
  std::map<std::vector<int>, int> orders;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    State s(Params{}, 3, seed);
    std::array<std::vector<int>, kNumAnimals> all;
    for (int a = 0; a < kNumAnimals; ++a) {
      for (auto v : s.stock[a]) all[a].push_back(v);
      for (const Field& f : s.fields)
        for (const Figure& fig : f.figures)
          if (fig.animal == a) all[a].push_back(fig.value);
      std::sort(all[a].begin(), all[a].end());
      EXPECT_EQ(all[a], (std::vector<int>{1, 1, 2, 2, 3, 3}));
    }
    ++orders[std::vector<int>(s.stock[kHorse].begin(), s.stock[kHorse].end())];
  }
  EXPECT_GT(orders.size(), 3u);
}

TEST(Setup, NoTasksInBaseGame) {
  State s(Params{}, 3, 3);
  EXPECT_TRUE(s.community.empty());
  for (int p = 0; p < 3; ++p) EXPECT_TRUE(s.secret[p].empty());
}

TEST(Setup, FieldsStockedFromDrawnCards) {
  State s(Params{}, 4, 8);
  AnimalCounts on_fields{};
  for (const Field& f : s.fields) {
    EXPECT_EQ(f.figures.size(), 2u);
    EXPECT_FALSE(f.flipped);
    for (const Figure& fig : f.figures) ++on_fields[fig.animal];
  }
  // The six drawn cards lie face up on the discard pile and match the figures.
  EXPECT_EQ(s.discard.size(), 6u);
  for (int a = 0; a < kNumAnimals; ++a) {
    EXPECT_EQ(count_of(s.discard, a), on_fields[a]);
    EXPECT_EQ(s.stock[a].size(), 6u - on_fields[a]);
  }
}

TEST(Setup, HandsOfThree) {
  for (int players = 2; players <= 4; ++players) {
    State s(Params{}, players, 2);
    for (int p = 0; p < players; ++p) EXPECT_EQ(s.hand_size(p), 3);
    EXPECT_EQ(s.deck.size(), 84u - 6u - 3u * players);
  }
}

TEST(Setup, StartPlayer) {
  Params p;
  p.start_player = 3;
  EXPECT_EQ(State(p, 4, 1).current_player(), 2);
  std::map<int, int> starts;
  for (std::uint64_t seed = 0; seed < 400; ++seed) ++starts[State(Params{}, 4, seed).current_player()];
  EXPECT_EQ(starts.size(), 4u);
  for (auto [seat, n] : starts) EXPECT_GT(n, 60) << seat;
  p.start_player = 4;
  EXPECT_THROW(State(p, 3, 1), BadParameter);
}

// ---------------------------------------------------------------- Placing cards

TEST(Turn, FullSideNotChoosable) {
  State s = table(3);
  set_field(s, 1, {kCow, kPig}, {{kHorse, kHorse, kHorse}, {}, {}});
  EXPECT_TRUE(legal(s, field_action(0)));
  EXPECT_FALSE(legal(s, field_action(1)));
  EXPECT_TRUE(legal(s, field_action(2)));
  // Another seat's full side does not matter.
  s.active = 1;
  EXPECT_TRUE(legal(s, field_action(1)));
}

TEST(Turn, SkipWhenEveryFieldIsFull) {
  State s = table(3);
  for (int f = 0; f < 3; ++f) set_field(s, f, {kCow, kPig}, {{}, {kSheep, kSheep, kSheep}, {}});
  set_hand(s, 0, {kHorse, kHorse, kCow});
  s.apply(field_action(0));
  s.apply(place(kHorse));
  s.apply(place(kHorse));
  EXPECT_TRUE(has_event(s, evSkip));
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(s.hand_size(1), 3);  // the skipped seat neither played nor drew
}

TEST(Turn, EmptySideOneOrTwo) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  s.apply(field_action(0));
  ActionList list;
  s.legal_actions(list);
  EXPECT_EQ(list.size(), 3u);  // any of the three cards; "just one" only after one is down
  EXPECT_FALSE(legal(s, act::kJustOne));
  s.apply(place(kCow));
  EXPECT_TRUE(legal(s, act::kJustOne));
  EXPECT_TRUE(legal(s, place(kHorse)));
  State two = s;
  two.apply(place(kPig));  // two cards: the turn moves on, no discard
  EXPECT_EQ(two.fields[0].side[0].size(), 2u);
  EXPECT_EQ(two.current_player(), 1);
  EXPECT_EQ(two.hand_size(0), 3);
  s.apply(act::kJustOne);
  EXPECT_EQ(s.phase, Phase::Discard);
  EXPECT_EQ(s.fields[0].side[0].size(), 1u);
}

TEST(Turn, OneCardSideNeedsTwo) {
  State s = table(2);
  set_field(s, 0, {kCow, kPig}, {{kHorse}, {}});
  set_hand(s, 0, {kHorse, kCow, kPig});
  s.apply(field_action(0));
  s.apply(place(kHorse));
  EXPECT_FALSE(legal(s, act::kJustOne));
  EXPECT_EQ(s.phase, Phase::Place);
  s.apply(place(kPig));
  EXPECT_EQ(s.fields[0].side[0].size(), 3u);
  EXPECT_EQ(s.current_player(), 1);
}

TEST(Turn, TwoCardSideTakesOne) {
  State s = table(2);
  set_field(s, 0, {kCow, kPig}, {{kHorse, kHorse}, {}});
  set_hand(s, 0, {kHorse, kCow, kPig});
  s.apply(field_action(0));
  s.apply(place(kCow));
  EXPECT_EQ(s.fields[0].side[0].size(), 3u);
  EXPECT_EQ(s.phase, Phase::Discard);  // one card placed: the discard option
  EXPECT_FALSE(legal(s, place(kPig)));
}

TEST(Turn, DiscardOnlyAfterOneCard) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(act::kJustOne);
  EXPECT_TRUE(legal(s, discard_action(kHorse)));
  EXPECT_TRUE(legal(s, discard_action(kPig)));
  EXPECT_FALSE(legal(s, discard_action(kCow)));  // not in hand any more
  std::size_t discards = s.discard.size();
  s.apply(discard_action(kPig));
  EXPECT_EQ(s.discard.size(), discards + 1);
  EXPECT_EQ(s.discard.back(), kPig);
  EXPECT_EQ(s.hand_size(0), 3);  // refilled: drew two
  EXPECT_EQ(s.current_player(), 1);
}

TEST(Turn, DiscardIsOptional) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  set_deck(s, {kSheep, kRooster});
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(act::kJustOne);
  s.apply(act::kKeep);
  EXPECT_EQ(s.hand[0], counts({kHorse, kPig, kSheep}));
}

TEST(Turn, RefillToThree) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  set_deck(s, {kSheep, kRooster, kHorse});
  s.apply(field_action(2));
  s.apply(place(kCow));
  s.apply(place(kPig));
  EXPECT_EQ(s.hand[0], counts({kHorse, kSheep, kRooster}));
  EXPECT_EQ(s.deck.size(), 1u);
}

TEST(Turn, ReshuffleWhenDeckRunsOut) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  set_deck(s, {kSheep});
  s.discard.clear();
  add_copies(s.discard, std::uint8_t{kBlackSheep}, 5);
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(place(kPig));
  EXPECT_TRUE(has_event(s, evReshuffle));
  EXPECT_EQ(s.hand[0], counts({kHorse, kSheep, kBlackSheep}));
  EXPECT_TRUE(s.discard.empty());
  EXPECT_EQ(s.deck.size(), 4u);
}

// ---------------------------------------------------------------- Scoring fields

TEST(Scoring, OnlyWhenEverySideHasThree) {
  State s = table(3);
  set_field(s, 0, {kCow, kPig}, {{kHorse, kHorse}, {kPig, kPig, kPig}, {kCow}});
  play_last_card(s, 0, 0, kHorse);
  EXPECT_FALSE(has_event(s, evFieldWinner));
  EXPECT_EQ(s.fields[0].side[0].size(), 3u);
  EXPECT_EQ(s.current_player(), 1);
}

TEST(Hand, SevenRanksInOrder) {
  const char* best_first[] = {"rooster rooster rooster rooster rooster",
                              "black-sheep black-sheep black-sheep black-sheep cow",
                              "black-sheep black-sheep black-sheep rooster rooster",
                              "black-sheep black-sheep black-sheep horse cow",
                              "black-sheep black-sheep rooster rooster horse",
                              "black-sheep black-sheep horse cow pig",
                              "horse cow pig sheep rooster"};
  Combination expected[] = {Combination::Five,     Combination::Four, Combination::FullFarm,  Combination::Three,
                            Combination::TwoPairs, Combination::Pair, Combination::HighAnimal};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(rank(best_first[i]).combination, expected[i]) << best_first[i];
    if (i > 0) {
      EXPECT_GT(rank(best_first[i - 1]).key, rank(best_first[i]).key) << best_first[i];
    }
  }
}

TEST(Hand, FourAnimalsFromOneFigure) {
  // A field stocked with one figure (termination guard) gives four-animal hands.
  EXPECT_EQ(rank("cow cow cow cow").combination, Combination::Four);
  EXPECT_EQ(rank("cow cow pig pig").combination, Combination::TwoPairs);
  EXPECT_GT(rank("horse cow cow pig").key, rank("sheep cow cow pig").key);
}

TEST(Hand, AnimalOrder) {
  const char* order[] = {"horse", "cow", "pig", "sheep", "rooster", "black-sheep"};
  for (int i = 1; i < 6; ++i) {
    std::string better = std::string(order[i - 1]) + " " + order[i - 1];
    std::string worse = std::string(order[i]) + " " + order[i];
    EXPECT_GT(rank(better.c_str()).key, rank(worse.c_str()).key) << better << " vs " << worse;
  }
}

TEST(Hand, FourCowsBeatFourPigs) {
  EXPECT_GT(rank("cow cow cow cow black-sheep").key, rank("pig pig pig pig horse").key);
}

TEST(Hand, FullByTripleFirst) {
  EXPECT_GT(rank("horse horse horse black-sheep black-sheep").key, rank("pig pig pig rooster rooster").key);
  EXPECT_GT(rank("pig pig pig black-sheep black-sheep").key, rank("sheep sheep sheep horse horse").key);
}

TEST(Hand, TwoPairsHigherThenLower) {
  EXPECT_GT(rank("horse horse black-sheep black-sheep rooster").key, rank("cow cow pig pig horse").key);
  EXPECT_GT(rank("horse horse pig pig rooster").key, rank("horse horse sheep sheep cow").key);
  EXPECT_GT(rank("horse horse pig pig cow").key, rank("horse horse pig pig rooster").key);  // then the kicker
}

TEST(Hand, KickersToTheLastCard) {
  // The rulebook's example: three cows each, both next best a horse, then pig beats black sheep.
  EXPECT_GT(rank("cow cow cow horse pig").key, rank("cow cow cow horse black-sheep").key);
  EXPECT_GT(rank("horse cow pig sheep rooster").key, rank("horse cow pig sheep black-sheep").key);
  EXPECT_EQ(rank("cow horse cow pig cow").key, rank("pig cow cow cow horse").key);
}

TEST(Scoring, IdenticalHandsGoToFirstCompleted) {
  State s = table(3);
  // Seat 1 completed first, seat 2 second, both with the same animals; seat 0 is weaker.
  set_field(s, 0, {kSheep, kSheep}, {{kBlackSheep, kRooster}, {kHorse, kCow, kPig}, {kPig, kHorse, kCow}});
  play_last_card(s, 0, 0, kPig);
  ASSERT_TRUE(has_event(s, evFieldWinner));
  EXPECT_EQ(s.corral_size(1), 2);
  EXPECT_EQ(s.corral_size(2), 0);
  // And the other way round.
  State t = table(3);
  set_field(t, 0, {kSheep, kSheep}, {{kBlackSheep, kRooster}, {}, {kPig, kHorse, kCow}});
  for (auto c : {kHorse, kCow, kPig}) t.fields[0].side[1].push_back(c);
  t.fields[0].completed_at[1] = ++t.completions;
  play_last_card(t, 0, 0, kPig);
  EXPECT_EQ(t.corral_size(2), 2);
}

TEST(Scoring, WinnerCorralsFiguresCardsDiscarded) {
  State s = table(2);
  set_field(s, 1, {kHorse, kBlackSheep}, {{kHorse, kHorse}, {kPig, kPig, kPig}});
  s.fields[1].figures[0].value = 3;
  s.fields[1].figures[1].value = 2;
  s.discard.clear();
  set_deck(s, {kSheep, kCow, kRooster, kCow});
  play_last_card(s, 0, 1, kHorse);  // four horses beat three pigs
  ASSERT_TRUE(has_event(s, evFieldWinner));
  EXPECT_EQ(s.corral[0][kHorse].size(), 1u);
  EXPECT_EQ(s.corral[0][kHorse][0], 3);
  EXPECT_EQ(s.corral[0][kBlackSheep][0], 2);
  EXPECT_EQ(s.figure_points(0), 1);  // 3 - 2
  // The six played cards and the two restock cards are on the discard pile.
  EXPECT_EQ(s.discard.size(), 8u);
  EXPECT_EQ(count_of(s.discard, kHorse), 3);
  EXPECT_EQ(count_of(s.discard, kPig), 3);
  for (int p = 0; p < 2; ++p) EXPECT_TRUE(s.fields[1].side[p].empty());
}

TEST(Scoring, WinnerPlaysNext) {
  State s = table(4);
  set_field(s, 0, {kCow, kCow},
            {{kRooster, kRooster}, {kSheep, kSheep, kSheep}, {kCow, kCow, kHorse}, {kPig, kPig, kPig}});
  play_last_card(s, 0, 0, kBlackSheep);
  // Seat 2 has four cows.
  EXPECT_EQ(s.corral_size(2), 2);
  EXPECT_EQ(s.current_player(), 2);
}

// ---------------------------------------------------------------- Restocking and the end

TEST(Restock, TwoFreshFigures) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_deck(s, {kHorse, kPig, kRooster});
  play_last_card(s, 0, 0, kRooster);
  ASSERT_EQ(s.fields[0].figures.size(), 2u);
  EXPECT_EQ(s.fields[0].figures[0].animal, kPig);
  EXPECT_EQ(s.fields[0].figures[1].animal, kRooster);
}

TEST(Restock, OneExhaustedDrawsReplacements) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_stock(s, {6, 6, 6, 6, 0, 0});  // no roosters or black sheep left
  // Refill card, then horse (stocked) + rooster (exhausted), replacements black sheep, rooster, pig.
  set_deck(s, {kCow, kHorse, kRooster, kBlackSheep, kRooster, kPig, kSheep});
  s.discard.clear();
  play_last_card(s, 0, 0, kRooster);
  ASSERT_EQ(s.fields[0].figures.size(), 2u);
  EXPECT_EQ(s.fields[0].figures[0].animal, kHorse);
  EXPECT_EQ(s.fields[0].figures[1].animal, kPig);
  EXPECT_EQ(s.deck.size(), 1u);                         // the sheep was never drawn
  EXPECT_EQ(count_of(s.discard, kBlackSheep), 1);       // every drawn card goes to the discard pile
  EXPECT_EQ(count_of(s.discard, kRooster), 2 + 2 + 1);  // two drawn + the rooster sides
  EXPECT_FALSE(s.end_game);
}

TEST(Restock, SequentialCheck) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_stock(s, {6, 6, 1, 6, 6, 6});  // one pig left
  set_deck(s, {kCow, kPig, kPig, kHorse});
  play_last_card(s, 0, 0, kRooster);
  ASSERT_EQ(s.fields[0].figures.size(), 2u);
  EXPECT_EQ(s.fields[0].figures[0].animal, kPig);
  EXPECT_EQ(s.fields[0].figures[1].animal, kHorse);  // the second pig found none left
  EXPECT_TRUE(s.stock[kPig].empty());
}

TEST(Restock, ReshufflesWhenNeeded) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_deck(s, {kCow, kPig});  // one restock card; the second comes from the reshuffled discards
  s.discard.clear();
  const int cards = s.total_cards();
  play_last_card(s, 0, 0, kRooster);
  EXPECT_TRUE(has_event(s, evReshuffle));
  EXPECT_EQ(s.fields[0].figures.size(), 2u);
  EXPECT_EQ(s.total_cards(), cards);
}

TEST(Restock, NoCardLeftKeepsOneFigure) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_stock(s, {0, 0, 1, 0, 0, 0});  // only a pig figure remains, and no pig card will turn up
  set_deck(s, {kCow, kPig, kHorse, kHorse});
  s.discard.clear();
  play_last_card(s, 0, 0, kRooster);
  EXPECT_TRUE(has_event(s, evNoMoreCards));
  ASSERT_EQ(s.fields[0].figures.size(), 1u);
  EXPECT_EQ(s.fields[0].figures[0].animal, kPig);
  EXPECT_FALSE(s.end_game);
  EXPECT_TRUE(s.deck.empty());
  EXPECT_EQ(s.current_player(), 1);  // the game goes on, with the field's winner (three sheep)
}

TEST(EndGame, BothExhaustedTriggersEndAndFlips) {
  State s = table(2);
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  set_stock(s, {3, 0, 0, 3, 3, 3});
  set_deck(s, {kHorse, kCow, kPig, kHorse});
  s.discard.clear();
  play_last_card(s, 0, 0, kRooster);
  EXPECT_TRUE(has_event(s, evEndTriggered));
  EXPECT_TRUE(s.end_game);
  EXPECT_TRUE(s.fields[0].flipped);
  EXPECT_TRUE(s.fields[0].figures.empty());
  EXPECT_EQ(s.deck.size(), 1u);  // no replacement draws
  EXPECT_EQ(count_of(s.discard, kPig), 1);
  EXPECT_FALSE(s.is_terminal());
}

TEST(EndGame, FlippedFieldNotChoosable) {
  State s = table(2);
  s.fields[1] = Field{};
  s.fields[1].flipped = true;
  EXPECT_TRUE(legal(s, field_action(0)));
  EXPECT_FALSE(legal(s, field_action(1)));
}

TEST(EndGame, ScoredFieldsFlip) {
  State s = table(2);
  s.end_game = true;
  s.fields[2] = Field{};
  s.fields[2].flipped = true;
  int stock_before = 0;
  for (const auto& v : s.stock) stock_before += static_cast<int>(v.size());
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  play_last_card(s, 0, 0, kRooster);
  EXPECT_TRUE(s.fields[0].flipped);  // not restocked, however many figures remain
  EXPECT_TRUE(has_event(s, evFlip));
  int stock_after = 0;
  for (const auto& v : s.stock) stock_after += static_cast<int>(v.size());
  EXPECT_EQ(stock_after, stock_before);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_TRUE(legal(s, field_action(1)));
}

TEST(EndGame, LastFieldEndsTheGame) {
  State s = table(2);
  s.end_game = true;
  for (int f : {1, 2}) {
    s.fields[f] = Field{};
    s.fields[f].flipped = true;
  }
  set_field(s, 0, {kCow, kCow}, {{kRooster, kRooster}, {kSheep, kSheep, kSheep}});
  play_last_card(s, 0, 0, kRooster);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kTerminal);
  EXPECT_TRUE(has_event(s, evGameEnd));
  EXPECT_FALSE(s.winners().empty());
  ActionList list;
  s.legal_actions(list);
  EXPECT_TRUE(list.empty());
}

// ---------------------------------------------------------------- Determining the winner

// Ends the game at once: the last open field (no figures) is completed by seat 0.
void finish(State& s) {
  s.end_game = true;
  for (int f : {1, 2}) {
    s.fields[f] = Field{};
    s.fields[f].flipped = true;
  }
  s.fields[0] = Field{};
  for (int p = 1; p < s.num_players(); ++p)
    for (int i = 0; i < 3; ++i) s.fields[0].side[p].push_back(kBlackSheep);
  for (int p = 1; p < s.num_players(); ++p) s.fields[0].completed_at[p] = ++s.completions;
  for (int i = 0; i < 2; ++i) s.fields[0].side[0].push_back(kRooster);
  play_last_card(s, 0, 0, kRooster);
  ASSERT_TRUE(s.is_terminal());
}

TEST(Final, FigureValuesBlackSheepNegative) {
  State s = table(2);
  set_corral(s, 0, kHorse, {3, 1});
  set_corral(s, 0, kBlackSheep, {2});
  EXPECT_EQ(s.figure_points(0), 2);
}

TEST(Final, MajorityBonusStrictForAllSix) {
  State s = table(3);
  set_corral(s, 0, kHorse, {1, 1});
  set_corral(s, 1, kHorse, {2});
  set_corral(s, 0, kBlackSheep, {3});  // a black sheep majority earns a bonus card too
  set_corral(s, 1, kCow, {1});
  set_corral(s, 2, kCow, {1});  // tied: nobody
  EXPECT_EQ(s.bonus_cards(0), 2);
  EXPECT_EQ(s.bonus_cards(1), 0);
  EXPECT_EQ(s.bonus_cards(2), 0);
  finish(s);
  EXPECT_EQ(s.final_score[0], 2 - 3 + 12);
  EXPECT_EQ(s.final_score[1], 3);
}

TEST(Final, SetBonuses) {
  State s = table(2);
  for (int a = 0; a < kNumAnimals; ++a) set_corral(s, 0, a, {1, 1});
  set_corral(s, 1, kHorse, {1, 1, 1});
  set_corral(s, 1, kCow, {1, 1, 1});
  // Seat 0: two full sets + majorities in pig, sheep, rooster, black sheep.
  EXPECT_EQ(s.bonus_cards(0), 2 + 4);
  set_corral(s, 0, kRooster, {1});
  EXPECT_EQ(s.bonus_cards(0), 1 + 4);
}

TEST(Final, TieBrokenByMostAnimals) {
  State t = table(2);
  set_corral(t, 0, kHorse, {3});
  set_corral(t, 0, kPig, {4, 4});
  set_corral(t, 0, kRooster, {1});
  set_corral(t, 1, kCow, {2, 2});
  set_corral(t, 1, kSheep, {1});
  set_corral(t, 1, kRooster, {1});
  set_corral(t, 1, kBlackSheep, {0});
  // Seat 0: 3 + 8 + 1 = 12, horse and pig majorities (roosters tied): 24, four animals.
  // Seat 1: 4 + 1 + 1 - 0 = 6, cow, sheep and black sheep majorities: 24, five animals.
  ASSERT_EQ(t.final_points(0), 24);
  ASSERT_EQ(t.final_points(1), 24);
  finish(t);
  ASSERT_EQ(t.winners().size(), 1u);
  EXPECT_EQ(t.winners()[0], 1);
}

TEST(Final, JointWinners) {
  State s = table(3);
  set_corral(s, 0, kHorse, {2});
  set_corral(s, 1, kCow, {2});
  set_corral(s, 0, kPig, {1});
  set_corral(s, 1, kSheep, {1});
  // Both: 3 points + two majorities, two animals; seat 2 nothing.
  finish(s);
  ASSERT_EQ(s.winners().size(), 2u);
  EXPECT_EQ(s.winners()[0], 0);
  EXPECT_EQ(s.winners()[1], 1);
}

// ---------------------------------------------------------------- Task Card variant

// Default task list indices: 0..4 most horse..rooster (5), 5 horse+cow (3), 6 pig+sheep (3),
// 7 rooster+rooster (3), 8 horse+pig+rooster (4), 9 cow+sheep+black sheep (4), 10 all five (8),
// 11 only black sheep.
State task_table(int players, std::initializer_list<int> community,
                 std::initializer_list<std::initializer_list<int>> secrets) {
  State s = table(players, params_with(true));
  s.community.clear();
  for (int t : community) s.community.push_back(static_cast<std::uint8_t>(t));
  int p = 0;
  for (const auto& list : secrets) {
    s.secret[p].clear();
    for (int t : list) s.secret[p].push_back(static_cast<std::uint8_t>(t));
    ++p;
  }
  return s;
}

TEST(Tasks, DealtSecretAndCommunity) {
  struct Row {
    int players, secret_each, community;
  };
  for (Row row : {Row{2, 2, 2}, Row{3, 1, 3}, Row{4, 1, 2}}) {
    State s(params_with(true), row.players, 5);
    std::vector<int> all;
    for (int p = 0; p < row.players; ++p) {
      EXPECT_EQ(static_cast<int>(s.secret[p].size()), row.secret_each);
      for (auto t : s.secret[p]) all.push_back(t);
    }
    EXPECT_EQ(static_cast<int>(s.community.size()), row.community);
    for (auto t : s.community) all.push_back(t);
    EXPECT_EQ(all.size(), 6u);
    for (auto t : s.unused_tasks) all.push_back(t);
    std::sort(all.begin(), all.end());
    for (int i = 0; i < 12; ++i) EXPECT_EQ(all[i], i);  // each card exactly once
  }
}

TEST(Tasks, MajorityTiesAllScore) {
  State s = task_table(3, {0, 1, 2, 3, 4, 5}, {{}, {}, {}});
  set_corral(s, 0, kHorse, {1, 1});
  set_corral(s, 1, kHorse, {1, 1});
  set_corral(s, 2, kHorse, {1});
  EXPECT_EQ(s.task_points(0, s.params.task_cards[0]), 5);
  EXPECT_EQ(s.task_points(1, s.params.task_cards[0]), 5);
  EXPECT_EQ(s.task_points(2, s.params.task_cards[0]), 0);
  EXPECT_EQ(s.task_points(2, s.params.task_cards[1]), 0);  // nobody has cows: nobody scores
}

TEST(Tasks, CombinationPerMatch) {
  State s = task_table(2, {5, 7}, {{}, {}});
  set_corral(s, 0, kHorse, {1, 1, 1});
  set_corral(s, 0, kCow, {1, 1});
  set_corral(s, 0, kRooster, {1, 1, 1, 1, 1});
  EXPECT_EQ(s.task_points(0, s.params.task_cards[5]), 2 * 3);  // two horse+cow pairs
  EXPECT_EQ(s.task_points(0, s.params.task_cards[7]), 2 * 3);  // five roosters: two pairs
  EXPECT_EQ(s.task_points(1, s.params.task_cards[5]), 0);
  EXPECT_EQ(s.final_points(0), 3 + 2 + 5 + 12);
}

TEST(Tasks, LoneBlackSheepWins) {
  State s = task_table(3, {0, 1, 2}, {{11}, {3}, {4}});
  set_corral(s, 0, kHorse, {3, 3, 3, 3});
  set_corral(s, 2, kBlackSheep, {3});
  finish(s);  // seat 0 corrals nothing from the last field (it has no figures)
  ASSERT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 2);  // despite a negative score
  EXPECT_LT(s.final_score[2], s.final_score[0]);
  // Two seats with black sheep: nobody meets the task; points decide.
  State t = task_table(3, {0, 1, 2}, {{11}, {3}, {4}});
  set_corral(t, 0, kHorse, {3, 3, 3, 3});
  set_corral(t, 2, kBlackSheep, {3});
  set_corral(t, 1, kBlackSheep, {1});
  finish(t);
  EXPECT_EQ(t.winners()[0], 0);
}

TEST(Tasks, LoneBlackSheepNeedsTheCard) {
  State s = task_table(3, {0, 1, 2}, {{5}, {3}, {4}});
  set_corral(s, 0, kHorse, {3, 3});
  set_corral(s, 2, kBlackSheep, {3});
  finish(s);
  EXPECT_EQ(s.winners()[0], 0);
}

TEST(Tasks, SecretTasksScoreForEveryone) {
  State s = task_table(2, {0, 1}, {{6, 7}, {8, 9}});
  set_corral(s, 0, kHorse, {1});
  set_corral(s, 0, kPig, {1});
  set_corral(s, 0, kRooster, {1});
  // Seat 1's secret horse+pig+rooster card pays seat 0.
  EXPECT_EQ(s.final_points(0), 3 + 5 + 4);
}

TEST(Tasks, NoBonusCards) {
  State s = task_table(2, {2, 3}, {{6, 7}, {8, 9}});
  for (int a = 0; a < kNumAnimals; ++a) set_corral(s, 0, a, {1});
  // Base game: a set and five majorities; with tasks only the task cards count.
  EXPECT_EQ(s.final_points(0), 4 + 5 + 5 + 3 + 4 + 4);
}

// ---------------------------------------------------------------- Parameters and edges

TEST(Params, DefaultsMatchTheTables) {
  const GameInfo& info = registry().find("black-sheep");
  Params from_text = Params::from(validate_params(info.params, {}));
  EXPECT_TRUE(from_text == Params{});
  EXPECT_EQ(parse_tasks("most-horse:5, most-cow:5, most-pig:5, most-sheep:5, most-rooster:5, horse+cow:3, "
                        "pig+sheep:3, rooster+rooster:3, horse+pig+rooster:4, cow+sheep+black-sheep:4, "
                        "horse+cow+pig+sheep+rooster:8, only-black-sheep:win"),
            default_tasks());
}

TEST(Params, FigureValuesTable) {
  FigureValues v = parse_figure_values(
      "horse:3 3 3 3 3 3; cow:1 2 3 4 5 6; pig:0 0 0 0 0 0; sheep:1 1 1 1 1 1; rooster:2 2 2 2 2 2; "
      "black-sheep:9 9 9 9 9 9");
  EXPECT_EQ(v[kCow][5], 6);
  EXPECT_EQ(v[kBlackSheep][0], 9);
  EXPECT_THROW(parse_figure_values("horse:1 1 2 2 3"), BadParameter);
  EXPECT_THROW(parse_figure_values("horse:1 1 2 2 3 3"), BadParameter);  // other animals missing
  EXPECT_THROW(parse_figure_values("llama:1 1 2 2 3 3"), BadParameter);
  EXPECT_THROW(parse_figure_values("horse:1 1 2 2 3 x"), BadParameter);
}

TEST(Params, TaskTable) {
  TaskList t = parse_tasks("most-pig:7, cow+cow+cow:9, only-black-sheep:win, horse:1, cow:1, pig:1");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].kind, TaskKind::Majority);
  EXPECT_EQ(t[0].animal, kPig);
  EXPECT_EQ(t[0].points, 7);
  EXPECT_EQ(t[1].kind, TaskKind::Combination);
  EXPECT_EQ(t[1].need[kCow], 3);
  EXPECT_EQ(t[1].points, 9);
  EXPECT_EQ(t[2].kind, TaskKind::LoneBlackSheep);
  EXPECT_THROW(parse_tasks("most-pig:7, cow+cow+cow:9, only-black-sheep:win, horse:1, cow:1, c:1"), BadParameter);
  EXPECT_THROW(parse_tasks("most-pig:7"), BadParameter);  // fewer than six
  EXPECT_THROW(parse_tasks("only-black-sheep:3, horse:1, cow:1, pig:1, sheep:1, rooster:1"), BadParameter);
}

TEST(Params, CustomValuesReachTheGame) {
  const GameInfo& info = registry().find("black-sheep");
  ParamMap given{{"figure_values",
                  "horse:9 9 9 9 9 9, cow:1 1 1 1 1 1, pig:1 1 1 1 1 1, sheep:1 1 1 1 1 1, "
                  "rooster:1 1 1 1 1 1, black-sheep:1 1 1 1 1 1"}};
  Params p = Params::from(validate_params(info.params, given));
  State s(p, 2, 4);
  for (auto v : s.stock[kHorse]) EXPECT_EQ(v, 9);
  EXPECT_THROW(validate_params(info.params, {{"task_cards", "most-llama:3"}}), BadParameter);
  EXPECT_THROW(validate_params(info.params, {{"start_player", "9"}}), BadParameter);
}

TEST(Edge, BadSeats) {
  EXPECT_THROW(State(Params{}, 1, 1), BadSeats);
  EXPECT_THROW(State(Params{}, 5, 1), BadSeats);
}

TEST(Edge, IllegalActionThrows) {
  const GameInfo& info = registry().find("black-sheep");
  auto state = info.start(validate_params(info.params, {{"start_player", "1"}}), 3, 1);
  EXPECT_THROW(state->apply(act::kKeep), IllegalAction);
  EXPECT_THROW(state->apply(act::kCount), IllegalAction);
  EXPECT_NO_THROW(state->apply(act::kField));
}

TEST(Hand, ParseHand) {
  EXPECT_EQ(parse_hand("horse, Horses cow black sheep black-sheep"),
            counts({kHorse, kHorse, kCow, kBlackSheep, kBlackSheep}));
  EXPECT_THROW(parse_hand("horse llama"), BadParameter);
  EXPECT_THROW(parse_hand("horse horse horse horse horse horse"), BadParameter);
  EXPECT_THROW(parse_hand(""), BadParameter);
}

TEST(Hand, ExplainHands) {
  std::string text =
      explain_hands("pig pig pig rooster rooster | horse horse horse black-sheep black-sheep | cow cow cow horse pig");
  EXPECT_EQ(text.find("1. horse horse horse"), 0u) << text;
  EXPECT_NE(text.find("2. pig pig pig"), std::string::npos) << text;
  EXPECT_NE(text.find("three horses and two black sheep"), std::string::npos) << text;
  EXPECT_NE(text.find("loses on animal 1"), std::string::npos) << text;
  EXPECT_NE(text.find("3. cow cow cow horse pig: three of a kind"), std::string::npos) << text;
  std::string same = explain_hands("cow cow pig horse sheep; sheep horse pig cow cow");
  EXPECT_NE(same.find("side completed first wins"), std::string::npos) << same;
  std::string kicker = explain_hands("cow cow cow horse black-sheep; cow cow cow horse pig");
  EXPECT_NE(kicker.find("loses on animal 5"), std::string::npos) << kicker;
}

// Everyone saw the field full before its cards went away: the observation keeps
// it (with the winner) for one move, so a board can show it before it clears.
TEST(Scoring, ScoredFieldShownForOneMove) {
  State s = table(2);
  set_field(s, 1, {kHorse, kBlackSheep}, {{kHorse, kHorse}, {kPig, kPig, kPig}});
  play_last_card(s, 0, 1, kHorse);
  ASSERT_TRUE(has_event(s, evFieldWinner));
  for (Player viewer : {Player{0}, Player{1}, kSpectator}) {
    const Observation obs = s.observation(viewer);
    ASSERT_EQ(obs.scored.field, 1) << viewer;
    EXPECT_EQ(obs.scored.winner, 0);
    EXPECT_EQ(obs.scored.before.side[0].size(), 3u);
    EXPECT_EQ(obs.scored.before.side[1].size(), 3u);
    EXPECT_EQ(obs.scored.before.figures.size(), 2u);
    EXPECT_TRUE(obs.fields[1].side[0].empty());  // the field itself has cleared
    nlohmann::json json;
    to_json(json, obs);
    EXPECT_EQ(json["scored"]["field"], 1);
    EXPECT_EQ(json["scored"]["winner"], 0);
    EXPECT_EQ(json["scored"]["sides"][0], nlohmann::json({"horse", "horse", "horse"}));
  }
  ActionList moves;
  s.legal_actions(moves);
  s.apply(moves[0]);
  EXPECT_EQ(s.observation(0).scored.field, -1);
  nlohmann::json json;
  to_json(json, s.observation(0));
  EXPECT_FALSE(json.contains("scored"));
}

}  // namespace
}  // namespace bw::black_sheep
