#include "mpi/tally_codec.hpp"

namespace bw::mpi {

namespace {
// The first word: the format, and this machine's byte order (it reads back as another number on the other).
constexpr std::uint64_t kTallyMagic = 0x4257'5441'4c59'0001;  // "BWTALY" 1

void put_counts(ByteWriter& out, const ValueCounts& counts) {
  out.put<std::uint64_t>(counts.size());
  for (const auto& [value, count] : counts) out.put(value).put(count);
}

ValueCounts get_counts(ByteReader& in) {
  ValueCounts counts;
  for (auto n = in.get_count(16); n > 0; --n) {
    auto value = in.get<double>();
    auto count = in.get<std::uint64_t>();
    if (!counts.emplace(value, count).second) in.fail("a value counted twice");
  }
  return counts;
}

bool empty(const SimTally::Cell& cell) { return cell.games == 0 && cell.scores.empty(); }
}  // namespace

Bytes encode_tally(const SimTally& tally) {
  ByteWriter out;
  out.put(kTallyMagic).put(tally.games).put(tally.actions).put(tally.shared_games);
  put_counts(out, tally.lengths);
  std::uint64_t cells = 0;
  for (const auto& row : tally.cells)
    for (const auto& cell : row) cells += !empty(cell);
  out.put(cells);
  for (std::size_t seat = 0; seat < kMaxPlayers; ++seat)
    for (std::size_t agent = 0; agent < kMaxPlayers; ++agent) {
      const auto& cell = tally.cells[seat][agent];
      if (empty(cell)) continue;
      out.put<std::uint8_t>(static_cast<std::uint8_t>(seat)).put<std::uint8_t>(static_cast<std::uint8_t>(agent));
      out.put(cell.games).put(cell.win_units).put(cell.decisions).put(cell.seconds);
      put_counts(out, cell.scores);
    }
  return out.take();
}

SimTally decode_tally(ByteReader& in) {
  if (in.get<std::uint64_t>() != kTallyMagic) in.fail("not a tally of this version or byte order");
  SimTally tally;
  tally.games = in.get<std::uint64_t>();
  tally.actions = in.get<std::uint64_t>();
  tally.shared_games = in.get<std::uint64_t>();
  tally.lengths = get_counts(in);
  for (auto n = in.get_count(2 + 4 * 8 + 8); n > 0; --n) {
    auto seat = in.get<std::uint8_t>(), agent = in.get<std::uint8_t>();
    if (seat >= kMaxPlayers || agent >= kMaxPlayers) in.fail("a seat out of range");
    auto& cell = tally.cells[seat][agent];
    if (!empty(cell)) in.fail("a seat given twice");
    cell.games = in.get<std::uint64_t>();
    cell.win_units = in.get<std::uint64_t>();
    cell.decisions = in.get<std::uint64_t>();
    cell.seconds = in.get<double>();
    cell.scores = get_counts(in);
  }
  return tally;
}

}  // namespace bw::mpi
