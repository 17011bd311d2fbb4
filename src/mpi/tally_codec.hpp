#pragma once
// A SimTally as bytes (what a rank sends for each finished block, and what
// the checkpoint keeps): every count and every value exactly, so that tallies
// merged on rank 0 equal the one a single process adds up.
#include "mpi/bytes.hpp"
#include "sim/simulate.hpp"

namespace bw::mpi {

Bytes encode_tally(const SimTally& tally);
// Throws BadBytes naming `what` when the bytes are not a tally this build wrote.
SimTally decode_tally(ByteReader& in);

}  // namespace bw::mpi
