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

// One tournament on rank 0, from the jobs sent to the result: what the
// dealing loop keeps between its rounds, and the loop's steps.
class Coordinator::TournamentRun {
 public:
  TournamentRun(Coordinator& coordinator, const Tournament& tournament, const TournamentHooks& hooks, Ledger& ledger)
      : co_(coordinator),
        tournament_(tournament),
        hooks_(hooks),
        ledger_(ledger),
        games_(tournament.spec().games),
        resumed_(ledger.done.count()),
        earlier_seconds_(ledger.seconds),
        ranks_(coordinator.session_.size()),
        dealer_(games_, ledger.done),
        local_(std::make_unique<LocalPlay>(tournament, tournament.threads())),
        threads_of_(static_cast<std::size_t>(ranks_), static_cast<std::uint64_t>(tournament.threads())),
        answered_(static_cast<std::size_t>(ranks_), false),
        start_(Clock::now()),
        last_progress_(start_),
        last_save_(start_) {}

  // Deals blocks to every rank and to this one's threads until all are played
  // or a stop's grace is over; then the result, or the failure thrown.
  TournamentResult play() {
    for (;;) {
      if (stop_signalled() || (hooks_.stop && hooks_.stop->load()))
        begin_stop("by a signal: Ctrl-C, or the MPI runtime ending the job");
      answer_ranks();
      keep_local_threads_busy();
      collect_local_blocks();
      const auto now = Clock::now();
      report_and_save(now);
      if (co_.awaiting_byes_ == 0 && local_->ended()) break;
      if (stop_.stopping && now >= stop_.deadline) break;
      local_->wait(kPollInterval);
    }
    for (const auto& block : local_->take_finished()) record(block);
    save();
    if (!local_->ended()) co_.lingering_.push_back(std::move(local_));
    return result();
  }

 private:
  // The next block for a rank: about kBlockSeconds of one thread's work once
  // a rate is known (one game before), nothing once stopping.
  Range deal() {
    if (stop_.stopping) return Range{};
    std::uint64_t cap =
        timed_seconds_ > 0
            ? static_cast<std::uint64_t>(static_cast<double>(timed_games_) / timed_seconds_ * kBlockSeconds)
            : 1;
    std::uint64_t threads = 0;
    for (auto t : threads_of_) threads += t;
    return dealer_.deal(cap, threads);
  }

  void record(const FinishedBlock& block) {
    ledger_.add(block.first, block.played, block.tally);
    timed_games_ += block.played;
    timed_seconds_ += block.seconds;
  }

  // The first stop wins: every rank still playing is told, and this one's threads.
  void begin_stop(std::string why) {
    if (stop_.stopping) return;
    stop_ = {true, std::move(why), Clock::now() + kStopGrace};
    for (int rank = 1; rank < ranks_; ++rank)
      if (!answered_[rank]) send(rank, Tag::Stop, {}, false);
    local_->stop();
  }

  void save() {
    ledger_.seconds = earlier_seconds_ + seconds_since(start_);
    if (!co_.checkpoint_.empty()) save_checkpoint(co_.checkpoint_, co_.runs_, co_.ledgers_);
  }

  // The other ranks' messages: a block wanted, a block done, a rank finished.
  void answer_ranks() {
    while (auto message = poll()) {
      const auto from = static_cast<std::size_t>(message->from);
      switch (message->tag) {
        case Tag::Want:
          threads_of_[from] = read_count(message->bytes);
          send(message->from, Tag::Block, range_message(deal()));
          message_bytes_ += message->bytes.size() + 16;
          break;
        case Tag::Done:
          record(read_done(message->bytes));
          ++blocks_;
          message_bytes_ += message->bytes.size();
          break;
        case Tag::Bye: said_bye(from, read_bye(message->bytes)); break;
        default: break;  // not for rank 0
      }
    }
  }

  void said_bye(std::size_t from, const Bye& bye) {
    answered_[from] = true;
    --co_.awaiting_byes_;
    if (bye.ending == Ending::Failed) {
      failure_ = fmt::format("rank {}: {}", from, bye.why);
      begin_stop("rank " + std::to_string(from) + " failed");
    } else if (bye.ending == Ending::Signalled) {
      begin_stop("rank " + std::to_string(from) + " was stopped by a signal");
    }
  }

  // This rank's threads always have a block queued, until none is left.
  void keep_local_threads_busy() {
    while (!local_closed_ && !stop_.stopping && local_->queued() < 1) {
      Range block = deal();
      if (block.first == block.end) {
        local_->close();
        local_closed_ = true;
      } else {
        local_->give(block);
      }
    }
  }

