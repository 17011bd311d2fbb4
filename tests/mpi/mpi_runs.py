#!/usr/bin/python3
"""bellwether-mpi as a user runs it under mpirun, against one-process sim.

Usage: mpi_runs.py CASE BELLWETHER BELLWETHER_MPI MPIRUN
CASE: same_as_sim | records_and_analyze | checkpoint_resume | lost_rank | failing_rank
Each case fails (exit 1, saying what differed) if the property breaks.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

CASE, BELLWETHER, BELLWETHER_MPI, MPIRUN = sys.argv[1:5]
TIMING = {"ms_per_decision", "seconds", "threads"}  # not reproducible, or not the same by design


def mpirun(ranks):
    # --oversubscribe: more ranks than this machine's cores; as root OpenMPI refuses without --allow-run-as-root.
    cmd = [MPIRUN, "--oversubscribe", "-n", str(ranks)]
    if os.geteuid() == 0:
        cmd.insert(1, "--allow-run-as-root")
    return cmd + [BELLWETHER_MPI]


def run(cmd, expect_ok=True, timeout=120):
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if expect_ok and done.returncode != 0:
        fail(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stderr}")
    return done


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def results(json_text):
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in TIMING}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    return strip(json.loads(json_text))


def same(what, expected, got):
    if expected != got:
        fail(f"{what}:\nexpected {json.dumps(expected, sort_keys=True)}\n     got {json.dumps(got, sort_keys=True)}")


def started_checkpoint(proc, path, deadline=30):
    """Waits for the first checkpoint save of a running job."""
    start = time.time()
    while not os.path.exists(path):
        if proc.poll() is not None:
            fail(f"the run ended before saving a checkpoint:\n{proc.stderr.read()}")
        if time.time() - start > deadline:
            fail("no checkpoint after 30 s")
        time.sleep(0.05)
    time.sleep(0.3)


def resumed_games(stderr):
    for line in stderr.splitlines():
        if line.startswith("resuming from"):
            return int(line.split(": ")[1].split(" of ")[0])
    fail(f"the rerun did not resume from the checkpoint:\n{stderr}")


def drop_last_column(lines, csv):
    """Without ms/move, the time a decision took."""
    if csv:
        return [",".join(line.split(",")[:-1]) for line in lines]
    return [line.rsplit(None, 1)[0] if line.strip() else line for line in lines]


def same_as_sim():
    # Every game, 1, 2 and 4 ranks, one and two threads a rank, a searching seat in some.
    games = [game["id"] for game in json.loads(run([BELLWETHER, "games", "--json"]).stdout)]
    for n, game in enumerate(games):
        seats = "ismcts:iters=20,heuristic,random" if n % 2 else "heuristic,random,random"
        args = ["sim", game, "--games", "90", "--seed", str(11 + n), "--seats", seats, "--json"]
        expected = results(run([BELLWETHER] + args + ["--threads", "2"]).stdout)
        for ranks in (1, 2, 4):
            threads = "2" if ranks == 2 else "1"
            got = results(run(mpirun(ranks) + args + ["--threads", threads]).stdout)
            same(f"{game} at {ranks} ranks x {threads} threads", expected, got)
    # The text summary and the CSV too (the text's first line holds the time).
    args = ["sim", "hustle", "--games", "200", "--seed", "3", "--threads", "1"]
    for extra in ([], ["--csv"]):
        expected = run([BELLWETHER] + args + extra).stdout.splitlines()
        got = run(mpirun(2) + args + extra).stdout.splitlines()
        skip = 0 if extra else 1
        same("sim text/CSV", drop_last_column(expected[skip:], extra), drop_last_column(got[skip:], extra))


def records_and_analyze():
    with tempfile.TemporaryDirectory() as tmp:
        args = ["sim", "bye-bye", "--games", "40", "--seed", "8", "--threads", "1", "--quiet"]
        run([BELLWETHER] + args + ["--records", f"{tmp}/one"])
        run(mpirun(2) + args + ["--records", f"{tmp}/two"])
        one, two = sorted(os.listdir(f"{tmp}/one")), sorted(os.listdir(f"{tmp}/two"))
        same("record files", one, two)
        if len(one) != 40:
            fail(f"{len(one)} records for 40 games")
        for name in one:
            with open(f"{tmp}/one/{name}") as a, open(f"{tmp}/two/{name}") as b:
                if a.read() != b.read():
                    fail(f"record {name} differs")
    args = ["analyze", "hustle", "--vary", "lifesavers=1,2", "--games", "150", "--format", "md", "--quiet",
            "--seed", "3", "--threads", "1"]
    expected = run([BELLWETHER] + args).stdout.replace("bellwether analyze", "COMMAND")
    got = run(mpirun(2) + args).stdout.replace("bellwether-mpi analyze", "COMMAND")
    same("analyze report", expected.splitlines(), got.splitlines())


# Random games: long enough (a second or two at 2 ranks) to be stopped after the first checkpoint save.
GAMES = 250000
LONG = ["sim", "black-sheep", "--games", str(GAMES), "--seed", "4", "--json"]


def stopped_run(ranks, tmp, stop):
    """The long run under mpirun with a checkpoint, stopped by stop(proc) after its first save.
    Returns the one-process result, the arguments, and the stopped job's exit code, stdout and stderr."""
    expected = results(run([BELLWETHER] + LONG + ["--threads", "2"]).stdout)
    args = LONG + ["--threads", "1", "--checkpoint", f"{tmp}/run.checkpoint", "--checkpoint-every", "0.2"]
    proc = subprocess.Popen(mpirun(ranks) + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started_checkpoint(proc, f"{tmp}/run.checkpoint")
    stop(proc)
    out, err = proc.communicate(timeout=60)
    if "rerun the same command to resume" not in err:
        fail(f"no resume hint after the stop:\n{err}")
    if not 0 < results(out)["games"] < GAMES:
        fail(f"the stopped run printed {out!r}")
    return expected, args, proc.returncode, err


def resume(args, expected, what):
    resumed = run(mpirun(2) + args)
    if not 0 < resumed_games(resumed.stderr) < GAMES:
        fail(f"resumed a checkpoint of {resumed_games(resumed.stderr)} games")
    same(what, expected, results(resumed.stdout))


def checkpoint_resume():
    with tempfile.TemporaryDirectory() as tmp:
        expected, args, _, _ = stopped_run(2, tmp, lambda proc: proc.send_signal(signal.SIGINT))  # Ctrl-C
        refused = run(mpirun(2) + args[:5] + ["5"] + args[6:], expect_ok=False)
        if refused.returncode == 0 or "other arguments (its seed is 4, this run's 5)" not in refused.stderr:
            fail(f"a checkpoint of another seed was not refused:\n{refused.stderr}")
        resume(args, expected, "resumed after Ctrl-C vs one process")


def kill_rank_2(proc):
    for pid in subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split():
        with open(f"/proc/{pid}/environ", "rb") as env:
            if b"OMPI_COMM_WORLD_RANK=2\0" in env.read():
                os.kill(int(pid), signal.SIGKILL)
                return
    fail("rank 2 not found among mpirun's children")


def lost_rank():
    with tempfile.TemporaryDirectory() as tmp:
        expected, args, code, err = stopped_run(3, tmp, kill_rank_2)
        if code == 0:
            fail("the job with a lost rank exited 0")
        if "rank 2 did not answer (lost?)" not in err:
            fail(f"no clear message for the lost rank:\n{err}")
        resume(args, expected, "resumed after a lost rank vs one process")


def failing_rank():
    # Rank 1 runs where 'recs' is a file, so it cannot write its records: the job ends with rank 1's reason.
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(f"{tmp}/good")
        os.makedirs(f"{tmp}/bad")
        open(f"{tmp}/bad/recs", "w").close()
        args = ["sim", "hustle", "--games", "2000", "--threads", "1", "--records", "recs"]
        cmd = mpirun(1)[:-3] + ["-n", "1", "-wdir", f"{tmp}/good", BELLWETHER_MPI] + args + \
            [":", "-n", "1", "-wdir", f"{tmp}/bad", BELLWETHER_MPI] + args
        failed = run(cmd, expect_ok=False, timeout=60)
        if failed.returncode == 0 or "error: rank 1: --records: cannot create the folder 'recs'" not in failed.stderr:
            fail(f"rank 1's failure was not reported:\n{failed.stderr}")


{"same_as_sim": same_as_sim, "failing_rank": failing_rank, "records_and_analyze": records_and_analyze, "checkpoint_resume": checkpoint_resume,
 "lost_rank": lost_rank}[CASE]()
print("ok", CASE)
