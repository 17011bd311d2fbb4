#pragma once
// Counts heap allocations made through operator new, for the benchmark's
// "allocations per action" and for the zero-allocation tests. The counting
// operator new (alloc_counter.cpp) is its own library, linked only into the
// programs that report allocations: the CLI and the tests.
#include <cstdint>

namespace bw {
std::uint64_t allocation_count();
}
