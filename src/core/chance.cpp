#include "core/chance.hpp"

#include <algorithm>
#include <string>

#include "core/errors.hpp"

namespace bw {

int chance_event(ChanceScript& script, ChanceScript::Event outcomes) {
  int forced = -1;
  if (script.used < script.forced.size()) {
    forced = script.forced[script.used++];
    const bool possible =
        std::any_of(outcomes.begin(), outcomes.end(), [&](const auto& outcome) { return outcome.first == forced; });
    if (!possible) throw_no_such_outcome(forced);
  }
  script.events.push_back(std::move(outcomes));
  return forced;
}

void throw_no_such_outcome(int forced) {
  throw BadParameter("chance outcome " + std::to_string(forced) + " is not possible at this chance event");
}

}  // namespace bw
