// Fuzz target: a game record from outside (a file for `replay`, later an
// upload to the server): bytes -> JSON -> GameRecord -> replay every action.
// bw::Error is the expected refusal; anything else (another exception, a
// sanitizer report, a crash) is a finding.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/record.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char* first = reinterpret_cast<const char*>(data);
  // TODO: switch to bw::parse_strict_json once the strict reader lands (wt-records).
  nlohmann::json json = nlohmann::json::parse(first, first + size, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return 0;
  try {
    bw::GameRecord record = bw::record_from_json(json);
    auto state = bw::replay(bw::registry(), record);
    // What replay prints and what a saved record holds: the state must render and re-serialise.
    if (state) (void)bw::record_to_json(record, state.get()).dump();
  } catch (const bw::Error&) {
    // Refused with a message: the expected outcome for bad input.
  }
  return 0;
}
