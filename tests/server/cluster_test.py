#!/usr/bin/python3
"""Several `bellwether serve --node` processes on one PostgreSQL, behind nginx.

Starts a PostgreSQL of its own (tests/server/postgres_cluster.sh), --nodes
nodes, and nginx with the block of docs/deploy.md ("Several nodes on
PostgreSQL"; only its ports change). Clients reach the tables only through
nginx and follow "moved" messages (crash_test.drive). Then, while they play:
  - --kills times, a random node is killed with SIGKILL and started again a
    moment later (at least one node is always up); once, halfway, PostgreSQL
    itself is killed with SIGKILL and restarted;
  - --drains times, among the kills, a node is stopped as a deploy would
    (SIGTERM: it hands its tables over and exits 0) and started again;
  - tables of every game are created through nginx, on whichever node it picks.
At the end every table is played out and checked as crash_test.py checks a
single server: every acknowledged action is in the record at its place,
nothing was applied twice (an action's place is its version), no table went
back, every record replays. Also: after a kill, the node's tables are taken
over (a client sees the table again) within --takeover-limit seconds, and every
node's lobby lists the same tables. Exits 77 (skipped) without PostgreSQL or
nginx.

    /usr/bin/python3 tests/server/cluster_test.py --bin build/release/bellwether --kills 60
"""
import argparse
import asyncio
import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crash_test  # noqa: E402  (its client and checks)

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "..", "..", "docs", "deploy.md")
NODE_NAMES = "abcdefgh"


def documented_nginx_block():
    text = open(DOCS).read()
    found = re.search(r"<!-- cluster-nginx -->\s*```nginx\n(.*?)```", text, re.S)
    if not found:
        raise SystemExit("docs/deploy.md has no nginx block after <!-- cluster-nginx -->")
    return found.group(1)


