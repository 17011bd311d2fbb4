#pragma once
// A game's analysis as JSON: what `bellwether analyze-game --json` prints and
// the server answers at GET /api/tables/{id}/analysis (docs/analysis.md).
#include <nlohmann/json.hpp>

#include "analysis/game_analysis.hpp"

namespace bw::analysis {

nlohmann::json analysis_json(const GameAnalysis& analysis);

}  // namespace bw::analysis
