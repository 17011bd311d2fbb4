// The teaching hooks: move hints from the seat's observation, the itemised
// final score, the result in words, and (no) pass actions.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/wording.hpp"
#include "games/black_sheep/black_sheep.hpp"
#include "games/black_sheep/test_support.hpp"
#include "support/random_play.hpp"

namespace bw::black_sheep {
namespace {

using namespace testing;
using bw::testing::random_legal;

const std::array<std::string, kMaxSeats> kNames = {"Ann", "Bob", "Cat", "Dan"};

std::string hint(const State& s, Action action) { return action_hint(s.observation(s.current_player()), action); }

// Random games of both rule sets and every player count.
template <class... Checks>
void for_random_games(int games_per_configuration, Checks&&... checks) {
  bw::testing::for_random_games<State>({params_with(false), params_with(true)}, games_per_configuration, checks...);
}

// ---------------------------------------------------------------- Hints: fields

TEST(BlackSheepHints, FieldNamesItsLeaderAndTheSeatsOwnSide) {
  State s = table(3);
  set_field(s, 0, {kHorse, kCow}, {{}, {kCow, kCow}, {kPig}});
  EXPECT_EQ(hint(s, field_action(0)), "horse & cow: P2 leads with three cows; your side 0/3");
}

TEST(BlackSheepHints, FieldWithNoCardsSaysSo) {
  State s = table(2);
  set_field(s, 1, {kPig, kPig}, {{}, {}});
  EXPECT_EQ(hint(s, field_action(1)), "pig & pig: no cards yet; your side 0/3");
}

TEST(BlackSheepHints, IdenticalSidesGoToTheOneCompletedFirst) {
  State s = table(3);
  set_field(s, 2, {kHorse, kCow}, {{kPig}, {kSheep, kSheep, kPig}, {kSheep, kSheep, kPig}});
  EXPECT_EQ(hint(s, field_action(2)), "horse & cow: P2 leads with a pair of sheep; your side 1/3");
  s.fields[2].completed_at = {0, 5, 4};
  EXPECT_EQ(hint(s, field_action(2)), "horse & cow: P3 leads with a pair of sheep; your side 1/3");
}

TEST(BlackSheepHints, IdenticalIncompleteSidesTie) {
  State s = table(3);
  set_field(s, 0, {kHorse, kCow}, {{kPig}, {kPig}, {}});
  s.active = 2;
  EXPECT_EQ(hint(s, field_action(0)), "horse & cow: P1 and P2 tie with horse high; your side 0/3");
}

TEST(BlackSheepHints, TheViewerIsYou) {
  State s = table(2);
  set_field(s, 0, {kHorse, kCow}, {{kHorse}, {kPig}});
  EXPECT_EQ(hint(s, field_action(0)), "horse & cow: you lead with a pair of horses; your side 1/3");
}

// ---------------------------------------------------------------- Hints: placing

TEST(BlackSheepHints, PlaceSaysWhatTheSideBecomesAgainstTheLeader) {
  State s = table(2);
  set_field(s, 0, {kHorse, kCow}, {{}, {kPig, kPig, kPig}});
  set_hand(s, 0, {kCow, kRooster, kRooster});
  s.apply(field_action(0));
  EXPECT_EQ(hint(s, place(kCow)), "makes a pair of cows (1/3 cards); P2 leads with three pigs");
  set_field(s, 0, {kHorse, kCow}, {{}, {kPig, kRooster}});
  EXPECT_EQ(hint(s, place(kCow)), "makes a pair of cows (1/3 cards), ahead of every side");
}

TEST(BlackSheepHints, TheLastCardSaysWhoWinsTheField) {
  State s = table(2);
  set_field(s, 0, {kHorse, kCow}, {{kCow, kCow}, {kHorse, kHorse, kPig}});
  set_hand(s, 0, {kCow, kHorse, kRooster});
  s.apply(field_action(0));
  EXPECT_EQ(hint(s, place(kCow)), "the field scores: you win it with four cows");
  EXPECT_EQ(hint(s, place(kRooster)), "the field scores: P2 wins it with three horses");
  // Identical to a side completed earlier: that side wins.
  set_field(s, 0, {kHorse, kCow}, {{kPig, kPig}, {kPig, kPig, kRooster}});
  EXPECT_EQ(hint(s, place(kRooster)), "the field scores: P2 wins it with a pair of pigs");
}

// The hint's winner is the engine's, in every position random play reaches.
TEST(BlackSheepHints, FieldScoresHintNamesTheSeatTheRulesAward) {
  int checked = 0;
  for (int game = 0; game < 40; ++game) {
    State s(params_with(), 2 + game % 3, 500 + game);
    Rng rng(game, 5);
    while (!s.is_terminal()) {
      if (s.phase == Phase::Place) {
        ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) {
          const std::string text = hint(s, a);
          if (text.rfind("the field scores: ", 0) != 0) continue;
          State after = s;
          after.apply(a);
          if (after.phase == Phase::Discard) after.apply(act::kKeep);
          int winner = -1;
          for (const Event& e : after.events())
            if (e.kind == evFieldWinner) winner = e.b;
          ASSERT_GE(winner, 0) << text;
          const std::string who = winner == s.active ? "you win" : seat_label(winner) + " wins";
          EXPECT_EQ(text.substr(18, who.size()), who) << text;
          ++checked;
        }
      }
      s.apply(random_legal(s, rng));
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(BlackSheepHints, DiscardAndKeepNeedNoHint) {
  State s = table(2);
  set_hand(s, 0, {kCow, kHorse, kRooster});
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(act::kJustOne);
  EXPECT_EQ(hint(s, discard_action(kHorse)), "");
  EXPECT_EQ(hint(s, act::kKeep), "");
}

// Two states the seat cannot tell apart (other hands, deck order and hidden
// figure values resampled) give it the same hints.
TEST(BlackSheepHints, UseOnlyTheObservation) {
  const int compared = bw::testing::expect_hints_ignore_hidden<State>(
      {params_with(false), params_with(true)}, 3, 30, 30,
      [](const State& s, const State& copy) { return s.hand != copy.hand; });
  EXPECT_GT(compared, 10);
}

// ---------------------------------------------------------------- Itemised scores

TEST(BlackSheepBreakdown, BaseGameNamesEachBonusCard) {
  State s = table(2);
  for (int a = 0; a < kNumAnimals; ++a) set_corral(s, 0, a, {2});
  set_corral(s, 0, kHorse, {2, 5});
  set_corral(s, 1, kCow, {1, 1});
  set_corral(s, 0, kBlackSheep, {3});
  set_corral(s, 1, kBlackSheep, {1});
  s.phase = Phase::GameOver;
  const ScoreBreakdown items = score_breakdown(s, 0);
  const ScoreBreakdown expected = {
      {"2 horses", 7},
      {"1 cow", 2},
      {"1 pig", 2},
      {"1 sheep", 2},
      {"1 rooster", 2},
      {"1 black sheep", -3},
      {"bonus card: most horses", 6},
      {"bonus card: most pigs", 6},
      {"bonus card: most sheep", 6},
      {"bonus card: most roosters", 6},
      {"bonus card: a set of all six animals", 6},
  };
  EXPECT_EQ(items, expected);
  EXPECT_EQ(s.final_points(0), 7 + 2 * 4 - 3 + 5 * 6);
}

TEST(BlackSheepBreakdown, TasksAreNamedWithTheirOwner) {
  State s = table(2, params_with(true));
  s.community.clear();
  s.community.push_back(0);  // most horses: 5
  s.secret[1].clear();
  s.secret[1].push_back(5);  // horse + cow: 3
  s.secret[0].clear();
  for (Player p = 0; p < 2; ++p)
    for (int a = 0; a < kNumAnimals; ++a) s.corral[p][a].clear();
  set_corral(s, 0, kHorse, {4, 4});
  set_corral(s, 0, kCow, {1});
  s.phase = Phase::GameOver;
  const ScoreBreakdown expected = {{"2 horses", 8},
                                   {"1 cow", 1},
                                   {"community task: " + task_text(s.params.task_cards[0]), 5},
                                   {"P2's secret task: " + task_text(s.params.task_cards[5]), 3}};
  EXPECT_EQ(score_breakdown(s, 0), expected);
  EXPECT_EQ(s.final_points(0), 17);
}

TEST(BlackSheepBreakdown, AddsUpToTheScoreInEveryRandomGame) {
  for_random_games(30, [](const State& s) {
    for (Player p = 0; p < s.num_players(); ++p) {
      double sum = 0;
      for (const ScoreItem& item : score_breakdown(s, p)) {
        EXPECT_FALSE(item.category.empty());
        sum += item.points;
      }
      EXPECT_EQ(sum, s.scores()[p]) << "seat " << p << ", tasks " << s.params.tasks;
    }
  });
}

// ---------------------------------------------------------------- The result in words

std::string explain(const State& s) { return result_explanation(s, Names(kNames.data(), s.num_players())); }

// The last turn of a game: these corrals (seat -> animal -> values), two
// fields turned over and the third, without figures, one card from scoring.
State last_turn(int players, const std::vector<std::vector<std::vector<int>>>& corrals, bool tasks = false) {
  State s = table(players, params_with(tasks));
  for (Player p = 0; p < players; ++p)
    for (int a = 0; a < kNumAnimals; ++a) {
      s.corral[p][a].clear();
      if (static_cast<std::size_t>(p) < corrals.size() && static_cast<std::size_t>(a) < corrals[p].size())
        for (int v : corrals[p][a]) s.corral[p][a].push_back(static_cast<std::int8_t>(v));
    }
  s.end_game = true;
  for (int f = 1; f < kNumFields; ++f) {
    s.fields[f] = Field{};
    s.fields[f].flipped = true;
  }
  set_field(s, 0, {}, {{kPig, kPig}});
  for (Player p = 1; p < players; ++p) {
    for (int i = 0; i < kSideCards; ++i) s.fields[0].side[p].push_back(kCow);
    s.fields[0].completed_at[p] = ++s.completions;
  }
  return s;
}

// The engine's own final scoring, by playing the last card.
void finish(State& s) {
  play_last_card(s, 0, 0, kPig);
  ASSERT_TRUE(s.is_terminal());
}

TEST(BlackSheepResult, SaysTheMarginOverTheRunnerUp) {
  State s = last_turn(3, {{{5}}, {{}, {3}}, {{}, {}, {2}}});  // each with a majority bonus card
  finish(s);
  EXPECT_EQ(explain(s), "Ann wins with 11 points, 2 more than Bob (9).");
}

TEST(BlackSheepResult, SaysWhenMoreAnimalsBreakATie) {
  State s = last_turn(2, {{{1}, {1}}, {{8}}});  // Ann 1 + 1 + most cows 6, Bob 8
  finish(s);
  EXPECT_EQ(explain(s), "Ann and Bob both have 8 points; Ann wins with more animals (2 against 1).");
}

TEST(BlackSheepResult, SaysWhenTheWinIsShared) {
  State s = last_turn(2, {{{3}}, {{}, {3}}});
  finish(s);
  EXPECT_EQ(explain(s), "Ann and Bob share the win with 9 points and 1 animal each.");
}

TEST(BlackSheepResult, NamesTheLoneBlackSheepTask) {
  State s = last_turn(2, {{{9}, {9}}, {{}, {}, {}, {}, {}, {1}}}, true);
  s.community.clear();
  s.community.push_back(static_cast<std::uint8_t>(s.params.task_cards.size() - 1));
  ASSERT_EQ(s.params.task_cards[s.community[0]].kind, TaskKind::LoneBlackSheep);
  finish(s);
  ASSERT_EQ(s.winners().size(), 1u);
  ASSERT_EQ(s.winners()[0], 1);
  EXPECT_EQ(explain(s),
            "Bob is the only player with black sheep and that task is in play: Bob wins whatever the points.");
}

TEST(BlackSheepResult, NamesEveryWinnerOfEveryRandomGame) {
  for_random_games(30, [](const State& s) {
    const std::string text = explain(s);
    for (Player w : s.winners()) EXPECT_NE(text.find(kNames[w]), std::string::npos) << text;
  });
}

TEST(BlackSheepPass, NoActionIsAPass) {
  for_random_games(
      3, [](const State&) {},
      [](const State& s) {
        ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) EXPECT_FALSE(is_pass(s, a));
      });
}

}  // namespace
}  // namespace bw::black_sheep
