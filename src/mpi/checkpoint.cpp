#include "mpi/checkpoint.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "core/output_file.hpp"
#include "core/strict_json.hpp"
#include "mpi/tally_codec.hpp"

namespace bw::mpi {

namespace {
constexpr const char* kFormat = "bellwether-mpi checkpoint 1";

std::string to_hex(const Bytes& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (auto b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

Bytes from_hex(const std::string& text, const std::string& what) {
  auto digit = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw BadCheckpoint(what + " is damaged: its tally is not hexadecimal");
  };
  if (text.size() % 2) throw BadCheckpoint(what + " is damaged: its tally is cut short");
  Bytes out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(digit(text[2 * i]) * 16 + digit(text[2 * i + 1]));
  return out;
}

// The first place where two runs differ, in words: "its seed is 3, this run's 4".
std::string difference(const nlohmann::json& theirs, const nlohmann::json& ours) {
  if (theirs.size() != ours.size())
    return fmt::format("it is for {} tournaments, this run has {}", theirs.size(), ours.size());
  for (std::size_t t = 0; t < ours.size(); ++t)
    for (const auto& [key, value] : ours[t].items())
      if (!theirs[t].contains(key) || theirs[t][key] != value)
        return fmt::format("its {} {} {}, this run's {}", key, key == "seats" || key == "params" ? "are" : "is",
                           theirs[t].value(key, nlohmann::json()).dump(), value.dump());
  return "its tournaments differ";
}
}  // namespace

void Ledger::add(std::uint64_t first, std::uint64_t played, const SimTally& block) {
  if (!done.add(first, first + played))
    throw BadCheckpoint(fmt::format("games {} to {} were counted twice", first + 1, first + played));
  tally.merge(block);
}

nlohmann::json run_identity(const Tournament& tournament) {
  const auto& spec = tournament.spec();
  return {{"game", tournament.game().id},
          {"params", tournament.params()},
          {"seats", tournament.seats()},
          {"seed", spec.seed},
          {"games", spec.games}};
}

void save_checkpoint(const std::string& path, const nlohmann::json& runs, const std::vector<Ledger>& ledgers) {
  nlohmann::json progress = nlohmann::json::array();
  for (const auto& ledger : ledgers) {
    nlohmann::json done = nlohmann::json::array();
    for (const auto& r : ledger.done.ranges()) done.push_back({r.first, r.end});
    progress.push_back({{"done", done}, {"seconds", ledger.seconds}, {"tally", to_hex(encode_tally(ledger.tally))}});
  }
  nlohmann::json file = {{"format", kFormat}, {"runs", runs}, {"progress", progress}};
  write_file_atomically(path, file.dump(1) + "\n", "--checkpoint");
}

std::optional<std::vector<Ledger>> load_checkpoint(const std::string& path, const nlohmann::json& runs) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return std::nullopt;
  const std::string what = "the checkpoint '" + path + "'";
  nlohmann::json file =
      parse_strict_json(read_bounded_file(path, std::size_t{256} << 20, what), what, {std::size_t{256} << 20, 64});
  try {
    if (!file.is_object() || file.value("format", "") != kFormat)
      throw BadCheckpoint(what + " is not a bellwether-mpi checkpoint");
    if (file.at("runs") != runs)
      throw BadCheckpoint(what + " was made by a run with other arguments (" + difference(file.at("runs"), runs) +
                          "): rerun with the arguments it was made with, or give another --checkpoint file");
    const auto& progress = file.at("progress");
    if (!progress.is_array() || progress.size() > runs.size()) throw BadCheckpoint(what + " is damaged: its progress");
    std::vector<Ledger> ledgers(progress.size());
    for (std::size_t t = 0; t < progress.size(); ++t) {
      Ledger& ledger = ledgers[t];
      const std::uint64_t games = runs[t].at("games").get<std::uint64_t>();
      for (const auto& r : progress[t].at("done")) {
        auto first = r.at(0).get<std::uint64_t>(), end = r.at(1).get<std::uint64_t>();
        if (r.size() != 2 || first >= end || end > games || !ledger.done.add(first, end))
          throw BadCheckpoint(what + " is damaged: its finished games overlap or lie outside the run");
      }
      ledger.seconds = progress[t].at("seconds").get<double>();
      Bytes bytes = from_hex(progress[t].at("tally").get<std::string>(), what);
      ByteReader in(bytes, what);
      ledger.tally = decode_tally(in);
      if (in.left() != 0 || ledger.tally.games != ledger.done.count())
        throw BadCheckpoint(what + " is damaged: its tally does not match its finished games");
    }
    return ledgers;
  } catch (const nlohmann::json::exception&) {
    throw BadCheckpoint(what + " is damaged: a field is missing or of the wrong type");
  } catch (const BadBytes& e) {
    throw BadCheckpoint(e.what());
  }
}

}  // namespace bw::mpi
