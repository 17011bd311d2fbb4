#pragma once
// Starting a thread fails when the machine or the user's limits say no; a
// front must say so in words instead of ending in std::terminate.
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "core/errors.hpp"

namespace bw {

template <class... Args>
std::jthread start_thread(Args&&... args) {
  try {
    return std::jthread(std::forward<Args>(args)...);
  } catch (const std::system_error& e) {
    throw OutOfResources(std::string("cannot start another thread (") + e.code().message() + "); use fewer threads");
  }
}

}  // namespace bw
