// Sheep in Disguise: the teaching hooks. Each hint is checked in a set-up
// situation and then against what the rules do when the action is applied;
// hints are shown to read only the observation; the itemised result adds up
// to scores() and names every winner; only the Nice Try window's pass is a pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/random_agent.hpp"
#include "games/disguise/disguise.hpp"
#include "games/disguise/test_support.hpp"

namespace bw::disguise {
namespace {

using namespace testing;

std::string hint(const State& s, int action) {
  return action_hint(s.observation(s.current_player()), static_cast<Action>(action));
}

Params with_target(int flocks) {
  Params p = params_with();
  p.target_flocks = flocks;
  return p;
}

void give_flock(State& s, Player p, int type) { s.flocks[p] = static_cast<std::uint8_t>(s.flocks[p] | (1u << type)); }

// ---------------------------------------------------------------- Hints, set up and checked against the rules

TEST(Hints, TakeTwoNamesTheFieldAndATakeThatFormsAFlock) {
  State s = table(3, {{kViking, kViking, kTake2}, {kDig}, {kDig}}, {kS6, kS7, kS8}, {kViking, kDad, kS3});
  EXPECT_EQ(hint(s, play(act::pTake2)), "take 2 of the Field's cards: Viking, Dad Sheep, Sheep 3");
  act_on(s, play(act::pTake2));
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::Take2Pick);
  EXPECT_EQ(hint(s, field_card(kViking)), "3 Viking make a flock (1 of 5); 1 more to take");
  EXPECT_EQ(hint(s, field_card(kDad)), "you'd hold 1 Dad Sheep; 1 more to take");
  act_on(s, field_card(kViking));
  EXPECT_TRUE(s.has_flock(0, kViking));
  EXPECT_EQ(hint(s, field_card(kDad)), "you'd hold 1 Dad Sheep; the Field is refilled");
}

TEST(Hints, ADigThatCompletesTheLastFlockSaysItWins) {
  State s = table(2, {{kViking, kViking, kDig}, {kS3}}, {}, {}, with_target(2));
  give_flock(s, 0, kDad);
  s.discard.push_back(kViking);
  s.discard.push_back(kS5);
  act_on(s, play(act::pDig));
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::DigPick);
  EXPECT_EQ(hint(s, act::kDig + kS5), "you'd hold 1 Sheep 5");
  EXPECT_EQ(hint(s, act::kDig + kViking), "3 Viking make a flock: you win!");
  act_on(s, act::kDig + kViking);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winners().size(), 1u);
  EXPECT_EQ(s.winners()[0], 0);
}

TEST(Hints, YankSaysWhoseFlockAndTheFlockCountsAfter) {
  State s = table(3, {{kYank, kS5}, {kS6}, {kS7}});
  give_flock(s, 0, kS4);
  for (int t : {kViking, kDad, kS3}) give_flock(s, 1, t);
  act_on(s, play(act::pYank));
  ASSERT_EQ(s.phase, Phase::ChooseFlock);
  EXPECT_EQ(hint(s, flock(1, kDad)), "P2's Dad Sheep flock becomes yours (flocks: you 2, P2 2)");
  act_on(s, flock(1, kDad));
  pass_window(s);
  EXPECT_TRUE(s.has_flock(0, kDad));
  EXPECT_EQ(s.flock_count(0), 2);
  EXPECT_EQ(s.flock_count(1), 2);
}

TEST(Hints, AYankOfAnExposedFlockNeverPromisesTheWin) {
  State s = table(3, {{kYank, kS7}, {kS8}, {kS8}}, {}, {}, with_target(3));
  give_flock(s, 0, kS4);
  give_flock(s, 0, kS5);
  for (int t : {kViking, kDad, kS3, kS6}) give_flock(s, 1, t);
  s.exposed[1] = (1u << kViking) | (1u << kDad);
  act_on(s, play(act::pYank));
  EXPECT_EQ(hint(s, flock(1, kS3)), "P2's Sheep 3 flock becomes yours: you win!");
  EXPECT_EQ(hint(s, flock(1, kViking)), "P2's Viking flock (exposed) becomes yours (flocks: you 3, P2 3)");
  act_on(s, flock(1, kViking));
  pass_window(s);
  EXPECT_FALSE(s.is_terminal());  // three flocks, but one exposed
  EXPECT_TRUE(s.is_exposed(0, kViking));
}

