#pragma once
// libsodium is made ready once, before any of its calls (sodium_init).
#include <sodium.h>

#include "server/errors.hpp"

namespace bw::server {

inline void use_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw OutOfResources("libsodium could not start (no source of random bytes?)");
}

}  // namespace bw::server
