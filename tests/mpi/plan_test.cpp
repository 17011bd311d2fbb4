// The bookkeeping of an MPI run, without MPI: blocks dealt once each, tallies
// as bytes that read back exactly, checkpoints that refuse another run's file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "mpi/checkpoint.hpp"
#include "mpi/tally_codec.hpp"
#include "sim/tournament.hpp"

namespace bw::mpi {
namespace {

TEST(RangeSet, MergesNeighboursAndRefusesOverlaps) {
  RangeSet set;
  EXPECT_TRUE(set.add(10, 20));
  EXPECT_TRUE(set.add(0, 5));
  EXPECT_TRUE(set.add(5, 10));  // joins both sides
  EXPECT_EQ(set.ranges(), (std::vector<Range>{{0, 20}}));
  EXPECT_FALSE(set.add(19, 21));
  EXPECT_FALSE(set.add(0, 1));
  EXPECT_TRUE(set.add(30, 40));
  EXPECT_EQ(set.gaps(50), (std::vector<Range>{{20, 30}, {40, 50}}));
  EXPECT_EQ(set.count(), 30u);
}

TEST(Dealer, DealsEveryGameLeftExactlyOnceInShrinkingBlocks) {
  RangeSet done;
  done.add(100, 300);
  Dealer dealer(1000, done);
  RangeSet dealt = done;
  std::uint64_t last = ~0ull, blocks = 0;
  for (Range r = dealer.deal(50, 4); r.first != r.end; r = dealer.deal(50, 4), ++blocks) {
    EXPECT_LE(r.end - r.first, 50u);
    ASSERT_TRUE(dealt.add(r.first, r.end)) << r.first;
    if (r.first >= 300) {
      EXPECT_LE(r.end - r.first, last);  // guided: never larger as the run ends
      last = r.end - r.first;
    }
  }
  EXPECT_EQ(dealt.ranges(), (std::vector<Range>{{0, 1000}}));
  EXPECT_EQ(last, 1u);
  EXPECT_EQ(dealer.left(), 0u);
}

SimTally played_tally() {
  TournamentSpec spec;
  spec.game = "hustle";
  spec.games = 60;
  spec.seats = {"heuristic", "random", "random"};
  spec.threads = 1;
  return Tournament(spec).run().run.tally;
}

TEST(TallyCodec, ReadsBackExactlyAndRefusesDamage) {
  SimTally tally = played_tally();
  Bytes bytes = encode_tally(tally);
  ByteReader in(bytes, "the tally");
  SimTally back = decode_tally(in);
  EXPECT_EQ(in.left(), 0u);
  EXPECT_EQ(encode_tally(back), bytes);
  EXPECT_EQ(back.games, 60u);
  EXPECT_EQ(back.lengths, tally.lengths);
  for (std::size_t cut : {std::size_t{0}, std::size_t{7}, bytes.size() / 2, bytes.size() - 1}) {
    ByteReader short_in(bytes.data(), cut, "the tally");
    EXPECT_THROW(decode_tally(short_in), BadBytes) << cut;
  }
  Bytes huge = bytes;
  huge[32] = 0xff;  // the count of game lengths, far past the end
  ByteReader huge_in(huge, "the tally");
  EXPECT_THROW(decode_tally(huge_in), BadBytes);
}

TEST(Checkpoint, ResumesItsOwnRunAndRefusesAnother) {
  auto dir = std::filesystem::temp_directory_path() / ("bw-checkpoint-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "run.json").string();
  TournamentSpec spec;
  spec.game = "hustle";
  spec.games = 100;
  spec.seed = 3;
  spec.threads = 1;
  nlohmann::json runs = nlohmann::json::array({run_identity(Tournament(spec))});
  EXPECT_FALSE(load_checkpoint(path, runs));

  Ledger ledger;
  ledger.add(0, 60, played_tally());
  save_checkpoint(path, runs, {ledger});
  auto back = load_checkpoint(path, runs);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->at(0).done.ranges(), (std::vector<Range>{{0, 60}}));
  EXPECT_EQ(encode_tally(back->at(0).tally), encode_tally(ledger.tally));
  EXPECT_THROW(back->at(0).add(59, 2, {}), BadCheckpoint);  // a game counted twice

  spec.seed = 4;
  try {
    load_checkpoint(path, nlohmann::json::array({run_identity(Tournament(spec))}));
    ADD_FAILURE() << "another seed's checkpoint was read";
  } catch (const BadCheckpoint& e) {
    EXPECT_NE(std::string(e.what()).find("its seed is 3, this run's 4"), std::string::npos) << e.what();
  }
  std::ofstream(path) << "{\"format\": \"bellwether-mpi checkpoint 1\", \"runs\": " << runs.dump()
                      << ", \"progress\": [{\"done\": [[0, 60]], \"seconds\": 1, \"tally\": \"00\"}]}";
  EXPECT_THROW(load_checkpoint(path, runs), BadCheckpoint);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bw::mpi