TEST(Hints, StealAndGimmeTargetsShowHandSizesAndOnlyProvenCards) {
  State s = table(3, {{kSteal, kGimme}, {kDig, kS3, kS4}, {}});
  s.known[0][1][kDig] = 1;  // seat 0 saw P2 take the Dig
  act_on(s, play(act::pSteal));
  EXPECT_EQ(hint(s, target(1)), "a random one of P2's 3 cards; known: Dig");
  EXPECT_EQ(hint(s, target(2)), "P3 holds no cards: the Steal gets nothing");
  act_on(s, target(2));
  pass_window(s);
  EXPECT_TRUE(has_event(s, evStealNothing));
}

TEST(Hints, GimmeForAProvenCardIsSureAndForAnUnprovenOneMayMiss) {
  State s = table(3, {{kGimme, kViking}, {kViking, kS3, kS4}, {kS5}});
  s.known[0][1][kViking] = 1;
  act_on(s, play(act::pGimme));
  act_on(s, target(1));
  ASSERT_EQ(s.phase, Phase::GimmeMode);
  EXPECT_EQ(hint(s, act::kGimmeAny), "P2 chooses which of their 3 cards you get");
  EXPECT_EQ(hint(s, act::kGimmeAsk + kViking), "P2 surely holds one: you'd hold 2 Viking");
  EXPECT_EQ(hint(s, act::kGimmeAsk + kS3), "only if P2 holds one; else wasted");
  act_on(s, act::kGimmeAsk + kViking);
  pass_window(s);
  EXPECT_EQ(s.hand[0][kViking], 2);
}

TEST(Hints, NiceTryCancelsOrRevivesTheCardInPlayAndPassLetsItStand) {
  State s = table(3, {{kSteal, kNiceTry}, {kNiceTry, kS3}, {kS4}});
  act_on(s, play(act::pSteal));
  act_on(s, target(1));
  ASSERT_EQ(s.phase, Phase::NiceTry);
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_EQ(hint(s, act::kNiceTry), "cancel P1's Steal on you");
  EXPECT_EQ(hint(s, act::kPass), "let P1's Steal on you happen");
  act_on(s, act::kNiceTry);
  ASSERT_EQ(s.current_player(), 2);
  EXPECT_EQ(hint(s, act::kPass), "leave P1's Steal on P2 cancelled");
  act_on(s, act::kPass);
  ASSERT_EQ(s.current_player(), 0);
  EXPECT_EQ(hint(s, act::kNiceTry), "revive your Steal on P2");
  act_on(s, act::kNiceTry);
  pass_window(s);
  EXPECT_TRUE(has_event(s, evSteal));  // two Nice Trys: the Steal happens
}

TEST(Hints, AnAttackPassNamesTheNeighbourOnItsSide) {
  for (int kind : {kAttackLeft, kAttackRight}) {
    State s =
        table(3, {{kViking, kViking}, {kViking, kViking, kS4}, {kS3}}, {kS5, kS6, static_cast<std::uint8_t>(kind)});
    s.known[0][1][kViking] = 2;  // seat 0 saw P2 take two Vikings
    act_on(s, act::kDrawEnd);
    ASSERT_EQ(s.phase, Phase::AttackPass);
    ASSERT_EQ(s.current_player(), 0);
    if (kind == kAttackLeft)
      EXPECT_EQ(hint(s, hand_card(kViking)), "your Viking goes to P2 (left): it may make them a flock");
    else EXPECT_EQ(hint(s, hand_card(kViking)), "your Viking goes to P3 (right); you keep 1");
    act_on(s, hand_card(kViking));
    act_on(s, hand_card(kS4));
    act_on(s, hand_card(kS3));
    EXPECT_EQ(s.has_flock(1, kViking), kind == kAttackLeft);
    EXPECT_EQ(s.hand[2][kViking], kind == kAttackLeft ? 0 : 1);
  }
}