def nginx_config(block, tmp, proxy_port, node_ports):
    """The documented block with this test's ports: node i's 808(i+1) becomes its free port."""
    documented = sorted(set(re.findall(r"127\.0\.0\.1:(808\d)", block)))
    if len(documented) < len(node_ports):
        raise SystemExit(f"docs/deploy.md's nginx block names {len(documented)} nodes; the test runs {len(node_ports)}")
    for extra in documented[len(node_ports):]:  # fewer nodes than documented: their lines go
        block = re.sub(rf"^.*127\.0\.0\.1:{extra}\b.*\n", "", block, flags=re.M)
    for old, new in zip(documented, node_ports):
        block = block.replace(f"127.0.0.1:{old}", f"127.0.0.1:{new}")
    block, count = re.subn(r"listen\s+80\s*;", f"listen 127.0.0.1:{proxy_port};", block)
    if count != 1:
        raise SystemExit("docs/deploy.md's nginx block has no 'listen 80;'")
    temp = "\n".join(f"    {kind}_temp_path {tmp}/nginx-{kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers as nobody could not enter the temporary folder
    return (f"{user}worker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/nginx-error.log;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{\n    access_log off;\n{temp}\n{block}}}\n")


class Node:
    def __init__(self, binary, db, name, port, log):
        self.binary, self.db, self.name, self.port, self.log = binary, db, name, port, log
        self.proc = None

    def start(self):
        for _ in range(100):  # a killed node's session may linger a moment in PostgreSQL: its name is taken
            self.proc = subprocess.Popen(
                [self.binary, "serve", "--db", self.db, "--port", str(self.port), "--node", self.name,
                 "--advertise", f"/node/{self.name}", "--client-ip-header", "X-Real-IP", "--sync", "full",
                 "--allow-seed", "--rate", "100000", "--bot-threads", "1", "--io-threads", "1",
                 "--tables-per-minute", "100000", "--open-tables-per-client", "100000"],
                stdout=subprocess.DEVNULL, stderr=self.log)
            deadline = time.time() + 20
            while time.time() < deadline and self.proc.poll() is None:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api", timeout=1).read()
                    return
                except (urllib.error.URLError, ConnectionError, OSError):
                    time.sleep(0.02)
            if self.proc.poll() is None:
                raise SystemExit(f"node {self.name} did not start")
            time.sleep(0.1)
        raise SystemExit(f"node {self.name} kept exiting at start (exit {self.proc.returncode}); see the log")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


def kill_postgres(pg_dir):
    data = open(os.path.join(pg_dir, "data")).read().strip()
    with open(os.path.join(data, "db", "postmaster.pid")) as f:
        pid = int(f.readline())
    os.kill(pid, signal.SIGKILL)


def runs_here(port, table):
    """Whether the node on `port` runs the table itself (200), not another node (307) or none."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", f"/api/tables/{table.id}",
                           headers={"X-Real-IP": "127.0.0.1", "Authorization": f"Bearer {table.token}"})
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def gives_up_its_tables(holder, game, log_path, seen, seconds):
    """With the database down (since the log held `seen` bytes): a node's first
    write finds its session gone, and with it the session's leases. It must hand
    its tables over at once, not once the database is back: meanwhile another
    node may take them at the restart, and this one would serve stale copies (a
    rejoin behind what a client saw). The log names no node: any node giving
    up its tables before the restart shows it; before the fix none did."""
    try:  # any write goes through the node's writer: this one fails, and finds the session gone
        name, players = game
        crash_test.http(holder.port, "POST", "/api/tables", {"game": name, "seats": [{"agent": "random"}] * players})
    except (urllib.error.URLError, OSError, ValueError):
        pass
    deadline = time.time() + seconds
    while time.time() < deadline:
        with open(log_path, "rb") as f:
            f.seek(seen)
            if b"lost the database session" in f.read():
                return True
        time.sleep(0.05)
    return False


def lobby_ids(port):
    tables = crash_test.http(port, "GET", "/api/tables")["tables"]
    return sorted(t["table"] for t in tables)


async def keep_playing(port, table, rng, stats, stop_at):
    """Plays one table until stop_at, reconnecting (through nginx, or where "moved" says) whenever it is cut off."""
    while time.time() < stop_at and table.result is None and not table.finished_seen:
        moved = stats["moved"]
        await crash_test.drive(port, table, rng, stats, stop_at, cluster=True)
        await asyncio.sleep(0.02 if stats["moved"] > moved else 0.2)


async def round_of_play(port, tables, rng, seconds):
    stop_at = time.time() + seconds
    stats = {"acked": 0, "lost": 0, "rejoins_checked": 0, "chat_acked": 0, "chat_checked": 0,
             "clocks_checked": 0, "clock_bad": 0, "moved": 0}
    await asyncio.gather(*(keep_playing(port, t, rng, stats, stop_at) for t in tables))
    return stats


def wait_taken_over(proxy_port, tables, limit):
    """Seconds until every given table answers its state again through nginx (after a kill)."""
    start = time.time()
    pending = list(tables)
    while pending and time.time() - start < limit:
        still = []
        for t in pending:
            request = urllib.request.Request(f"http://127.0.0.1:{proxy_port}/api/tables/{t.id}",
                                             headers={"Authorization": f"Bearer {t.token}"})
            try:
                with urllib.request.urlopen(request, timeout=2) as response:
                    if json.loads(response.read()).get("finished"):
                        continue
                    if response.status == 200:
                        continue
            except urllib.error.HTTPError as e:
                if e.code == 404:
                    continue  # over and gone
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            still.append(t)
        pending = still
        if pending:
            time.sleep(0.05)
    return time.time() - start, len(pending)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the bellwether executable")
    parser.add_argument("--kills", type=int, default=60, help="node kills (PostgreSQL is killed once besides)")
    parser.add_argument("--drains", type=int, default=10, help="nodes stopped with SIGTERM (a deploy)")
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--tables", type=int, default=10, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--takeover-limit", type=float, default=5.0, help="seconds a takeover may take")
    args = parser.parse_args()
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        print("SKIP: nginx is not installed (Debian package nginx-light)")
        return 77
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="bw-cluster-")
    pg_dir = os.path.join(work, "pg")
    started = subprocess.run([os.path.join(HERE, "postgres_cluster.sh"), "start", pg_dir], capture_output=True, text=True)
    if started.returncode != 0:
        raise SystemExit(f"PostgreSQL did not start: {started.stderr}")
    if os.path.exists(os.path.join(pg_dir, "skipped")):
        print("SKIP: no PostgreSQL:", open(os.path.join(pg_dir, "skipped")).read().strip())
        return 77
    db = open(os.path.join(pg_dir, "url")).read().strip()
    log = open(os.path.join(work, "nodes.log"), "wb")
    nodes = [Node(args.bin, db, NODE_NAMES[i], crash_test.free_port(), log) for i in range(args.nodes)]
    proxy_port = crash_test.free_port()
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as f:
        f.write(nginx_config(documented_nginx_block(), work, proxy_port, [n.port for n in nodes]))
    proxy = None
    code = 1
    try:
        for node in nodes:
            node.start()
        proxy = subprocess.Popen([nginx, "-e", os.path.join(work, "nginx-error.log"), "-p", work, "-c", config,
                                  "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{proxy_port}/api", timeout=1).read()
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.time() > deadline or proxy.poll() is not None:
                    raise SystemExit("nginx did not start: " + open(os.path.join(work, "nginx-error.log")).read())
                time.sleep(0.05)
        code = run(args, rng, nodes, proxy_port, pg_dir, work)
    finally:
        for node in nodes:
            if node.alive():
                node.kill()
        if proxy is not None:
            proxy.terminate()  # SIGTERM: nginx stops its workers too (SIGKILL would leave them running)
            try:
                proxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proxy.kill()
                proxy.wait()
        subprocess.run([os.path.join(HERE, "postgres_cluster.sh"), "stop", pg_dir])
        log.close()
    if code:
        print(f"logs: {work}", file=sys.stderr)
    return code


def http_as(port, method, path, cookie="", body=None):
    """An HTTP request as a signed-in person: (status, JSON answer, the session cookie it set, if any)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    text = response.read()
    set_cookie = response.getheader("Set-Cookie") or ""
    connection.close()
    return response.status, json.loads(text) if text else None, set_cookie.split(";")[0]


def seated_after(node, cookie, seconds):
    """Asks about a Play now ticket on `node` as a waiting browser does, until it is seated."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        status, ticket, _ = http_as(node.port, "GET", "/api/play-now", cookie)
        if status == 200 and ticket["state"] == "seated":
            return ticket
        time.sleep(0.2)
    return None


def play_now_across_nodes(nodes, game, victim):
    """People asking Play now on different nodes sit at one table (the queue is the database's); after the
    node `victim` is killed (it may have held the matchmaker's lease), another node goes on matching.
    Returns what went wrong ("" when nothing did)."""
    people = []
    for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        node = nodes[i % len(nodes)] if i < 2 else [n for n in nodes if n is not victim][i % (len(nodes) - 1)]
        status, _, cookie = http_as(node.port, "POST", "/api/accounts", body={"name": name, "password": "play now, please"})
        if status != 201:
            return f"account {name} not created: {status}"
        people.append((node, cookie))
    ask = {"game": game, "players": 2, "time": {"base": 300, "increment": 5}, "bots_after": None}

    def pair(first, second):
        for node, cookie in (first, second):
            status, answer, _ = http_as(node.port, "POST", "/api/play-now", cookie, ask)
            if status != 200:
                return f"Play now refused on node {node.name}: {status} {answer}"
        tickets = [seated_after(node, cookie, 15) for node, cookie in (first, second)]
        if None in tickets:
            return f"not seated within 15 s: {tickets}"
        if tickets[0]["table"] != tickets[1]["table"]:
            return f"two people of one queue sat at two tables: {tickets}"
        return ""
    problem = pair(people[0], people[1])
    if problem:
        return "before a kill: " + problem
    victim.kill()
    problem = pair(people[2], people[3])
    victim.start()
    return "after a kill: " + problem if problem else ""


def run(args, rng, nodes, proxy_port, pg_dir, work):
    totals = {"acked": 0, "lost": 0, "rejoins_checked": 0, "chat_acked": 0, "chat_checked": 0,
              "clocks_checked": 0, "clock_bad": 0, "moved": 0}
    tables, done = [], []
    # Asked once, before any node is down: through nginx right after a kill, both
    # upstreams can be marked failed for a moment (a 502), which is not what is tested.
    a_game = crash_test.served_games(proxy_port)[0]
    takeovers, slow_takeovers = {"kill": [], "drain": [], "postgres": []}, 0
    drain_exits = []
    stale_leases = ""
    seed = args.seed * 1000
    rounds = ["kill"] * args.kills + ["drain"] * args.drains
    rng.shuffle(rounds)
    for kill, how in enumerate(rounds):
        live = [t for t in tables if t.result is None and not t.finished_seen]
        done += [t for t in tables if t not in live]
        tables = live
        while len(tables) < args.tables:
            seed += 1
            table = crash_test.create_table(proxy_port, rng, seed)
            tables.append(table)
        loop = asyncio.new_event_loop()
        play = loop.create_task(round_of_play(proxy_port, tables, rng, 2))
        loop.run_until_complete(asyncio.sleep(rng.uniform(0.05, 0.5)))
        victim = rng.choice(nodes)
        if how == "kill":
            victim.kill()
        else:
            drained = loop.run_in_executor(None, victim.stop)
        # From the kill on: how long until every table answers again through nginx (another node took it).
        # The round that also kills PostgreSQL waits for its restart too: its own figure and a wider limit.
        database_too = kill == len(rounds) // 2
        limit = 30.0 if database_too else args.takeover_limit
        if not database_too:
            watch = loop.run_in_executor(None, wait_taken_over, proxy_port, list(tables), limit)
        if database_too:
            holder = next((n for n in nodes if n is not victim and any(runs_here(n.port, t) for t in tables)), None)
            log_seen = os.path.getsize(os.path.join(work, "nodes.log"))
            kill_postgres(pg_dir)  # and the database too, once
            time.sleep(0.5)
            if holder is not None and not gives_up_its_tables(holder, a_game, os.path.join(work, "nodes.log"), log_seen, 5.0):
                stale_leases = f"node {holder.name} kept its tables 5 s after the database went down"
                print(f"STALE LEASES: {stale_leases}", file=sys.stderr)
            restarted = subprocess.run([os.path.join(HERE, "postgres_cluster.sh"), "restart", pg_dir],
                                       capture_output=True, text=True)
            if restarted.returncode != 0:
                raise SystemExit(f"PostgreSQL did not restart: {restarted.stderr}")
            # From PostgreSQL's restart on (a node answers from memory while the database is down).
            watch = loop.run_in_executor(None, wait_taken_over, proxy_port, list(tables), limit)
        stats = loop.run_until_complete(play)
        seconds, pending = loop.run_until_complete(watch)
        if how == "drain":
            drain_exits.append(loop.run_until_complete(drained))
        loop.close()
        for key in totals:
            totals[key] += stats[key]
        if database_too:
            how = "postgres"
        takeovers[how].append(seconds)
        if os.environ.get("CLUSTER_TEST_VERBOSE"):
            print(f"round {kill}: {how} node {victim.name}, every table back after {seconds:.2f} s", file=sys.stderr)
        if pending:
            slow_takeovers += 1
            print(f"SLOW TAKEOVER: {pending} tables not back {limit} s after the {how} of node "
                  f"{victim.name}", file=sys.stderr)
        victim.start()
    # Play every table to its end (through any node), then check its record.
    all_tables = tables + done
    for _ in range(100):
        unfinished = [t for t in all_tables if t.result is None and not t.finished_seen]
        if not unfinished:
            break
        stats = asyncio.run(round_of_play(proxy_port, unfinished, rng, 20))
        for key in totals:
            totals[key] += stats[key]
    unfinished = [t.id for t in all_tables if t.result is None and not t.finished_seen]
    checked, mismatches, games_made = crash_test.check_records(args.bin, proxy_port, all_tables, work)
    # Every node lists the same lobby: a few public tables, read from each node directly.
    # Any game would do: the first the server lists, a person and bots.
    served = crash_test.served_games(proxy_port)
    game, players = served[0]
    for i in range(3):
        crash_test.http(proxy_port, "POST", "/api/tables",
                        {"game": game, "public": True, "seats": [{"agent": "human"}] + [{"agent": "random"}] * (players - 1)})
    lobbies = {node.name: lobby_ids(node.port) for node in nodes}
    lobby_disagrees = len({tuple(ids) for ids in lobbies.values()}) != 1 or not next(iter(lobbies.values()))
    if lobby_disagrees:
        print(f"LOBBIES DIFFER: {lobbies}", file=sys.stderr)
    two_seat = [g["id"] for g in crash_test.http(proxy_port, "GET", "/api/games")["games"] if g["min_players"] <= 2]
    play_now_problem = play_now_across_nodes(nodes, two_seat[0], nodes[0]) if two_seat else "no game of two"
    if play_now_problem:
        print(f"PLAY NOW: {play_now_problem}", file=sys.stderr)
    exits = [node.stop() for node in nodes]
    lost = totals["lost"] + mismatches

    def spread(seconds):
        seconds = sorted(seconds)
        return f"median {seconds[len(seconds) // 2]:.2f} s, max {seconds[-1]:.2f} s" if seconds else "none"
    print(f"cluster test: {len(nodes)} nodes behind nginx, {args.kills} node kills, {args.drains} drains "
          f"(exits {drain_exits}) and 1 PostgreSQL kill, "
          f"{len(all_tables)} tables of {len(games_made)} games, {checked} acknowledged actions checked, "
          f"{totals['rejoins_checked']} rejoins checked, {totals['moved']} moves followed, "
          f"{totals['chat_acked']} chat lines acknowledged ({totals['chat_checked']} checked); "
          f"every table back after a kill: {spread(takeovers['kill'])}, after a drain: "
          f"{spread(takeovers['drain'])} ({slow_takeovers} over {args.takeover_limit} s), after PostgreSQL's "
          f"restart (a node killed with it): {spread(takeovers['postgres'])}; "
          f"unfinished {len(unfinished)}, lost {lost}; lobbies agree: {not lobby_disagrees}; "
          f"Play now across nodes and after a kill: {'ok' if not play_now_problem else 'FAILED'}; "
          f"node exits after SIGTERM {exits}")
    if lost or unfinished or slow_takeovers or lobby_disagrees or stale_leases or play_now_problem or any(exits) or any(drain_exits) or len(games_made) < len(served):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
