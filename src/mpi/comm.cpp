#include "mpi/comm.hpp"

#include <mpi.h>
#include <string>

namespace bw::mpi {

namespace {
void check(int code, const char* what) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw MpiError(std::string(what) + ": " + std::string(text, static_cast<std::size_t>(length)));
}
}  // namespace

Session::Session(int& argc, char**& argv) {
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  // Errors come back as codes (and so as MpiError with MPI's words), not as an abort.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (provided < MPI_THREAD_FUNNELED) throw MpiError("this MPI cannot run with threads (MPI_THREAD_FUNNELED)");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local), "MPI_Comm_split_type");
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

Session::~Session() { MPI_Finalize(); }

void send(int to, Tag tag, const Bytes& bytes, bool must) {
  int code =
      MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, static_cast<int>(tag), MPI_COMM_WORLD);
  if (must) check(code, "MPI_Send");
}

std::optional<Message> poll() {
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
  if (!arrived) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message message{status.MPI_SOURCE, static_cast<Tag>(status.MPI_TAG), Bytes(static_cast<std::size_t>(count))};
  check(MPI_Recv(message.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE),
        "MPI_Recv");
  return message;
}

}  // namespace bw::mpi
