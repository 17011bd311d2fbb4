#include "analysis/analysis_json.hpp"

namespace bw::analysis {

nlohmann::json analysis_json(const GameAnalysis& analysis) {
  nlohmann::json decisions = nlohmann::json::array();
  for (const Decision& d : analysis.decisions) {
    nlohmann::json one = {{"step", d.step},
                          {"seat", d.seat},
                          {"played", d.played},
                          {"best", d.best},
                          {"chances", d.chances},
                          {"played_chance", d.played_chance},
                          {"best_chance", d.best_chance},
                          {"lost_points", d.lost},
                          {"noise_points", d.noise}};
    if (d.mark != Mark::None) one["mark"] = mark_name(d.mark);
    if (d.unlucky) one["unlucky"] = true;
    decisions.push_back(one);
  }
  return {{"game", analysis.game},
          {"players", analysis.players},
          {"budget", {{"worlds", analysis.budget.worlds}, {"seed", analysis.budget.seed}}},
          {"winners", analysis.winners},
          {"decisions", decisions},
          {"turning_points", analysis.turning_points}};
}

}  // namespace bw::analysis
