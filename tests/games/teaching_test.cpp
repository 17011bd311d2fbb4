// What every game teaches, checked the same way in all of them (the games'
// own explain_test.cpp files check that each hint says the right thing):
// the itemised score adds up, the explanation names the winners, hints come
// from the seat's observation only, and a pass is never the only thing
// offered when a real choice exists.
#include <gtest/gtest.h>

#include "core/wording.hpp"
#include "support/every_game.hpp"
#include "support/random_play.hpp"
#include "support/teaching_checks.hpp"

namespace bw {
namespace {

template <class S>
class EveryGameTeaches : public ::testing::Test {};
TYPED_TEST_SUITE(EveryGameTeaches, EveryGame);

template <class S>
typename S::Params default_params() {
  return S::Params::from(validate_params(S::param_specs(), {}));
}

TYPED_TEST(EveryGameTeaches, TheItemisedScoreAddsUpAndTheWinnersAreNamed) {
  using S = TypeParam;
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  int games = 0;
  testing::for_random_games<S>({default_params<S>()}, 20, [&](const S& finished) {
    testing::expect_explained_result(finished, names);
    ++games;
  });
  EXPECT_GT(games, 0);
}

TYPED_TEST(EveryGameTeaches, HintsDependOnlyOnTheSeatsObservation) {
  using S = TypeParam;
  const int players = std::clamp(3, S::kMinPlayers, S::kMaxPlayers);
  int compared = testing::expect_hints_ignore_hidden<S>({default_params<S>()}, players, 60, 25,
                                                        [](const S& a, const S& b) { return !(a == b); });
  EXPECT_GT(compared, 0) << "no position where determinize changed anything hidden";
}

// Auto-pass answers only a pass that is the one legal action: a pass offered
// beside another action is a real choice, and a lone non-pass action is not
// the front's to answer.
TYPED_TEST(EveryGameTeaches, APassIsAnActionOfItsOwnAndHintsAreOneLine) {
  using S = TypeParam;
  int decisions = 0;
  testing::for_random_games<S>(
      {default_params<S>()}, 10, [](const S&) {},
      [&](const S& state) {
        ActionList legal;
        state.legal_actions(legal);
        const Player seat = state.current_player();
        int passes = 0;
        for (Action a : legal) {
          passes += is_pass(state, a);
          std::string hint = action_hint(state.observation(seat), a);
          EXPECT_EQ(hint.find('\n'), std::string::npos) << S::action_to_string(a) << ": " << hint;
        }
        EXPECT_LE(passes, 1) << "two ways to pass in one decision";
        ++decisions;
      });
  EXPECT_GT(decisions, 0);
}

}  // namespace
}  // namespace bw
