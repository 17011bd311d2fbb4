#pragma once
// A tournament's games as records (core/record.hpp), one file per game, that
// `bellwether replay` reads back.
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/registry.hpp"
#include "sim/simulate.hpp"

namespace bw {

// The names of seats nobody named (Ann, Bob, Cat, ...; P9 on): in records and on screens.
std::vector<std::string> default_names(int players);

// The folder for a tournament's records: made if missing; throws Error
// ("--records: ...") if it cannot be made or is not a folder.
void prepare_records_dir(const std::string& dir);

// One finished game as `dir`/game-000001.json (numbered from 1), replayed
// through the checked type-erased state so the file holds exactly what a
// replay accepts. `seats` is the line-up the outcome's agent_of_seat indexes.
void write_game_record(const std::string& dir, const GameInfo& game, const ParamMap& params,
                       const std::vector<std::string>& seats, const GameOutcome& outcome);

}  // namespace bw
