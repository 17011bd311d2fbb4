// ISMCTS and the heuristics: legal choices only, and no peeking at hidden information.
#include <gtest/gtest.h>

#include "agents/agent_for.hpp"
#include "agents/ismcts.hpp"
#include "agents/root_parallel.hpp"
#include "core/errors.hpp"
#include "games/boom_bah/boom_bah.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw {
namespace {

using bye_bye::State;

// A few dozen positions from seeded random games, basic and advanced rules.
std::vector<State> positions() {
  std::vector<State> out;
  for (bool advanced : {false, true}) {
    bye_bye::Params params;
    params.advanced = advanced;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      State s(params, 3 + static_cast<int>(seed % 3), seed);
      Rng rng(seed, 5);
      for (int step = 0; !s.is_terminal() && step < 120; ++step) {
        if (step % 20 == 0) out.push_back(s);
        s.apply(random_action(s, rng));
      }
    }
  }
  return out;
}

TEST(Ismcts, ReturnsOnlyLegalActions) {
  Ismcts<State, RandomRollout> search(IsmctsConfig{200, 0, 0.7, false});
  Rng rng(1, 1);
  for (const State& s : positions()) {
    Action a = search.choose(s, rng);
    EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a);
    EXPECT_EQ(search.last_iterations(), 200u);
  }
}

TEST(Ismcts, CannotTellApartWhatTheSeatCannotTellApart) {
  // Same seed, two states that differ only in what the acting seat cannot see:
  // the same choice, for either rollout policy.
  for (bool heuristic : {false, true}) {
    IsmctsConfig config{150, 0, 0.7, heuristic};
    for (const State& s : positions()) {
      Player me = s.current_player();
      State twin = s;
      Rng shuffle(99, 9);
      twin.determinize(me, shuffle);
      ASSERT_TRUE(twin.observation(me) == s.observation(me));
      Ismcts<State, RandomRollout> a(config), b(config);
      Ismcts<State, HeuristicRollout> c(config), d(config);
      Rng r1(7, 7), r2(7, 7);
      if (heuristic) EXPECT_EQ(c.choose(s, r1), d.choose(twin, r2));
      else EXPECT_EQ(a.choose(s, r1), b.choose(twin, r2));
    }
  }
}

TEST(Ismcts, TimeBudget) {
  Ismcts<State, RandomRollout> search(IsmctsConfig{0, 20, 0.7, false});
  Rng rng(2, 2);
  State s = positions().front();
  Action a = search.choose(s, rng);
  EXPECT_TRUE(s.is_legal(a));
  EXPECT_GT(search.last_iterations(), 0u);
}

