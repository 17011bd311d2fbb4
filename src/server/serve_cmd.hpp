#pragma once
// The `serve` and `loadtest` subcommands of bellwether: their options live
// here, so the CLI only adds them and calls run().
#include <iosfwd>
#include <memory>

namespace CLI {
class App;
}

namespace bw::server {

class ServerCommands {
 public:
  explicit ServerCommands(CLI::App& app);  // adds the subcommands to `app`
  ~ServerCommands();
  bool selected() const;                     // after parsing: was one of them chosen
  int run(std::ostream& out, std::ostream& err);  // throws bw::Error for bad options

 private:
  struct Options;
  std::unique_ptr<Options> options_;
};

}  // namespace bw::server