  void collect_local_blocks() {
    for (const auto& block : local_->take_finished()) record(block);
    if (local_->ended() && local_->failure() && failure_.empty()) {
      failure_ = error_text(local_->failure());
      begin_stop("rank 0 failed");
    }
  }

  // Progress five times a second, the checkpoint every --checkpoint-every.
  void report_and_save(Clock::time_point now) {
    if (hooks_.progress && now - last_progress_ >= std::chrono::milliseconds(200)) {
      hooks_.progress(ledger_.tally.games - resumed_, games_ - resumed_);
      last_progress_ = now;
    }
    if (now - last_save_ >= std::chrono::duration<double>(co_.checkpoint_every_)) {
      save();
      last_save_ = now;
    }
  }

  // A failure is thrown; a stop is a partial result (sim) or thrown (analyze).
  TournamentResult result() {
    if (!failure_.empty()) throw Error(failure_);
    if (hooks_.progress && ranks_ > 1)
      co_.err_ << fmt::format("{} blocks from ranks 1-{}: {} messages, {} bytes ({:.0f} bytes a block)\n", blocks_,
                              ranks_ - 1, 3 * blocks_, message_bytes_,
                              blocks_ ? static_cast<double>(message_bytes_) / static_cast<double>(blocks_) : 0.0);
    if (!stop_.stopping) return tournament_.result({ledger_.tally, ledger_.seconds}, false);
    const std::string message = stop_message();
    if (!hooks_.stop) throw Interrupted(message);
    co_.err_ << "bellwether-mpi: " << message << "\n";
    return tournament_.result({ledger_.tally, ledger_.seconds}, true);
  }

  // Why the run stopped, who never answered, and what was saved.
  std::string stop_message() const {
    std::string silent;
    int silent_count = 0;
    for (int rank = 1; rank < ranks_; ++rank)
      if (!answered_[rank]) silent += (silent_count++ ? ", " : "") + std::to_string(rank);
    std::string message = "stopped (" + stop_.why + ")";
    if (!silent.empty()) message += (silent_count == 1 ? "; rank " : "; ranks ") + silent + " did not answer (lost?)";
    message += co_.checkpoint_.empty()
                   ? fmt::format("; {} games played, not saved (no --checkpoint)", ledger_.tally.games)
                   : fmt::format("; the {} games played are saved in {}: rerun the same command to resume",
                                 ledger_.tally.games, co_.checkpoint_);
    return message;
  }

  Coordinator& co_;
  const Tournament& tournament_;
  const TournamentHooks& hooks_;
  Ledger& ledger_;
  const std::uint64_t games_;
  const std::uint64_t resumed_;
  const double earlier_seconds_;
  const int ranks_;
  Dealer dealer_;
  std::unique_ptr<LocalPlay> local_;
  std::vector<std::uint64_t> threads_of_;  // game threads of each rank, for the block size
  std::vector<bool> answered_;             // ranks that said bye
  bool local_closed_ = false;
  std::string failure_;
  StopState stop_;
  std::uint64_t timed_games_ = 0;  // games and thread-seconds of the finished blocks: the rate
  double timed_seconds_ = 0;
  std::uint64_t blocks_ = 0, message_bytes_ = 0;  // what dealing cost, for the last progress line
  const Clock::time_point start_;
  Clock::time_point last_progress_, last_save_;
};

// Resumes from the checkpoint's ledger, sends the job to every rank, then
// runs the dealing loop.
TournamentResult Coordinator::run(const Tournament& tournament, const TournamentHooks& hooks) {
  const std::size_t index = next_run_++;
  if (ledgers_.size() <= index) ledgers_.resize(index + 1);
  Ledger& ledger = ledgers_[index];
  const std::uint64_t games = tournament.spec().games;
  const std::uint64_t resumed = ledger.done.count();
  if (resumed > 0)
    err_ << fmt::format("resuming from {}: {} of the {} games were played before\n", checkpoint_, resumed, games);
  if (resumed == games) return tournament.result({ledger.tally, ledger.seconds}, false);

  tournament.prepare_records();  // before any other rank writes into it
  const Bytes job = job_message(tournament, threads_given_);
  const int ranks = session_.size();
  for (int rank = 1; rank < ranks; ++rank) send(rank, Tag::Job, job);
  awaiting_byes_ = ranks - 1;
  catch_stop_signals();
  return TournamentRun(*this, tournament, hooks, ledger).play();
}

}  // namespace bw::mpi
