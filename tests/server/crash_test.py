#!/usr/bin/python3
"""Crash test for `bellwether serve` (issue 13).

Starts the server, drives tables with clients that play random legal actions,
kills the server with SIGKILL at random moments (--kills times), restarts it on
the same database and checks:
  - every action a client saw acknowledged is still there, at its place;
  - no table goes back: the state after a restart is at least at the last
    version any client was sent;
  - tables continue after each restart;
  - at the end every table is played out, its record downloaded, checked by
    `bellwether replay`, and its actions equal the acknowledged ones;
  - every chat line a client saw acknowledged is in the history a rejoining
    client gets, once;
  - at timed tables, the clocks after a restart (docs/protocol.md, "Clocks
    and leaving"): a seat whose clock was not running has exactly the time
    it had; the running seat has no more than the last clock message gave it
    (to the millisecond: every clock message states a moment the database
    holds), and lost no more than the time up to the kill and the time since
    the restart (the outage is not charged).
Prints the counts; exits 1 on any loss or mismatch.
Needs Debian's python3-websockets (scripts/lib.sh installs it).
"""
import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import websockets

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, binary, db, port, log):
        self.binary, self.db, self.port, self.log = binary, db, port, log
        self.proc = None

    def start(self):
        LAST_START[0] = time.time()
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--db", self.db, "--port", str(self.port), "--sync", "full",
             "--allow-seed", "--rate", "100000", "--bot-threads", "1",
             "--tables-per-minute", "100000", "--open-tables-per-client", "100000"],
            stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited with {self.proc.returncode} at start")
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.02)
        raise SystemExit("server did not start")

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=20)


