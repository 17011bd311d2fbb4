#pragma once
// The bytes of each message (comm.hpp's Tag says which): built and read here only.
#include <nlohmann/json.hpp>
#include <string>

#include "mpi/bytes.hpp"
#include "mpi/local_play.hpp"
#include "mpi/tally_codec.hpp"

namespace bw::mpi {

// Job: the tournament as rank 0 set it up (the seats and parameters filled
// in), and the --threads given (0: each rank picks for its machine).
inline Bytes job_message(const Tournament& tournament, int threads_given) {
  const auto& spec = tournament.spec();
  nlohmann::json job = {{"game", spec.game},          {"params", tournament.params()}, {"seats", tournament.seats()},
                        {"seed", spec.seed},          {"games", spec.games},           {"threads", threads_given},
                        {"records", spec.records_dir}};
  std::string text = job.dump();
  return Bytes(text.begin(), text.end());
}

inline TournamentSpec read_job(const Bytes& bytes) {
  auto job = nlohmann::json::parse(bytes.begin(), bytes.end());
  TournamentSpec spec;
  spec.game = job.at("game").get<std::string>();
  spec.params = job.at("params").get<ParamMap>();
  spec.seats = job.at("seats").get<std::vector<std::string>>();
  spec.seed = job.at("seed").get<std::uint64_t>();
  spec.games = job.at("games").get<std::uint64_t>();
  spec.threads = job.at("threads").get<int>();
  spec.records_dir = job.at("records").get<std::string>();
  return spec;
}

inline Bytes range_message(Range range) { return ByteWriter().put(range.first).put(range.end).take(); }
inline Range read_range(const Bytes& bytes) {
  ByteReader in(bytes, "a Block message");
  Range range;
  range.first = in.get<std::uint64_t>();
  range.end = in.get<std::uint64_t>();
  return range;
}

inline Bytes done_message(const FinishedBlock& block) {
  return ByteWriter().put(block.first).put(block.played).put(block.seconds).put_bytes(encode_tally(block.tally)).take();
}
inline FinishedBlock read_done(const Bytes& bytes) {
  ByteReader in(bytes, "a Done message");
  FinishedBlock block;
  block.first = in.get<std::uint64_t>();
  block.played = in.get<std::uint64_t>();
  block.seconds = in.get<double>();
  block.tally = decode_tally(in);
  return block;
}

enum class Ending : std::uint8_t { Finished, Signalled, Failed };
struct Bye {
  Ending ending = Ending::Finished;
  std::string why;  // Failed: the error
};
inline Bytes bye_message(const Bye& bye) {
  return ByteWriter().put(static_cast<std::uint8_t>(bye.ending)).put_text(bye.why).take();
}
inline Bye read_bye(const Bytes& bytes) {
  ByteReader in(bytes, "a Bye message");
  Bye bye;
  bye.ending = static_cast<Ending>(in.get<std::uint8_t>());
  bye.why = in.get_text();
  return bye;
}

inline Bytes count_message(std::uint64_t n) { return ByteWriter().put(n).take(); }
inline std::uint64_t read_count(const Bytes& bytes) {
  ByteReader in(bytes, "a Want message");
  return in.get<std::uint64_t>();
}

}  // namespace bw::mpi