// A seat that decides again right after itself keeps the subtree below its
// last action (with strict reuse only when that action showed it nothing: not
// after a blind draw); after anybody else's action the tree is rebuilt.
// Three ways to treat the card a draw turned up: keep the subtree that
// averaged over every card (default), rebuild (strict), or keep the subtree of
// exactly that card (branch_on_outcomes), which holds only part of the visits.
TEST(Ismcts, ReusesItsSubtreeOnlyBetweenItsOwnConsecutiveDecisions) {
  bye_bye::Params params;
  enum Mode { kAveraged, kStrict, kBranch };
  for (Mode mode : {kAveraged, kStrict, kBranch}) {
    const bool strict = mode == kStrict;
    int reused_moves = 0, fresh_moves = 0, fresh_after_draw = 0, reused_after_draw = 0;
    std::uint64_t draw_visits = 0, reused_draw_visits = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      State s(params, 3, seed);
      IsmctsConfig config{300, 0, 0.7, false};
      config.strict_reuse = strict;
      config.branch_on_outcomes = mode == kBranch;
      Ismcts<State, RandomRollout> search(config);
      search.new_game();
      Rng rng(seed, 3);
      Player me = s.current_player();
      Player previous_actor = kTerminal;
      Action previous_action = 0;
      std::uint32_t previous_visits = 0;  // of the action played, in the tree that chose it
      for (int step = 0; step < 60 && !s.is_terminal(); ++step) {
        Player actor = s.current_player();
        Action a = actor == me ? search.choose(s, rng) : random_action(s, rng);
        if (actor == me) {
          EXPECT_TRUE(s.is_legal(a));
          EXPECT_EQ(search.last_iterations(), 300u);  // reuse adds to the budget, never replaces it
          if (previous_actor == me && previous_action < bye_bye::act::kStop) {
            // A blind draw turned up a card.
            if (search.last_reused_visits() > 0) ++reused_after_draw;
            else ++fresh_after_draw;
            draw_visits += previous_visits;
            reused_draw_visits += search.last_reused_visits();
            if (mode == kBranch) {
              EXPECT_LE(search.last_reused_visits(), previous_visits);
            }
          } else if (previous_actor == me) {
            reused_moves += search.last_reused_visits() > 0;
          } else {
            EXPECT_EQ(search.last_reused_visits(), 0u) << "kept a tree across another seat's move";
            ++fresh_moves;
          }
        }
        if (actor == me) {
          previous_visits = 0;
          search.for_each_root_child([&](Action child, std::uint32_t visits, double) {
            if (child == a) previous_visits = visits;
          });
        }
        s.apply(a);
        search.observe(a, actor);
        previous_actor = actor;
        previous_action = a;
      }
    }
    EXPECT_GT(reused_moves, 0);
    EXPECT_GT(fresh_moves, 0);
    if (strict) {
      EXPECT_EQ(reused_after_draw, 0) << "strict reuse kept a tree across a draw that revealed a card";
      EXPECT_GT(fresh_after_draw, 0);
    } else {
      EXPECT_GT(reused_after_draw, 0);
    }
    if (mode == kAveraged) {
      EXPECT_EQ(reused_draw_visits, draw_visits) << "the whole averaged subtree is kept";
    }
    if (mode == kBranch) {
      EXPECT_LT(reused_draw_visits, draw_visits) << "only the drawn card's share is kept";
    }
  }

  // Without observe() calls (no knowledge of what happened) the tree is never kept.
  State s(params, 3, 9);
  Ismcts<State, RandomRollout> blind(IsmctsConfig{100, 0, 0.7, false});
  Rng rng(9, 9);
  blind.choose(s, rng);
  blind.choose(s, rng);
  EXPECT_EQ(blind.last_reused_visits(), 0u);
}

TEST(Ismcts, RootParallelIsLegalAndRepeatable) {
  IsmctsConfig config{400, 0, 0.7, false};
  config.threads = 2;
  for (const State& s : positions()) {
    RootParallelIsmcts<State, RandomRollout> a(config), b(config);
    Rng r1(11, 1), r2(11, 1);
    Action first = a.choose(s, r1);
    EXPECT_TRUE(s.is_legal(first)) << State::action_to_string(first);
    EXPECT_EQ(first, b.choose(s, r2)) << "same seed, same iteration budget: the same move";
    EXPECT_EQ(a.last_iterations(), 400u) << "the budget is shared among the threads";
  }
}

// What `play --think` shows: the threads' root actions summed, most visited
// first, the first being the move played; a fresh tree's visits are the budget.
TEST(Ismcts, LastConsideredSumsTheThreadsRoots) {
  IsmctsConfig config{400, 0, 0.7, false};
  config.threads = 2;
  for (const State& s : positions()) {
    RootParallelIsmcts<State, RandomRollout> search(config);
    Rng rng(12, 1);
    Action chosen = search.choose(s, rng);
    auto considered = search.last_considered();
    ASSERT_FALSE(considered.empty());
    EXPECT_EQ(considered.front().action, chosen);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < considered.size(); ++i) {
      total += considered[i].visits;
      EXPECT_GE(considered[i].mean_reward, 0.0);
      EXPECT_LE(considered[i].mean_reward, 1.0);
      if (i > 0) {
        EXPECT_LE(considered[i].visits, considered[i - 1].visits);
      }
    }
    EXPECT_EQ(total, 400u);
  }
}

