#pragma once
// The little of MPI that bellwether-mpi uses: point-to-point messages of
// bytes on MPI_COMM_WORLD, sent and polled by each process's main thread
// only (MPI_THREAD_FUNNELED; the game threads never call MPI). Polling, not
// blocking receives: OpenMPI's blocking calls spin a core that a rank's game
// threads need.
#include <chrono>
#include <optional>

#include "mpi/bytes.hpp"

namespace bw::mpi {

struct MpiError : Error {
  using Error::Error;
};

// What a message is; its bytes are laid out where it is built (coordinator.cpp, rank.cpp).
enum class Tag : int {
  Job = 1,  // 0 -> rank: a tournament to play (JSON)
  Want,     // rank -> 0: one more block, please (its threads)
  Block,    // 0 -> rank: games [first, first + count); count 0: none left
  Done,     // rank -> 0: a block's games as played, their seconds and tally
  Stop,     // 0 -> rank: stop after the games being played
  Bye,      // rank -> 0: this rank's part of the tournament is over (how, and why)
  Quit,     // 0 -> rank: the command is over
};

struct Message {
  int from = 0;
  Tag tag{};
  Bytes bytes;
};

class Session {
 public:
  Session(int& argc, char**& argv);  // MPI_Init_thread; throws MpiError
  ~Session();                        // MPI_Finalize
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  int ranks_on_this_machine() const { return local_size_; }

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1;
};

// How long a main thread sleeps when nothing has arrived: short enough that a
// request waits little, long enough to cost no measurable CPU.
inline constexpr auto kPollInterval = std::chrono::milliseconds(1);

// Throws MpiError; `must` false: a failure is ignored (telling a lost rank to stop).
void send(int to, Tag tag, const Bytes& bytes, bool must = true);
// A message that has arrived, if any, without waiting.
std::optional<Message> poll();

}  // namespace bw::mpi
