// Ranks 1..R-1 of bellwether-mpi: each tournament rank 0 sends is played on
// this rank's threads, one block at a time asked for ahead, every finished
// block sent back with its tally; a signal or a Stop ends it after the games
// being played.
#include <memory>
#include <thread>

#include "mpi/comm.hpp"
#include "mpi/coordinator.hpp"
#include "mpi/messages.hpp"

namespace bw::mpi {

namespace {
// Returns true when rank 0 said quit meanwhile.
bool play_job(const Session& session, const Bytes& job) {
  std::unique_ptr<LocalPlay> local;
  Bytes want;
  try {
    TournamentSpec spec = read_job(job);
    if (spec.threads == 0) spec.threads = default_threads(session);
    Tournament tournament(std::move(spec));
    tournament.prepare_records();
    local = std::make_unique<LocalPlay>(tournament, tournament.threads());
    want = count_message(static_cast<std::uint64_t>(tournament.threads()));
  } catch (const std::exception& e) {
    send(0, Tag::Bye, bye_message({Ending::Failed, e.what()}));
    return false;
  }
  bool wanted = false, closed = false, stopping = false, quit = false;
  Ending ending = Ending::Finished;
  for (;;) {
    if (!stopping && stop_signalled()) {
      stopping = true;
      ending = Ending::Signalled;
      local->stop();
    }
    while (auto message = poll()) {
      if (message->tag == Tag::Block) {
        wanted = false;
        Range block = read_range(message->bytes);
        if (block.first == block.end) {
          local->close();
          closed = true;
        } else if (!stopping) {
          local->give(block);
        }
      } else if (message->tag == Tag::Stop || message->tag == Tag::Quit) {
        quit = quit || message->tag == Tag::Quit;
        stopping = true;
        local->stop();
      }
    }
    const bool ended = local->ended();  // before taking: no block can finish after it
    for (const auto& block : local->take_finished()) send(0, Tag::Done, done_message(block));
    if (ended) {
      Bye bye{ending, ""};
      if (local->failure()) bye = {Ending::Failed, error_text(local->failure())};
      send(0, Tag::Bye, bye_message(bye));
      return quit;
    }
    if (!closed && !wanted && !stopping && local->queued() < 1) {
      send(0, Tag::Want, want);
      wanted = true;
    }
    local->wait(kPollInterval);
  }
}
}  // namespace

void serve(const Session& session) {
  catch_stop_signals();
  for (;;) {
    auto message = poll();
    if (!message) {
      std::this_thread::sleep_for(kPollInterval);
      continue;
    }
    if (message->tag == Tag::Quit) return;
    if (message->tag == Tag::Job && play_job(session, message->bytes)) return;
    // Anything else is late news of a tournament that has ended.
  }
}

}  // namespace bw::mpi
