// bellwether-mpi: `sim` and `analyze` with their games dealt to MPI ranks
// (mpirun -n R bellwether-mpi sim GAME ...). Rank 0 reads the command line
// and prints; the others play what it deals them (docs/cluster.md).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "mpi/coordinator.hpp"

int main(int argc, char** argv) {
  try {
    bw::mpi::Session session(argc, argv);
    if (session.rank() != 0) {
      bw::mpi::serve(session);
      return 0;
    }
    // Under mpirun, rank 0's output is a pipe that mpirun forwards: no
    // terminal to redraw, so progress comes as lines (Terminal::log_progress).
    bw::cli::Terminal term{std::cin, std::cout, std::cerr};
    term.log_progress = true;
    int code = 0;
    {
      bw::mpi::Coordinator coordinator(session, std::cerr);
      CLI::App app{
          "bellwether-mpi: bellwether's sim and analyze, their games dealt to MPI ranks "
          "(mpirun -n R bellwether-mpi sim GAME ...; docs/cluster.md)",
          "bellwether-mpi"};
      app.require_subcommand(1);
      std::string command_line = "bellwether-mpi";
      for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
      const std::vector<bw::cli::Command> commands = {
          bw::cli::add_sim_command(app, term, coordinator),
          bw::cli::add_analyze_command(app, term, command_line, coordinator)};
      code = bw::cli::run_commands(app, commands, argc, argv, term);
      std::cout.flush();
    }  // the other ranks are told to quit
    if (!std::cout) {
      std::cerr << "error: cannot write standard output\n";
      return code == 0 ? 2 : code;
    }
    return code;
  } catch (const std::exception& e) {
    std::cerr << "bellwether-mpi: " << e.what() << "\n";
    return 3;
  }
}