TEST(AgentSpec, ThreadsAndReuseOptions) {
  AgentSpec spec = parse_agent_spec("ismcts:iters=300,threads=2,reuse=false");
  EXPECT_EQ(spec.ismcts.threads, 2);
  EXPECT_FALSE(spec.ismcts.reuse_tree);
  EXPECT_EQ(spec.ismcts.iterations, 300);
  EXPECT_TRUE(parse_agent_spec("ismcts").ismcts.reuse_tree);
  EXPECT_THROW(parse_agent_spec("ismcts:threads=0"), BadSeats);
  EXPECT_THROW(parse_agent_spec("ismcts:reuse=maybe"), BadSeats);
  EXPECT_TRUE(parse_agent_spec("ismcts:reuse=strict").ismcts.strict_reuse);
  EXPECT_FALSE(parse_agent_spec("ismcts").ismcts.strict_reuse);
}

TEST(AgentSpec, PlayOutNoiseRewardAndOpponentModelOptions) {
  AgentSpec spec = parse_agent_spec("ismcts:eps=0.25,score=0.3,opp=1");
  EXPECT_DOUBLE_EQ(spec.ismcts.epsilon, 0.25);
  EXPECT_DOUBLE_EQ(spec.ismcts.score_weight, 0.3);
  EXPECT_DOUBLE_EQ(spec.ismcts.opponent_model, 1.0);
  EXPECT_TRUE(spec.score_weight_given && spec.opponent_model_given);
  EXPECT_EQ(parse_agent_spec("ismcts:depth=2").ismcts.depth, 2);
  EXPECT_DOUBLE_EQ(parse_agent_spec("ismcts:fpu=0.6").ismcts.first_play_urgency, 0.6);
  EXPECT_TRUE(parse_agent_spec("ismcts:branch=true").ismcts.branch_on_outcomes);
  EXPECT_TRUE(parse_agent_spec("ismcts:branch=true").branch_given);
  for (const char* bad : {"ismcts:eps=1.5", "ismcts:score=-0.1", "ismcts:opp=2", "ismcts:opp=nan", "ismcts:depth=-1",
                          "ismcts:fpu=-1", "ismcts:branch=yes"})
    EXPECT_THROW(parse_agent_spec(bad), BadSeats) << bad;
}

// depth=1 is flat Monte Carlo over the root's actions: the tree holds the
// root and one node per action tried, however many iterations run.
TEST(Ismcts, WeighsOnlyTheGamesSearchActions) {
  // Boom Bah keeps discards for after the turn's moves (search_actions): at a
  // turn's start with cards in hand and a move to make the root never weighs one.
  int turn_starts = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    boom_bah::State s(boom_bah::Params{}, 4, seed);
    Rng rng(seed, 9);
    for (int step = 0; !s.is_terminal() && step < 200; ++step) {
      ActionList legal;
      s.legal_actions(legal);
      const bool turn_start = s.phase == boom_bah::Phase::Actions && s.actions_left == 2 &&
                              s.hand_count(s.active) > 0 && legal[0] < boom_bah::act::kDiscard;  // a move is legal
      if (turn_start && step % 3 == 0) {
        ++turn_starts;
        Ismcts<boom_bah::State, HeuristicRollout> search(IsmctsConfig{300, 0, 0.7, true});
        search.choose(s, rng);
        search.for_each_root_child([](Action action, std::uint32_t, double) {
          EXPECT_FALSE(action >= boom_bah::act::kDiscard && action < boom_bah::act::kEndTurn)
              << boom_bah::State::action_to_string(action);
        });
      }
      s.apply(boom_bah::heuristic_action(s, rng));
    }
  }
  EXPECT_GT(turn_starts, 10);
}