TEST(Hints, AGimmeGiftSeenToCompleteAFlockSaysSo) {
  State s = table(2, {{kGimme, kViking, kViking}, {kViking, kS3}});
  s.known[1][0][kViking] = 2;  // P2 saw P1 take both Vikings
  act_on(s, play(act::pGimme));
  act_on(s, target(1));
  act_on(s, act::kGimmeAny);
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::GimmeGive);
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_EQ(hint(s, hand_card(kViking)), "your Viking goes to P1: it completes their flock!");
  EXPECT_EQ(hint(s, hand_card(kS3)), "your Sheep 3 goes to P1");
  act_on(s, hand_card(kViking));
  EXPECT_TRUE(s.has_flock(0, kViking));
}

TEST(Hints, TradeBuyAndWildFlockStepByStep) {
  State s = table(2, {{kViking, kViking, kS5, kS5, kDad, kS3, kS4}, {kS3}}, {kS6, kS7, kS8}, {kViking, kS6});
  EXPECT_EQ(hint(s, act::kTrade), "swap one of your cards for: Viking, Sheep 6");
  EXPECT_EQ(hint(s, act::kBuy), "pay a pair (Viking, Sheep 5) for a Field card");
  EXPECT_EQ(hint(s, act::kWild), "5 different sheep as one flock (1 of 5)");
  act_on(s, act::kTrade);
  EXPECT_EQ(hint(s, field_card(kViking)), "then give a card: 3 Viking make a flock (1 of 5)");
  act_on(s, field_card(kViking));
  EXPECT_EQ(hint(s, hand_card(kViking)), "a Viking for a Viking: only spends the trade");
  EXPECT_EQ(hint(s, hand_card(kS3)), "the Field gets it; 3 Viking make a flock (1 of 5)");
  act_on(s, hand_card(kS3));
  EXPECT_TRUE(s.has_flock(0, kViking));
  act_on(s, act::kBuy);
  EXPECT_EQ(hint(s, hand_card(kS5)), "2 Sheep 5 to the discard (0 left), for a Field card");
  act_on(s, hand_card(kS5));
  EXPECT_EQ(hint(s, field_card(kS6)), "you'd hold 1 Sheep 6; the Field is refilled");
  act_on(s, field_card(kS6));
  EXPECT_EQ(s.field.size(), 3u);  // refilled to three
  s.hand[0][kS7] = 1;
  s.hand[0][kS8] = 1;
  act_on(s, act::kWild);
  EXPECT_EQ(hint(s, sheep(kDad)), "Dad Sheep joins the Wild Flock; 4 more types");
  for (int t : {kDad, kS4, kS6, kS7}) act_on(s, sheep(t));
  EXPECT_EQ(hint(s, sheep(kS8)), "the Wild Flock is laid (2 of 5 flocks)");
  act_on(s, sheep(kS8));
  EXPECT_EQ(s.flock_count(0), 2);
}

TEST(Hints, PayingOffTheLastExposeWithEnoughFlocksWins) {
  State s = table(2, {{kS3, kS4}, {kS5}}, {}, {}, with_target(2));
  give_flock(s, 0, kViking);
  give_flock(s, 0, kDad);
  s.exposed[0] = 1u << kViking;
  EXPECT_EQ(hint(s, act::kPayOff + kViking), "any 2 hand cards: your Viking flock counts again, and you win!");
  act_on(s, act::kPayOff + kViking);
  EXPECT_EQ(hint(s, hand_card(kS3)), "to the discard pile; 1 more card to pay");
  act_on(s, hand_card(kS3));
  EXPECT_EQ(hint(s, hand_card(kS4)), "to the discard pile: the Expose leaves your Viking flock");
  act_on(s, hand_card(kS4));
  EXPECT_TRUE(s.is_terminal());
}