def http(port, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


# When the server was last killed and last started (time.time()): a running
# clock may be charged up to the kill, not for the outage, and again from the
# start on (the restored table's clock runs before its people are back).
LAST_KILL = [0.0]
LAST_START = [0.0]
# The server works in whole milliseconds, the test in fractions of a second:
# the charge bound above may be short by that rounding, never by more.
ROUNDING_MS = 2
# The most a restart gave a running clock back and took from it, in ms (the bound is 0 given back).
CLOCK_EXTREMES = {"gain": 0, "charge": 0}


class Table:
    def __init__(self, created, timed):
        self.id = created["table"]
        self.token = created["hotseat"]["token"]
        self.timed = timed
        self.acked = {}       # action index -> action text, from acknowledgements
        self.chat_acked = []  # texts of chat lines acknowledged
        self.chat_sent = 0
        self.clock = None     # (version, running, remaining, received at) of the last clock seen
        self.max_seen = 0     # highest version any state message showed
        self.result = None
        self.finished_seen = False
        self.route = ""       # at a cluster: the node's path a "moved" message named ("" through any node)


async def drive(port, table, rng, stats, stop_at=None, cluster=False):
    """Plays the table's human seats until the game ends, the server dies, or stop_at.

    cluster: `port` is the proxy in front of several nodes (cluster_test.py).
    A "moved" message sends the next connection where it says; a write the
    database refused while it was away is not acknowledged, and is no loss.
    A node that takes a table over charges the running clock for the
    takeover, so clocks are not checked there."""
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}{table.route}/ws", max_size=None) as ws:
            await ws.send(json.dumps({"type": "join", "table": table.id, "token": table.token}))
            sent = {}  # ref -> ("act", index, text) or ("chat", text)
            ref = 0
            first_state = True
            first_clock = True
            history_seen = False
            version = None
            while True:
                timeout = None if stop_at is None else max(0.001, stop_at - time.time())
                raw = await asyncio.wait_for(ws.recv(), timeout=timeout)
                m = json.loads(raw)
                if m["type"] == "error":
                    if m["code"] == "table-finished":
                        table.finished_seen = True
                        return
                    if m["code"] in ("stale", "not-your-turn", "chat-rate"):
                        continue
                    if cluster and m["code"] == "moved":
                        table.route = m.get("url", "")
                        stats["moved"] += 1
                        return
                    if cluster and m["code"] in ("storage", "shutdown"):
                        continue
                    raise SystemExit(f"unexpected error for table {table.id}: {m}")
                if m["type"] == "ack":
                    what = sent.pop(m["ref"])
                    if what[0] == "chat":
                        table.chat_acked.append(what[1])
                        stats["chat_acked"] += 1
                        continue
                    _, index, text = what
                    if m["version"] != index + 1:
                        raise SystemExit(f"ack version {m['version']} for action {index}")
                    table.acked[index] = text
                    stats["acked"] += 1
                    continue
                if m["type"] == "chat-history":
                    history_seen = True
                    texts = [line["text"] for line in m["lines"]]
                    missing = [t for t in table.chat_acked if texts.count(t) != 1]
                    if missing:
                        stats["lost"] += len(missing)
                        print(f"LOST CHAT: table {table.id}: {missing[:3]} acknowledged, history {texts[-5:]}",
                              file=sys.stderr)
                    stats["chat_checked"] += len(table.chat_acked)
                    continue
                if m["type"] == "presence":
                    if not history_seen and table.chat_acked:
                        stats["lost"] += len(table.chat_acked)
                        print(f"LOST CHAT: table {table.id} sent no history", file=sys.stderr)
                    history_seen = True  # the first presence follows the history: check once per join
                    continue
                if m["type"] == "clock" and cluster:
                    continue
                if m["type"] == "clock":
                    # A game with no move stored starts its clocks afresh when everyone is back (documented).
                    if first_clock and table.clock is not None and table.clock[0] == version and version > 0:
                        _, running, before, seen_at = table.clock
                        for seat, (old, new) in enumerate(zip(before, m["remaining"])):
                            if seat != running:
                                bad = new != old
                            else:  # charged up to the kill and since the start at most, never given time back
                                charged_max = ((max(LAST_KILL[0], seen_at) - seen_at)
                                               + max(0.0, m["at"] / 1000 - LAST_START[0])) * 1000
                                bad = new > old or new < old - charged_max - ROUNDING_MS
                                CLOCK_EXTREMES["gain"] = max(CLOCK_EXTREMES["gain"], new - old)
                                CLOCK_EXTREMES["charge"] = max(CLOCK_EXTREMES["charge"], old - new)
                            if bad:
                                stats["clock_bad"] += 1
                                print(f"CLOCK: table {table.id} seat {seat} had {old} ms (running {running}), "
                                      f"now {new} ms after a restart", file=sys.stderr)
                        stats["clocks_checked"] += 1
                    first_clock = False
                    # When the server worked the times out (a late reader must not count its own lag).
                    table.clock = (version, m["running"], m["remaining"], m["at"] / 1000)
                    continue
                if m["type"] != "state":
                    continue
                version = m["version"]
                if first_state:  # the state right after (re)joining: nothing seen before may be missing
                    if m["version"] < table.max_seen:
                        stats["lost"] += 1
                        print(f"LOST: table {table.id} came back at version {m['version']}, "
                              f"a client had seen {table.max_seen}", file=sys.stderr)
                    stats["rejoins_checked"] += 1
                    first_state = False
                table.max_seen = max(table.max_seen, m["version"])
                if m["result"] is not None:
                    table.result = m["result"]
                    return
                if m["legal"] and rng.random() < 0.05:
                    table.chat_sent += 1
                    ref += 1
                    text = f"line {table.chat_sent} at {table.id}"
                    sent[ref] = ("chat", text)
                    await ws.send(json.dumps({"type": "chat", "text": text, "ref": ref}))
                if m["legal"]:
                    choice = rng.choice(m["legal"])
                    ref += 1
                    sent[ref] = ("act", m["version"], choice["text"])
                    await ws.send(json.dumps({"type": "act", "seat": m["seat"], "version": m["version"],
                                              "action": choice["id"], "ref": ref}))
    # InvalidHandshake: the kill cut the connection during its opening handshake
    # (more likely on a loaded machine): the same as any other dropped connection.
    except (websockets.ConnectionClosed, websockets.InvalidHandshake, ConnectionError, OSError, asyncio.TimeoutError):
        if cluster:
            table.route = ""  # the node behind that path may be gone: through any node next time
        return


def served_games(port):
    """[(game id, seats)] for every game the server lists (GET /api/games): three seats where
    the game allows them, else as close to three as it allows."""
    games = http(port, "GET", "/api/games")["games"]
    return [(g["id"], min(max(3, g["min_players"]), g["max_players"])) for g in games]


def create_table(port, rng, seed):
    game, players = rng.choice(served_games(port))
    seats = [{"agent": "human"}, {"agent": "human"}] + [{"agent": "random"}] * (players - 2)
    rng.shuffle(seats)
    request = {"game": game, "seats": seats, "hotseat": True, "seed": seed}
    timed = rng.random() < 0.5
    if timed:  # long enough never to run out here: the test is about what a restart does to it
        request["time"] = {"base": 3600, "increment": 1}
    return Table(http(port, "POST", "/api/tables", request), timed)


