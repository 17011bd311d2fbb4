#pragma once
// A few threads kept alive between calls that split a range of independent
// jobs (a vector environment's games) into one contiguous slice each. A step
// of thousands of games is a few hundred microseconds, so starting threads
// per step would cost as much as the work; waiting threads sleep on a
// condition variable instead of spinning, since the machine may be shared.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace bw::python {

class WorkerPool {
 public:
  using Work = std::function<void(std::size_t begin, std::size_t end)>;

  explicit WorkerPool(int threads);  // threads - 1 workers; the caller is the last one
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls work(begin, end) on slices covering [0, count), at most one per
  // thread, and returns when every slice is done; rethrows the first
  // exception a slice threw.
  void run(std::size_t count, const Work& work);

 private:
  void serve(std::size_t index);

  std::vector<std::jthread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::uint64_t generation_ = 0;  // one per run(): a worker serves each once
  std::size_t pending_ = 0;       // workers still busy in this run
  std::size_t count_ = 0, slices_ = 0;
  const Work* work_ = nullptr;
  std::exception_ptr failure_;
  bool stopping_ = false;
};

}  // namespace bw::python