TEST(Hints, YoinkSaysWhatComesToYouAndWhatGoesBack) {
  State s = table(3, {{kYoink, kDad, kDad}, {kS6}, {kS7}});
  give_flock(s, 1, kDad);
  give_flock(s, 2, kViking);
  s.exposed[2] = 1u << kViking;
  act_on(s, play(act::pYoink));
  EXPECT_EQ(hint(s, flock(1, kDad)), "3 Dad Sheep make a flock (1 of 5); 2 go back to P2");
  EXPECT_EQ(hint(s, flock(2, kViking)), "you pick next: one Viking, or the Expose card on it");
  State seen = s;
  seen.hand[1][kDad] = 1;
  seen.known[0][1][kDad] = 1;  // P2 took a fourth Dad Sheep in view of everyone
  EXPECT_EQ(hint(seen, flock(1, kDad)), "3 Dad Sheep make a flock (1 of 5); 2 go back to P2 (a flock again)");
  act_on(seen, flock(1, kDad));
  pass_window(seen);
  EXPECT_TRUE(seen.has_flock(1, kDad));
  EXPECT_TRUE(seen.has_flock(0, kDad));
  act_on(s, flock(2, kViking));
  pass_window(s);
  ASSERT_EQ(s.phase, Phase::YoinkPick);
  EXPECT_EQ(hint(s, act::kYoinkExpose), "P3's Viking flock stays, no longer exposed");
  EXPECT_EQ(hint(s, sheep(kViking)), "you'd hold 1 Viking; 2 go back to P3's hand");
  act_on(s, sheep(kViking));
  EXPECT_EQ(s.hand[2][kViking], 2);
  EXPECT_EQ(s.hand[0][kViking], 1);
}

TEST(Hints, YoinkingYourOwnExposedFlockShakesOffTheExpose) {
  State s = table(2, {{kYoink, kS3}, {kS6}});
  give_flock(s, 0, kViking);
  s.exposed[0] = 1u << kViking;
  act_on(s, play(act::pYoink));
  EXPECT_EQ(hint(s, flock(0, kViking)), "you pick next: one Viking, or the Expose card on it");
  act_on(s, flock(0, kViking));
  pass_window(s);
  EXPECT_EQ(hint(s, sheep(kViking)), "your flock forms again and its Expose is discarded");
  EXPECT_EQ(hint(s, act::kYoinkExpose), "your Viking flock stays, no longer exposed");
  act_on(s, sheep(kViking));
  EXPECT_TRUE(s.has_flock(0, kViking));
  EXPECT_FALSE(s.is_exposed(0, kViking));
  EXPECT_EQ(count_in(s.discard, kExpose), 1);
}

TEST(Hints, DrawingSaysWhatIsLeftToDraw) {
  State s = table(2, {{kS3}, {kS4}}, {kS5, kS6});
  EXPECT_EQ(hint(s, act::kDrawEnd), "ends your turn; the draw pile holds 2");
  State empty = table(2, {{kS3}, {kS4}});
  EXPECT_EQ(hint(empty, act::kDrawEnd), "ends your turn; there is nothing left to draw");
  empty.discard.push_back(kS5);
  EXPECT_EQ(hint(empty, act::kDrawEnd), "ends your turn; the discards are shuffled into a new pile");
}

// ---------------------------------------------------------------- Hints read only the observation

std::vector<std::string> hints_of_legal_actions(const State& s) {
  ActionList legal;
  s.legal_actions(legal);
  std::vector<std::string> out;
  for (Action a : legal) out.push_back(hint(s, a));
  return out;
}

TEST(HintsKnowledge, TwoStatesTheSeatCannotTellApartGiveTheSameHints) {
  // P2's hidden cards differ; what seat 0 has seen of them (one Dig) does not.
  State a = table(3, {{kSteal, kGimme, kViking}, {kDig, kS3, kS4}, {kS5}});
  State b = table(3, {{kSteal, kGimme, kViking}, {kDig, kViking, kNiceTry}, {kS6}});
  for (State* s : {&a, &b}) {
    s->known[0][1][kDig] = 1;
    act_on(*s, play(act::pGimme));
    act_on(*s, target(1));
  }
  ASSERT_EQ(a.observation(0), b.observation(0));
  EXPECT_EQ(hints_of_legal_actions(a), hints_of_legal_actions(b));
  EXPECT_EQ(hint(a, act::kGimmeAsk + kViking), "only if P2 holds one; else wasted");  // though only b's P2 does
}

