#include "mpi/coordinator.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <thread>

#include "core/output_file.hpp"
#include "mpi/messages.hpp"

namespace bw::mpi {

namespace {
using Clock = std::chrono::steady_clock;
// After a stop, how long rank 0 waits for the other ranks' last blocks:
// mpirun sends SIGKILL one second after its SIGTERM, and the output must be out by then.
constexpr auto kStopGrace = std::chrono::milliseconds(400);
// A block is about this much of one thread's work, once a rate is known.
constexpr double kBlockSeconds = 0.5;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Whether the run is stopping, why, and until when rank 0 waits for the others.
struct StopState {
  bool stopping = false;
  std::string why;
  Clock::time_point deadline;
};
}  // namespace

int default_threads(const Session& session) {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(1, cores / std::max(1, session.ranks_on_this_machine()));
}

Coordinator::~Coordinator() {
  lingering_.clear();
  for (int rank = 1; rank < session_.size(); ++rank) send(rank, Tag::Quit, {}, false);
  // Ranks still in a tournament (rank 0 stopped early or failed) may be sending
  // a large tally that waits for a receive: take their last messages, so that
  // nobody is left blocked when MPI_Finalize waits for every rank.
  const auto give_up = Clock::now() + std::chrono::seconds(2);
  while (awaiting_byes_ > 0 && Clock::now() < give_up) {
    while (auto message = poll())
      if (message->tag == Tag::Bye) --awaiting_byes_;
    std::this_thread::sleep_for(kPollInterval);
  }
}

void Coordinator::add_options(CLI::App& cmd) {
  cmd.add_option("--checkpoint", checkpoint_,
                 "save the finished games here every few seconds; a rerun with the same arguments resumes from it");
  cmd.add_option("--checkpoint-every", checkpoint_every_, "seconds between checkpoint saves")
      ->capture_default_str()
      ->check(CLI::Range(0.05, 86400.0));
}

void Coordinator::fill_in(TournamentSpec& spec) {
  threads_given_ = spec.threads;
  if (spec.threads == 0) spec.threads = default_threads(session_);
}

void Coordinator::prepare(const std::vector<const Tournament*>& tournaments) {
  runs_ = nlohmann::json::array();
  for (const auto* tournament : tournaments) runs_.push_back(run_identity(*tournament));
  ledgers_.clear();
  next_run_ = 0;
  // CLI11's range check lets NaN through.
  if (!(checkpoint_every_ >= 0.05 && checkpoint_every_ <= 86400))
    throw BadParameter("--checkpoint-every must be from 0.05 to 86400 seconds");
  if (checkpoint_.empty()) return;
  check_output_path(checkpoint_, "--checkpoint");
  if (auto saved = load_checkpoint(checkpoint_, runs_)) ledgers_ = std::move(*saved);
}

TournamentResult Coordinator::run(const Tournament& tournament, const TournamentHooks& hooks) {
  const std::size_t index = next_run_++;
  if (ledgers_.size() <= index) ledgers_.resize(index + 1);
  Ledger& ledger = ledgers_[index];
  const std::uint64_t games = tournament.spec().games;
  const std::uint64_t resumed = ledger.done.count();
  const double earlier_seconds = ledger.seconds;
  if (resumed > 0)
    err_ << fmt::format("resuming from {}: {} of the {} games were played before\n", checkpoint_, resumed, games);
  if (resumed == games) return tournament.result({ledger.tally, ledger.seconds}, false);

  tournament.prepare_records();  // before any other rank writes into it
  const Bytes job = job_message(tournament, threads_given_);
  const int ranks = session_.size();
  for (int rank = 1; rank < ranks; ++rank) send(rank, Tag::Job, job);
  awaiting_byes_ = ranks - 1;
  catch_stop_signals();

  Dealer dealer(games, ledger.done);
  auto local = std::make_unique<LocalPlay>(tournament, tournament.threads());
  std::vector<std::uint64_t> threads_of(static_cast<std::size_t>(ranks),
                                        static_cast<std::uint64_t>(tournament.threads()));
  std::vector<bool> answered(static_cast<std::size_t>(ranks), false);
  bool local_closed = false;
  std::string failure;
  StopState stop;
  std::uint64_t timed_games = 0;
  double timed_seconds = 0;
  std::uint64_t blocks = 0, message_bytes = 0;  // what dealing cost, for the last progress line
  const auto start = Clock::now();
  auto last_progress = start, last_save = start;

  auto deal = [&] {
    if (stop.stopping) return Range{};
    std::uint64_t cap = timed_seconds > 0 ? static_cast<std::uint64_t>(timed_games / timed_seconds * kBlockSeconds) : 1;
    std::uint64_t threads = 0;
    for (auto t : threads_of) threads += t;
    return dealer.deal(cap, threads);
  };
  auto record = [&](const FinishedBlock& block) {
    ledger.add(block.first, block.played, block.tally);
    timed_games += block.played;
    timed_seconds += block.seconds;
  };
  auto begin_stop = [&](std::string why) {
    if (stop.stopping) return;
    stop = {true, std::move(why), Clock::now() + kStopGrace};
    for (int rank = 1; rank < ranks; ++rank)
      if (!answered[rank]) send(rank, Tag::Stop, {}, false);
    local->stop();
  };
  auto save = [&] {
    ledger.seconds = earlier_seconds + seconds_since(start);
    if (!checkpoint_.empty()) save_checkpoint(checkpoint_, runs_, ledgers_);
  };

  for (;;) {
    if (stop_signalled() || (hooks.stop && hooks.stop->load()))
      begin_stop("by a signal: Ctrl-C, or the MPI runtime ending the job");
    while (auto message = poll()) {
      const auto from = static_cast<std::size_t>(message->from);
      switch (message->tag) {
        case Tag::Want:
          threads_of[from] = read_count(message->bytes);
          send(message->from, Tag::Block, range_message(deal()));
          message_bytes += message->bytes.size() + 16;
          break;
        case Tag::Done:
          record(read_done(message->bytes));
          ++blocks;
          message_bytes += message->bytes.size();
          break;
        case Tag::Bye: {
          Bye bye = read_bye(message->bytes);
          answered[from] = true;
          --awaiting_byes_;
          if (bye.ending == Ending::Failed) {
            failure = fmt::format("rank {}: {}", from, bye.why);
            begin_stop("rank " + std::to_string(from) + " failed");
          } else if (bye.ending == Ending::Signalled) {
            begin_stop("rank " + std::to_string(from) + " was stopped by a signal");
          }
          break;
        }
        default: break;  // not for rank 0
      }
    }
    while (!local_closed && !stop.stopping && local->queued() < 1) {
      Range block = deal();
      if (block.first == block.end) {
        local->close();
        local_closed = true;
      } else {
        local->give(block);
      }
    }
    for (const auto& block : local->take_finished()) record(block);
    if (local->ended() && local->failure() && failure.empty()) {
      failure = error_text(local->failure());
      begin_stop("rank 0 failed");
    }
    const auto now = Clock::now();
    if (hooks.progress && now - last_progress >= std::chrono::milliseconds(200)) {
      hooks.progress(ledger.tally.games - resumed, games - resumed);
      last_progress = now;
    }
    if (now - last_save >= std::chrono::duration<double>(checkpoint_every_)) {
      save();
      last_save = now;
    }
    if (awaiting_byes_ == 0 && local->ended()) break;
    if (stop.stopping && now >= stop.deadline) break;
    local->wait(kPollInterval);
  }
  for (const auto& block : local->take_finished()) record(block);
  save();
  if (!local->ended()) lingering_.push_back(std::move(local));

  if (!failure.empty()) throw Error(failure);
  if (hooks.progress && ranks > 1)
    err_ << fmt::format("{} blocks from ranks 1-{}: {} messages, {} bytes ({:.0f} bytes a block)\n", blocks, ranks - 1,
                        3 * blocks, message_bytes, blocks ? static_cast<double>(message_bytes) / blocks : 0.0);
  if (!stop.stopping) return tournament.result({ledger.tally, ledger.seconds}, false);
  std::string silent;
  for (int rank = 1; rank < ranks; ++rank)
    if (!answered[rank]) silent += (silent.empty() ? "" : ", ") + std::to_string(rank);
  std::string message = "stopped (" + stop.why + ")";
  if (!silent.empty()) message += "; rank(s) " + silent + " did not answer (lost?)";
  message += checkpoint_.empty()
                 ? fmt::format("; {} games played, not saved (no --checkpoint)", ledger.tally.games)
                 : fmt::format("; the {} games played are saved in {}: rerun the same command to resume",
                               ledger.tally.games, checkpoint_);
  if (!hooks.stop) throw Interrupted(message);
  err_ << "bellwether-mpi: " << message << "\n";
  return tournament.result({ledger.tally, ledger.seconds}, true);
}

}  // namespace bw::mpi
