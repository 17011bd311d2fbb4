#pragma once
// Checks every game's teaching hooks share (issue 19): a finished game's
// itemised score adds up to scores(), and the explanation names each winner.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/explain.hpp"
#include "core/game.hpp"

namespace bw::testing {

template <class S>
void expect_explained_result(const S& finished, const std::vector<std::string>& names) {
  for (Player p = 0; p < finished.num_players(); ++p) {
    double sum = 0;
    for (const ScoreItem& item : score_breakdown(finished, p)) sum += item.points;
    EXPECT_EQ(sum, finished.scores()[p]) << "seat " << p;
  }
  const std::string why = result_explanation(finished, names);
  for (Player w : finished.winners()) EXPECT_NE(why.find(names[w]), std::string::npos) << why;
}

}  // namespace bw::testing