// Random games: at every step the seat to move is given a resampled world
// (determinize keeps its observation); the hints must not change.
TEST(HintsKnowledge, DeterminizedWorldsGiveTheSameHints) {
  int checked = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      Params params;
      params.turn_limit = 40;
      params.golden_sheep = seed % 2 == 1;
      State s(params, players, seed);
      Rng rng(seed, 91);
      while (!s.is_terminal()) {
        State world = s;
        world.determinize(s.current_player(), rng);
        ASSERT_EQ(world.observation(s.current_player()), s.observation(s.current_player()));
        ASSERT_EQ(hints_of_legal_actions(world), hints_of_legal_actions(s));
        ++checked;
        s.apply(random_action(s, rng));
      }
    }
  EXPECT_GT(checked, 1000);
}

// Every legal action of every phase gets a hint, short enough for a menu.
TEST(HintsCoverage, EveryLegalActionHasAOneLineHint) {
  std::size_t longest = 0;
  std::string longest_hint;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Params params;
      params.turn_limit = 60;
      params.golden_sheep = seed % 2 == 1;
      params.attacks = {3, 2};
      State s(params, players, seed + 100);
      Rng rng(seed, 92);
      while (!s.is_terminal()) {
        ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) {
          const std::string h = hint(s, a);
          EXPECT_FALSE(h.empty()) << State::action_to_string(a);
          EXPECT_EQ(h.find('\n'), std::string::npos) << h;
          if (h.size() > longest) longest = h.size(), longest_hint = h;
        }
        s.apply(seed % 3 == 0 ? random_action(s, rng) : heuristic_action(s, rng));
      }
    }
  EXPECT_LE(longest, 72u) << longest_hint;
}

// ---------------------------------------------------------------- The result

struct Config {
  int players;
  Params params;
};

std::vector<Config> every_config() {
  std::vector<Config> out;
  for (int players = 2; players <= 6; ++players)
    for (int variant = 0; variant < 3; ++variant) {
      Params p;
      p.turn_limit = 80;
      p.golden_sheep = variant > 0;
      p.buying = variant != 1;
      p.wild_flocks = variant != 1;
      out.push_back({players, p});
    }
  return out;
}

// Seeded games mixing heuristic seats (who win on flocks or Golden Sheep) and
// random ones (whose games often end at the turn limit).
template <class Check>
void for_each_finished_game(int games_per_config, Check&& check) {
  std::uint64_t seed = 0;
  for (const Config& config : every_config())
    for (int g = 0; g < games_per_config; ++g, ++seed) {
      State s(config.params, config.players, seed);
      Rng rng(seed, 93);
      const bool random_seats = g % 3 == 0;
      while (!s.is_terminal()) s.apply(random_seats ? random_action(s, rng) : heuristic_action(s, rng));
      check(s);
    }
}

TEST(Result, BreakdownAddsUpToTheScoreAndListsEveryFlock) {
  int wins_on_flocks = 0, at_limit = 0, golden = 0;
  for_each_finished_game(12, [&](const State& s) {
    for (Player p = 0; p < s.num_players(); ++p) {
      const ScoreBreakdown items = score_breakdown(s, p);
      double sum = 0;
      for (const ScoreItem& item : items) sum += item.points;
      EXPECT_EQ(sum, s.scores()[p]);
      ASSERT_EQ(static_cast<int>(items.size()), s.flock_count(p) + 1);
      EXPECT_EQ(items.back().category.rfind(s.scores()[p] > 0 ? "the win" : "no win", 0), 0u) << items.back().category;
    }
    for (const Event& e : s.events()) {
      wins_on_flocks += e.kind == evWin;
      at_limit += e.kind == evTurnLimit;
      golden += e.kind == evGoldenWin;
    }
  });
  // Every way a game ends was met.
  EXPECT_GT(wins_on_flocks, 0);
  EXPECT_GT(at_limit, 0);
  EXPECT_GT(golden, 0);
}

TEST(Result, ExplanationNamesEveryWinnerAndTheDecidingRule) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"};
  for_each_finished_game(6, [&](const State& s) {
    const std::string why = result_explanation(s, names);
    for (Player w : s.winners()) EXPECT_NE(why.find(names[w]), std::string::npos) << why;
    bool limit = false, golden = false;
    for (const Event& e : s.events()) {
      limit |= e.kind == evTurnLimit;
      golden |= e.kind == evGoldenWin;
    }
    const char* rule = limit ? "turn limit" : golden ? "Golden Sheep" : "none exposed";
    EXPECT_NE(why.find(rule), std::string::npos) << why;
  });
}

