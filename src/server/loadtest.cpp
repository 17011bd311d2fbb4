#include "server/loadtest.hpp"

#include <ostream>

namespace bw::server {

int run_loadtest(const LoadTestOptions&, std::ostream&, std::ostream& err) {
  err << "loadtest: not written yet\n";
  return 1;
}

}  // namespace bw::server
