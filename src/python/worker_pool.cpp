#include "python/worker_pool.hpp"

#include <algorithm>
#include <utility>

#include "core/threads.hpp"

namespace bw::python {

namespace {
// Slice `index` of `slices` over [0, count): sizes differ by at most one.
std::pair<std::size_t, std::size_t> slice(std::size_t index, std::size_t slices, std::size_t count) {
  return {count * index / slices, count * (index + 1) / slices};
}
}  // namespace

WorkerPool::WorkerPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.push_back(start_thread([this, i] { serve(static_cast<std::size_t>(i)); }));
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  workers_.clear();  // joins
}

void WorkerPool::run(std::size_t count, const Work& work) {
  const std::size_t slices = std::min<std::size_t>(static_cast<std::size_t>(threads()), count);
  if (slices <= 1) {  // nothing to share: no wake-up round trip
    if (count) work(0, count);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    count_ = count;
    slices_ = slices;
    work_ = &work;
    failure_ = nullptr;
    pending_ = workers_.size();
    ++generation_;
  }
  wake_.notify_all();
  std::exception_ptr mine;
  try {
    auto [begin, end] = slice(0, slices, count);
    work(begin, end);
  } catch (...) {
    mine = std::current_exception();
  }
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return pending_ == 0; });
  work_ = nullptr;
  if (mine) std::rethrow_exception(mine);
  if (failure_) std::rethrow_exception(failure_);
}

void WorkerPool::serve(std::size_t index) {
  std::uint64_t served = 0;
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stopping_ || generation_ != served; });
    if (stopping_) return;
    served = generation_;
    const Work* work = work_;
    const std::size_t count = count_, slices = slices_;
    lock.unlock();
    std::exception_ptr failure;
    if (index < slices) {
      try {
        auto [begin, end] = slice(index, slices, count);
        (*work)(begin, end);
      } catch (...) {
        failure = std::current_exception();
      }
    }
    lock.lock();
    if (failure && !failure_) failure_ = failure;
    if (--pending_ == 0) finished_.notify_one();
  }
}

}  // namespace bw::python