TEST(Result, ASingleWinOnFlocksNamesTheFigureAndTheNextBest) {
  State s = table(3, {{kS3, kS3, kS5}, {kS5}, {kS6}}, {}, {kS3}, with_target(2));
  give_flock(s, 0, kViking);
  give_flock(s, 1, kDad);
  give_flock(s, 1, kS4);
  s.exposed[1] = 1u << kDad;
  act_on(s, act::kTrade);
  act_on(s, field_card(kS3));
  act_on(s, hand_card(kS5));
  ASSERT_TRUE(s.is_terminal());
  const std::vector<std::string> names = {"Ann", "Bob", "Cat"};
  EXPECT_EQ(result_explanation(s, names),
            "Ann wins with 2 flocks, none exposed, the 2 this game needs. Next best: Bob with 2 flocks. An exposed "
            "flock kept Bob from winning.");
  const ScoreBreakdown ann = score_breakdown(s, 0);
  ASSERT_EQ(ann.size(), 3u);
  EXPECT_EQ(ann[0], (ScoreItem{"Viking flock", 0}));
  EXPECT_EQ(ann[1], (ScoreItem{"Sheep 3 flock", 0}));
  EXPECT_EQ(ann[2], (ScoreItem{"the win: 2 flocks (2 needed), none exposed", 1}));
  const ScoreBreakdown bob = score_breakdown(s, 1);
  EXPECT_EQ(bob[0], (ScoreItem{"Dad Sheep flock (exposed)", 0}));
  EXPECT_EQ(bob.back(), (ScoreItem{"no win: 2 flocks (2 needed), 1 exposed", 0}));
}

TEST(Result, SeatsQualifyingInOneAttackShareTheWin) {
  State s = table(2, {{kViking, kViking, kDad}, {kDad, kDad, kViking}}, {kS5, kAttackLeft}, {}, with_target(2));
  give_flock(s, 0, kS3);
  give_flock(s, 1, kS4);
  act_on(s, act::kDrawEnd);
  act_on(s, hand_card(kDad));
  act_on(s, hand_card(kViking));
  ASSERT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winners().size(), 2u);
  const std::vector<std::string> names = {"Ann", "Bob"};
  EXPECT_EQ(result_explanation(s, names),
            "Ann (2 flocks, none exposed) and Bob (2 flocks, none exposed) qualified at the same moment and share "
            "the win.");
  for (Player p : {0, 1})
    EXPECT_EQ(score_breakdown(s, p).back(), (ScoreItem{"the win: 2 flocks (2 needed), none exposed", 1}));
}

// ---------------------------------------------------------------- Passes

// Only the Nice Try window's pass declines; everything else a seat does,
// including choosing the card an Attack makes it pass, is a real move.
TEST(Pass, OnlyTheNiceTryWindowsPassIsAPass) {
  int windows = 0, only_pass = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      Params params;
      params.turn_limit = 60;
      State s(params, players, seed + 300);
      Rng rng(seed, 94);
      while (!s.is_terminal()) {
        ActionList legal;
        s.legal_actions(legal);
        for (int a = 0; a < act::kCount; ++a)
          ASSERT_EQ(is_pass(s, static_cast<Action>(a)), s.phase == Phase::NiceTry && a == act::kPass);
        if (s.phase == Phase::NiceTry) {
          ++windows;
          EXPECT_TRUE(legal.contains(act::kPass));
          // Auto-pass answers only a seat without a Nice Try: then pass is all there is.
          const bool holds = s.hand[s.current_player()][kNiceTry] > 0;
          EXPECT_EQ(legal.size(), holds ? 2u : 1u);
          only_pass += !holds;
        }
        s.apply(heuristic_action(s, rng));
      }
    }
  EXPECT_GT(windows, 0);
  EXPECT_GT(only_pass, 0);
}

}  // namespace
}  // namespace bw::disguise