async def round_of_play(port, tables, rng, seconds, cluster=False):
    stop_at = time.time() + seconds
    stats_local = {"acked": 0, "lost": 0, "rejoins_checked": 0, "chat_acked": 0, "chat_checked": 0,
                   "clocks_checked": 0, "clock_bad": 0, "moved": 0}
    await asyncio.gather(*(drive(port, t, rng, stats_local, stop_at, cluster) for t in tables))
    return stats_local


def check_records(binary, port, tables, work):
    """Each table's record against what its clients saw: every acknowledged action at its place,
    the result, and `bellwether replay` of the record. Returns (actions checked, mismatches, games)."""
    mismatches, checked, games = 0, 0, set()
    for t in tables:
        record = http(port, "GET", f"/api/tables/{t.id}/record")
        games.add(record["game"])
        actions = record["actions"]
        for index, text in t.acked.items():
            checked += 1
            if index >= len(actions) or actions[index] != text:
                mismatches += 1
                print(f"LOST: table {t.id} action {index} '{text}' acknowledged, record has "
                      f"{actions[index] if index < len(actions) else 'nothing'}", file=sys.stderr)
        # The record keeps scores and winners; the frame adds the breakdown and the explanation.
        seen = None if t.result is None else {k: t.result[k] for k in ("scores", "winners")}
        if seen is not None and record.get("result") != seen:
            mismatches += 1
            print(f"MISMATCH: table {t.id} result {record.get('result')} vs {seen}", file=sys.stderr)
        path = os.path.join(work, f"{t.id}.json")
        with open(path, "w") as f:
            json.dump(record, f)
        replayed = subprocess.run([binary, "replay", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if replayed.returncode != 0:
            mismatches += 1
            print(f"REPLAY FAILED: table {t.id}: {replayed.stderr.decode()}", file=sys.stderr)
    return checked, mismatches, games


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the bellwether executable")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--tables", type=int, default=6, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="bw-crash-")
    log = open(os.path.join(work, "server.log"), "wb")
    server = Server(args.bin, os.path.join(work, "tables.db"), free_port(), log)
    tables, done = [], []
    totals = {"acked": 0, "lost": 0, "rejoins_checked": 0, "chat_acked": 0, "chat_checked": 0,
              "clocks_checked": 0, "clock_bad": 0, "moved": 0}
    seed = args.seed * 1000
    server.start()
    for kill in range(args.kills):
        # Keep the tables topped up; a table created before the kill must survive it.
        live = [t for t in tables if t.result is None and not t.finished_seen]
        done += [t for t in tables if t not in live]
        tables = live
        while len(tables) < args.tables:
            seed += 1
            tables.append(create_table(server.port, rng, seed))
        # Kill while the clients are playing: at a random moment 5..250 ms in.
        loop = asyncio.new_event_loop()
        play = loop.create_task(round_of_play(server.port, tables, rng, 10))
        loop.run_until_complete(asyncio.sleep(rng.uniform(0.005, 0.25)))
        server.kill()
        LAST_KILL[0] = time.time()
        stats = loop.run_until_complete(play)
        loop.close()
        for key in totals:
            totals[key] += stats[key]
        server.start()
    # Play every table to its end, then check its record against what clients saw.
    all_tables = tables + done
    for _ in range(50):
        unfinished = [t for t in all_tables if t.result is None and not t.finished_seen]
        if not unfinished:
            break
        stats = asyncio.run(round_of_play(server.port, unfinished, rng, 30))
        for key in totals:
            totals[key] += stats[key]
    checked, mismatches, _ = check_records(args.bin, server.port, all_tables, work)
    code = server.stop()
    log.close()
    lost = totals["lost"] + mismatches + totals["clock_bad"]
    print(f"crash test: {args.kills} kills, {len(all_tables)} tables, {checked} acknowledged actions checked, "
          f"{totals['rejoins_checked']} rejoins checked, {totals['chat_acked']} chat lines acknowledged "
          f"({totals['chat_checked']} checks against a rejoin's history), {totals['clocks_checked']} clocks checked "
          f"after a restart ({totals['clock_bad']} wrong; the running clock given back at most "
          f"{CLOCK_EXTREMES['gain']} ms, charged at most {CLOCK_EXTREMES['charge']} ms), lost {lost}; "
          f"server exit {code} after SIGTERM")
    if lost or code != 0:
        print(f"server log: {log.name}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
