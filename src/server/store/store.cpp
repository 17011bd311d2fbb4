#include "server/store/store.hpp"

#include <chrono>

#include "server/errors.hpp"

namespace bw::server {

namespace {
std::unique_ptr<StoreBackend> open_backend(const std::string& location, StoreSync sync) {
  return is_postgres_url(location) ? open_postgres_store(location, sync) : open_sqlite_store(location, sync);
}
}  // namespace

Store::Store(const std::string& location, Sync sync) : Store(open_backend(location, sync)) {}

Store::Store(std::unique_ptr<StoreBackend> backend) : backend_(std::move(backend)) {
  writer_ = std::thread([this] { writer_loop(); });
}

Store::~Store() { close(); }

void Store::close() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (writer_.joinable()) writer_.join();
}

Store::Stats Store::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void Store::queue_write(StoreWrite what, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back({std::move(what), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  if (done) done(false, "the server is shutting down");
}

void Store::writer_loop() {
  std::deque<Write> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    // One transaction for the whole batch. A write that fails (a full disk, a
    // lost database connection, a bug) sends the batch down the slow path,
    // one transaction per write, so one bad table never loses another's action.
    std::vector<std::string> errors(batch.size());
    bool committed = false;
    const auto began = std::chrono::steady_clock::now();
    try {
      backend_->begin();
      for (auto& write : batch) backend_->apply(write.what);
      backend_->commit();
      committed = true;
      if (Histogram* commits = commit_seconds_.load()) commits->observe(std::chrono::steady_clock::now() - began);
    } catch (const std::exception&) {
      backend_->rollback();
    }
    if (!committed) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        try {
          backend_->begin();
          backend_->apply(batch[i].what);
          backend_->commit();
        } catch (const std::exception& e) {
          errors[i] = e.what();
          backend_->rollback();
        }
      }
    }
    {
      std::lock_guard lock(mutex_);
      ++stats_.transactions;
      stats_.writes += batch.size();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!batch[i].done) continue;
      batch[i].done(errors[i].empty(), errors[i]);
    }
    batch.clear();
    if (auto lost = backend_->lost_leases(); !lost.empty()) {
      std::function<void(std::vector<std::string>)> tell;
      {
        std::lock_guard lock(mutex_);
        tell = leases_lost_;
      }
      if (tell) tell(std::move(lost));
    }
  }
}

void Store::create_table(const TableRow& row, const std::vector<TokenRow>& tokens, Done done,
                         std::vector<std::string> seat_accounts, std::vector<std::string> tickets) {
  queue_write(writes::CreateTable{row, tokens, std::move(seat_accounts), std::move(tickets)}, std::move(done));
}

void Store::append_action(const std::string& table, std::uint64_t index, const std::string& action, bool ends_game,
                          ActionClock clock, Done done, GameRating rating) {
  queue_write(writes::AppendAction{table, index, action, ends_game, std::move(clock), std::move(rating)},
              std::move(done));
}

void Store::rename_seats(const std::string& table, const std::vector<std::string>& names, Done done) {
  queue_write(writes::RenameSeats{table, names}, std::move(done));
}

void Store::append_chat(const std::string& table, const ChatLine& line, Done done) {
  queue_write(writes::AppendChat{table, line}, std::move(done));
}

void Store::join_cluster(const std::string& node, const std::string& url, Done done) {
  queue_write(writes::JoinCluster{node, url}, std::move(done));
}

void Store::claim(const std::string& table, std::function<void(bool granted)> done) {
  auto granted = std::make_shared<std::atomic<bool>>(false);
  queue_write(writes::Claim{table, granted},
              [granted, done = std::move(done)](bool ok, const std::string&) { done(ok && granted->load()); });
}

void Store::release(const std::string& table) { queue_write(writes::Release{table}, {}); }

void Store::on_leases_lost(std::function<void(std::vector<std::string>)> leases_lost) {
  std::lock_guard lock(mutex_);
  leases_lost_ = std::move(leases_lost);
}

void Store::create_account(const AccountRow& account, const SessionRow& first_session, AccountDone done) {
  auto created = std::make_shared<std::atomic<bool>>(false);
  queue_write(
      writes::CreateAccount{account, first_session, created},
      [created, done = std::move(done)](bool ok, const std::string& error) { done(ok, error, ok && created->load()); });
}

void Store::create_session(const SessionRow& session, Done done) {
  queue_write(writes::CreateSession{session}, std::move(done));
}

void Store::renew_session(const std::string& id, std::int64_t seen_ms, std::int64_t expires_ms) {
  queue_write(writes::RenewSession{id, seen_ms, expires_ms}, {});
}

void Store::end_session(const std::string& account, const std::string& id, Done done) {
  queue_write(writes::EndSession{account, id}, std::move(done));
}

void Store::set_password(const std::string& account, const std::string& password_hash, const std::string& keep_session,
                         Done done) {
  queue_write(writes::SetPassword{account, password_hash, keep_session}, std::move(done));
}

void Store::rehash_password(const std::string& account, const std::string& old_hash, const std::string& new_hash) {
  queue_write(writes::RehashPassword{account, old_hash, new_hash}, {});
}

void Store::delete_account(const std::string& account, Done done) {
  queue_write(writes::DeleteAccount{account}, std::move(done));
}

void Store::bind_seat(const std::string& table, int seat, const std::string& account, Done done, bool was_open) {
  queue_write(writes::BindSeat{table, seat, account, was_open}, std::move(done));
}

void Store::enqueue(const TicketRow& ticket, Done done) { queue_write(writes::Enqueue{ticket}, std::move(done)); }

void Store::see_ticket(const std::string& account, std::int64_t seen_ms) {
  queue_write(writes::SeeTicket{account, seen_ms}, {});
}

void Store::leave_queue(const std::string& account, Done done) {
  queue_write(writes::LeaveQueue{account}, std::move(done));
}

void Store::forget_tickets(std::int64_t unseen_since_ms, std::int64_t seated_before_ms) {
  queue_write(writes::ForgetTickets{unseen_since_ms, seated_before_ms}, {});
}

void Store::see_people(std::vector<std::string> accounts, std::int64_t now_ms, Done done) {
  queue_write(writes::SeePeople{std::move(accounts), now_ms}, std::move(done));
}

void Store::save_analysis(const std::string& table, std::string body, std::int64_t at_ms, Done done) {
  queue_write(writes::SaveAnalysis{table, std::move(body), at_ms}, std::move(done));
}

void Store::save_lab_report(const std::string& id, std::string body, std::int64_t at_ms, Done done) {
  queue_write(writes::SaveLabReport{id, std::move(body), at_ms}, std::move(done));
}

void Store::heartbeat(std::int64_t now_ms, Done done) { queue_write(writes::Heartbeat{now_ms}, std::move(done)); }

void Store::finish_table(const std::string& table, Done done) {
  queue_write(writes::FinishTable{table}, std::move(done));
}

void Store::resume_clock(const std::string& table, std::int64_t resumed_ms) {
  queue_write(writes::ResumeClock{table, resumed_ms}, {});
}

void Store::expire_table(const std::string& table, Done done) {
  queue_write(writes::ExpireTable{table}, std::move(done));
}

void Store::truncate_actions(const std::string& table, std::uint64_t keep, Done done) {
  queue_write(writes::TruncateActions{table, keep}, std::move(done));
}

}  // namespace bw::server