TEST(Ismcts, DepthOneGrowsOnlyTheRootsChildren) {
  auto tree_size_at = [](const State& s, int depth) {
    IsmctsConfig config;
    config.iterations = 400;
    config.depth = depth;
    Ismcts<State, HeuristicRollout> search(config);
    Rng rng(2, 2);
    search.choose(s, rng);
    return search.tree_size();
  };
  for (const State& s : positions()) {
    ActionList legal;
    s.legal_actions(legal);
    if (legal.size() < 2) continue;  // a forced move grows no tree
    EXPECT_LE(tree_size_at(s, 1), 1 + legal.size());
    EXPECT_GT(tree_size_at(s, 0), 1 + legal.size());
  }
}

TEST(Heuristic, LegalAndBlindToHiddenCards) {
  for (const State& s : positions()) {
    Rng r1(3, 3), r2(3, 3);
    Action a = bye_bye::heuristic_action(s, r1);
    EXPECT_TRUE(s.is_legal(a)) << State::action_to_string(a);
    State twin = s;
    Rng shuffle(4, 4);
    twin.determinize(s.current_player(), shuffle);
    EXPECT_EQ(a, bye_bye::heuristic_action(twin, r2));
  }
}

TEST(Heuristic, LegalThroughWholeGames) {
  for (int players = 2; players <= 5; ++players)
    for (bool advanced : {false, true}) {
      bye_bye::Params params;
      params.advanced = advanced;
      for (std::uint64_t seed = 0; seed < 50; ++seed) {
        State s(params, players, seed);
        Rng rng(seed, 8);
        int steps = 0;
        while (!s.is_terminal()) {
          Action a = bye_bye::heuristic_action(s, rng);
          ASSERT_TRUE(s.is_legal(a)) << State::action_to_string(a) << " seed " << seed;
          s.apply(a);
          ASSERT_LT(++steps, 20000);
        }
      }
    }
}

}  // namespace
}  // namespace bw

namespace bw {
namespace {

// Hardening item 1: with several search threads, a first decision that has
// one legal move left every tree empty, and merging them read past the end.
TEST(RootParallel, AForcedMoveNeedsNoTreeWhateverTheThreads) {
  IsmctsConfig config;
  config.iterations = 40;
  config.threads = 3;
  int forced_seen = 0;
  for (std::uint64_t seed = 1; seed <= 40 && forced_seen < 3; ++seed) {
    State s(bye_bye::Params{}, 2 + static_cast<int>(seed % 4), seed);  // 2..5 players
    Rng rng(seed, 3);
    while (!s.is_terminal()) {
      ActionList legal;
      s.legal_actions(legal);
      if (legal.size() == 1) {
        RootParallelIsmcts<State, RandomRollout> search(config);  // fresh: no tree yet
        EXPECT_EQ(search.choose(s, rng), legal[0]);
        EXPECT_EQ(search.last_iterations(), 0u);
        ++forced_seen;
        break;
      }
      s.apply(random_action(s, rng));
    }
  }
  EXPECT_GT(forced_seen, 0) << "no forced move found: the test checks nothing";
}

// The crash as a user met it: whole Bye-Bye games with a two-thread searcher.
TEST(RootParallel, WholeGamesWithTwoSearchThreads) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::vector<AgentFor<State>> lineup;
    lineup.emplace_back(parse_agent_spec("ismcts:threads=2,iters=60"));
    lineup.emplace_back(parse_agent_spec("random"));
    State s(bye_bye::Params{}, 2, seed);
    Rng rng(seed, 1);
    for (auto& agent : lineup) agent.new_game();
    while (!s.is_terminal()) {
      Player seat = s.current_player();
      Action a = lineup[seat].choose(s, rng);
      ASSERT_TRUE(s.is_legal(a));
      s.apply(a);
      for (auto& agent : lineup) agent.observe(a, seat);
    }
  }
}

}  // namespace
}  // namespace bw
