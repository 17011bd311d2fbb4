// Fuzz target: a game record from outside (a file for `replay`, later an
// upload to the server): bytes -> JSON -> GameRecord -> replay every action.
// bw::Error is the expected refusal; anything else (another exception, a
// sanitizer report, a crash) is a finding.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/record.hpp"
#include "core/strict_json.hpp"
#include "games/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The same path as load_record, after the file is read: the strict reader, then the record.
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    bw::GameRecord record = bw::record_from_json(bw::parse_strict_json(text, "the record"));
    auto state = bw::replay(bw::registry(), record);
    // What replay prints and what a saved record holds: the state must render and re-serialise.
    if (state) (void)bw::record_to_json(record, state.get()).dump();
  } catch (const bw::Error&) {
    // Refused with a message: the expected outcome for bad input.
  }
  return 0;
}
