"""A hostile client against `bellwether serve`, from outside, on loopback only.

Each test starts its own server processes (free ports, fresh databases in a
temporary folder, --sync normal) with the options it needs, and attacks them as
a stranger would: raw request lines for the static files, tables by the
hundred, bots that think for an hour, replays in a loop, floods, connections
that never join or never read, foreign Host and Origin headers.

    /usr/bin/python3 -m pytest -q tests/server/hostile_test.py --bin build/release/bellwether

(ctest runs it as server_hostile_test.) Stdlib and Debian's python3-websockets only.
Timing bounds are liveness bounds, many times what the server needs; the
figures measured are printed (pytest -s shows them).
"""
import asyncio
import base64
import concurrent.futures
import gzip
import http.client
import json
import os
import pathlib
import random
import re
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

import pytest
import websockets

# The game of the tests that need a game and no particular one: Bye-Bye, which seats two
# and plays quickly. Tests that need one game for a reason name it where they do.
A_GAME = "bye-bye"

REPO = pathlib.Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


# --------------------------------------------------------------------------- servers

@pytest.fixture(scope="session")
def binary(pytestconfig):
    path = os.path.abspath(pytestconfig.getoption("--bin"))
    deadline = time.monotonic() + 30  # another engineer may be relinking it
    while not os.access(path, os.X_OK):
        if time.monotonic() > deadline:
            pytest.fail(f"no bellwether executable at {path} (pass --bin or set BELLWETHER_BIN)")
        time.sleep(1)
    return path


def free_port():
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


class Server:
    """One `bellwether serve` process; its log (stdout and stderr) goes to a file."""

    def __init__(self, binary, folder, name, args, db, port, env):
        self.binary, self.folder, self.name = binary, folder, name
        self.args, self.db, self.wanted_port, self.env = list(args), str(db), port, env
        self.proc = None
        self.port = None
        self.log_path = folder / f"{name}.log"
        self._log_offset = 0

    def start(self, args=None):
        """Starts the server (again, on the same database); returns once it listens."""
        if args is not None:
            self.args = list(args)
        command = [self.binary, "serve", "--host", LOOPBACK, "--port", str(self.wanted_port), "--db", self.db,
                   "--sync", "normal", *self.args]
        env = dict(os.environ)
        env.update(self.env or {})
        self._log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        for attempt in range(10):
            try:
                with open(self.log_path, "ab") as log:
                    self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
                break
            except OSError:  # the executable is being relinked: wait a moment
                time.sleep(1)
        else:
            pytest.fail(f"cannot run {self.binary}")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            match = re.search(r"serving on http://[^ ]*:(\d+) ", self.log_since_start())
            if match:
                self.port = int(match.group(1))
                return self
            if self.proc.poll() is not None:
                if "cannot listen" in self.log_since_start() and self.wanted_port:
                    raise PortTaken()  # a fixed port was taken meanwhile: the caller picks again
                pytest.fail(f"server {self.name} exited at start ({' '.join(command[1:])}):\n{self.log_tail()}")
            time.sleep(0.02)
        self.proc.kill()
        self.proc.wait()
        pytest.fail(f"server {self.name} did not start within 20 s:\n{self.log_tail()}")

    def stop(self, sig=signal.SIGTERM, timeout=20):
        """Sends `sig`, waits for the exit; returns (seconds it took, exit code)."""
        if not self.running():
            return 0.0, self.proc.returncode if self.proc else None
        asked = time.monotonic()
        self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return float("inf"), None
        return time.monotonic() - asked, code

    def restart(self, args=None):
        took, code = self.stop()
        assert code == 0, f"server {self.name} exited with {code}"
        return self.start(args)

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def log_bytes(self):
        return self.log_path.read_bytes() if self.log_path.exists() else b""

    def log_text(self):
        return self.log_bytes().decode(errors="replace")

    def log_since_start(self):
        return self.log_bytes()[self._log_offset:].decode(errors="replace")

    def log_tail(self, lines=40):
        return "\n".join(self.log_text().splitlines()[-lines:])


class PortTaken(Exception):
    pass


@pytest.fixture
def serve(binary, tmp_path):
    """serve(*options, db=None, port=0, env=None) -> a running Server, stopped after the test."""
    servers = []

    def start(*args, db=None, port=0, env=None, name=None):
        name = name or f"server{len(servers)}"
        for attempt in range(5):
            chosen = port() if callable(port) else port
            server = Server(binary, tmp_path, name, [a(chosen) if callable(a) else a for a in args],
                            db or tmp_path / f"{name}.db", chosen, env)
            servers.append(server)
            try:
                return server.start()
            except PortTaken:
                continue
        pytest.fail("no free port")

    yield start
    for server in servers:
        if server.running():
            server.proc.kill()
            server.proc.wait()
        print(f"--- {server.name} log tail ---\n{server.log_tail(15)}")


# --------------------------------------------------------------------------- HTTP

class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self):
        return self.body.decode("utf-8", errors="replace")

    @property
    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.text[:300]!r}>"


def http_request(port, method, path, body=None, headers=None, timeout=15):
    """http.client, which sends the path as given. A POST is JSON unless headers say
    otherwise; a header given as None is left out."""
    wanted = {}
    if body is not None and not isinstance(body, (bytes, str)):
        body = json.dumps(body)
    if method == "POST":
        wanted["Content-Type"] = "application/json"
    wanted.update(headers or {})
    wanted = {k: v for k, v in wanted.items() if v is not None}
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=wanted)
        response = conn.getresponse()
        data = response.read()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
    finally:
        conn.close()


def create_table(port, game, seats, public=False, expect=201, **extra):
    body = {"game": game, "seats": [{"agent": s} if isinstance(s, str) else s for s in seats], "public": public}
    body.update(extra)
    answer = http_request(port, "POST", "/api/tables", body)
    assert answer.status == expect, answer
    return answer.json


def lobby_ids(port):
    answer = http_request(port, "GET", "/api/tables")
    assert answer.status == 200, answer
    return [t["table"] for t in answer.json["tables"]]


def wait_for_record(port, table_id, seconds=30):
    deadline = time.monotonic() + seconds
    while True:
        answer = http_request(port, "GET", f"/api/tables/{table_id}/record")
        if answer.status == 200:
            return answer.json
        assert answer.status == 409, answer
        assert time.monotonic() < deadline, f"table {table_id} did not finish in {seconds} s"
        time.sleep(0.05)


def read_head(sock, timeout=10):
    """Reads a response's status line and headers: (status, headers, bytes read past them)."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed before a full answer: {data[:200]!r}")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        headers[key.strip().lower()] = value.strip()
    return status, headers, rest


def raw_http(port, data, timeout=10):
    """Sends `data` exactly as given and reads one answer (the server is asked to close)."""
    with socket.create_connection((LOOPBACK, port), timeout=timeout) as sock:
        sock.sendall(data)
        status, headers, body = read_head(sock, timeout)
        length = int(headers.get("content-length", "-1"))
        while length < 0 or len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return Answer(status, headers, body[:length] if length >= 0 else body)


def raw_get(port, target, host=None):
    host = host or f"{LOOPBACK}:{port}"
    return raw_http(port, f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("latin-1"))


def upgrade_request(port, host=None, origin=None, path="/ws"):
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'{LOOPBACK}:{port}'}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin:
        lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def open_upgrade(port, host=None, origin=None, receive_buffer=0):
    """A WebSocket handshake by hand: (status, socket, bytes past the head)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(10)
    sock.connect((LOOPBACK, port))
    sock.sendall(upgrade_request(port, host, origin))
    status, headers, rest = read_head(sock)
    return status, sock, rest


def upgrade_status(port, host=None, origin=None):
    status, sock, _ = open_upgrade(port, host, origin)
    sock.close()
    return status


# --------------------------------------------------------------------------- WebSocket

def ws_frame(payload, opcode=0x1):
    """A client frame (masked, as RFC 6455 requires)."""
    if isinstance(payload, str):
        payload = payload.encode()
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_frames(data):
    """Server frames in `data` (unmasked): [(opcode, payload)], and the unparsed rest."""
    frames, i = [], 0
    while len(data) - i >= 2:
        opcode, n = data[i] & 0x0F, data[i + 1] & 0x7F
        j = i + 2
        if n == 126:
            if len(data) - j < 2:
                break
            n, j = struct.unpack("!H", data[j:j + 2])[0], j + 2
        elif n == 127:
            if len(data) - j < 8:
                break
            n, j = struct.unpack("!Q", data[j:j + 8])[0], j + 8
        if len(data) - j < n:
            break
        frames.append((opcode, data[j:j + n]))
        i = j + n
    return frames, data[i:]


def ws_open(port, **kw):
    kw.setdefault("max_size", None)
    kw.setdefault("max_queue", None)
    kw.setdefault("ping_interval", None)
    return websockets.connect(f"ws://{LOOPBACK}:{port}/ws", open_timeout=10, close_timeout=3, **kw)


async def recv_json(ws, timeout=10):
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


async def recv_until(ws, kind, timeout=10):
    """The next message of type `kind`; fails on a timeout or a close."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no '{kind}' within {timeout} s"
        try:
            message = await recv_json(ws, left)
        except asyncio.TimeoutError:
            pytest.fail(f"no '{kind}' within {timeout} s")
        if message["type"] == kind:
            return message


async def drain_until_closed(ws, timeout=10):
    """Every message until the server closes; returns them (fails if it stays open)."""
    messages = []
    try:
        while True:
            messages.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    except websockets.ConnectionClosed:
        return messages
    except asyncio.TimeoutError:
        pytest.fail(f"the connection stayed open {timeout} s; last messages: {messages[-3:]}")


async def play_to_end(port, table, seat=0, seconds=60, rng=None):
    """Plays `seat` with random legal actions until the game ends; the final
    state. An act refused with rate-limited is sent again after retry_ms."""
    rng = rng or random.Random(1)
    async with ws_open(port) as ws:
        await ws.send(json.dumps({"type": "join", "table": table["table"],
                                  "token": table["invites"][seat]["token"]}))
        deadline = time.monotonic() + seconds
        last_act = None
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"the game did not end within {seconds} s"
            try:
                message = await recv_json(ws, left)
            except asyncio.TimeoutError:
                pytest.fail(f"the game did not end within {seconds} s")
            if message["type"] == "error":
                assert message["code"] in ("stale", "rate-limited"), message
                if message["code"] == "rate-limited" and last_act:
                    await asyncio.sleep(message.get("retry_ms", 500) / 1000)
                    await ws.send(json.dumps(last_act))
                continue
            if message["type"] != "state":
                continue
            if message["result"] is not None:
                return message
            if message["legal"]:
                choice = rng.choice(message["legal"])
                last_act = {"type": "act", "version": message["version"], "action": choice["id"]}
                await ws.send(json.dumps(last_act))


def run(coroutine):
    return asyncio.run(coroutine)


# =========================================================================== 1. static files

SECRETS = [b"root:x:0:0", b"OUTSIDE-SECRET", b"DOTFILE-SECRET", b"SQLite format", b"DBSECRETNAME",
           b"ENV-SECRET-7f3a", b"BW_HOSTILE_ENV"]


@pytest.fixture
def static_server(serve, tmp_path):
    """A built front end with traps around it; the server's database (named like a
    front-end file) lies inside the folder."""
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>Bellwether</title>FRONT-END-INDEX")
    (site / "assets" / "app.js").write_text("console.log('FRONT-END-APP')")
    (site / ".env.js").write_text("DOTFILE-SECRET")
    (tmp_path / "outside.js").write_text("OUTSIDE-SECRET")
    os.symlink(tmp_path / "outside.js", site / "assets" / "out.js")
    os.symlink(site / ".env.js", site / "alias.js")
    os.symlink("/etc", site / "etc")
    os.symlink(tmp_path, site / "up")
    server = serve("--static", str(site), db=site / "tables.json", env={"BW_HOSTILE_ENV": "ENV-SECRET-7f3a"})
    create_table(server.port, A_GAME, [{"agent": "human", "name": "DBSECRETNAME"}, "random"])
    assert (site / "tables.json").exists() and (site / "tables.json-wal").exists()
    return server, site


def test_static_files_outside_the_front_end_dotfiles_and_the_database_are_404(static_server):
    server, site = static_server
    port = server.port
    attacks = ["//etc/passwd", "//proc/self/environ", "///etc/passwd", "/%2e%2e/outside.js", "/%2E%2E/outside.js",
               "/%2e%2e%2foutside.js", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/assets/%2e%2e/%2e%2e/outside.js",
               "/../outside.js", "/assets/../../outside.js", "/%2fetc/passwd", "/%2f%2fetc/passwd", "/..%5coutside.js",
               "/assets/out.js", "/up/outside.js", "/etc/passwd", "/etc/hostname", "/proc/self/environ",
               "/.env.js", "/alias.js", "/%2eenv.js", "/tables.json", "/tables%2ejson", "/assets/%2e%2e/tables.json",
               "/tables.json-wal", "/tables.json-shm", "/tables.json-journal", "/assets/app.js%00.html",
               f"http://{LOOPBACK}:{port}//etc/passwd", "/play/..%2f..%2fetc%2fpasswd", "/rules/%2e%2e"]
    for target in attacks:
        answer = raw_get(port, target)
        assert answer.status == 404, f"GET {target} -> {answer}"
        for secret in SECRETS:
            assert secret not in answer.body, f"GET {target} leaked {secret!r}"
    # The front end's own files and routes.
    for target, marker in [("/", b"FRONT-END-INDEX"), ("/play/x", b"FRONT-END-INDEX"), ("/play/t-abc123/", b"FRONT-END-INDEX"),
                           (f"/rules/{A_GAME}", b"FRONT-END-INDEX"), ("/replay", b"FRONT-END-INDEX"),
                           ("/index.html", b"FRONT-END-INDEX"), ("/assets/app.js", b"FRONT-END-APP"),
                           ("/assets/%61pp.js", b"FRONT-END-APP")]:
        answer = raw_get(port, target)
        assert answer.status == 200 and marker in answer.body, f"GET {target} -> {answer}"
    assert raw_get(port, "/assets/app.js").headers["content-type"].startswith("text/javascript")


def test_http_client_sends_the_attack_paths_verbatim_and_gets_the_same_404(static_server):
    server, _ = static_server
    # What http.client puts on the wire, seen by a listener of our own.
    seen = []
    with socket.socket() as listener:
        listener.bind((LOOPBACK, 0))
        listener.listen(1)

        def capture():
            conn, _ = listener.accept()
            with conn:
                data = b""
                while b"\r\n\r\n" not in data:
                    data += conn.recv(4096)
                seen.append(data.split(b"\r\n")[0])
                conn.sendall(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n")

        thread = threading.Thread(target=capture)
        thread.start()
        http_request(listener.getsockname()[1], "GET", "//etc/passwd")
        thread.join(5)
    assert seen == [b"GET //etc/passwd HTTP/1.1"]
    for target in ["//etc/passwd", "//proc/self/environ", "/%2e%2e/outside.js", "/tables.json-wal"]:
        answer = http_request(server.port, "GET", target)
        assert answer.status == 404, f"{target} -> {answer}"
        assert not any(secret in answer.body for secret in SECRETS), target


# =========================================================================== 2. bots

def test_bots_over_the_caps_are_refused_naming_the_limit_and_levels_accepted(serve):
    server = serve()
    for spec in ["ismcts:ms=3600000,threads=64", "ismcts:iters=100000000,threads=64"]:
        answer = http_request(server.port, "POST", "/api/tables",
                              {"game": A_GAME, "seats": [{"agent": "human"}, {"agent": spec}]})
        assert answer.status == 400, f"{spec}: {answer}"
        assert "limit" in answer.json["error"]["message"], f"{spec}: {answer}"
    assert lobby_ids(server.port) == []
    create_table(server.port, A_GAME, ["human", "hard"])


def wait_for_a_long_search(port, table_id):
    """Until the table's version stands still (forced first moves are made at once): a search is under way."""
    version, since, deadline = -1, time.monotonic(), time.monotonic() + 10
    while time.monotonic() - since < 0.6:
        assert time.monotonic() < deadline, "the bots never settled into a long search"
        now = http_request(port, "GET", f"/api/tables/{table_id}").json["version"]
        if now != version:
            version, since = now, time.monotonic()
        time.sleep(0.05)
    return version


def test_sigterm_ends_a_server_whose_bot_thinks_for_minutes(serve):
    server = serve("--bot-max-ms", "600000", "--bot-threads", "1")
    table = create_table(server.port, A_GAME, ["ismcts:ms=600000", "ismcts:ms=600000"], public=True)
    wait_for_a_long_search(server.port, table["table"])

    async def watch_the_stop():
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "join", "table": table["table"]}))
            await recv_until(ws, "state")
            asked = time.monotonic()
            server.proc.send_signal(signal.SIGTERM)
            messages = await drain_until_closed(ws, timeout=10)
            return messages, ws.close_code, asked

    messages, close_code, asked = run(watch_the_stop())
    try:
        code = server.proc.wait(timeout=max(0.1, asked + 10 - time.monotonic()))
    except subprocess.TimeoutExpired:
        pytest.fail("SIGTERM did not end the server within 10 s of a 10-minute search")
    took = time.monotonic() - asked
    print(f"SIGTERM during a 10-minute search: exited in {took:.2f} s")
    assert took < 10, f"SIGTERM took {took:.1f} s"
    assert code == 0
    assert [m.get("code") for m in messages if m["type"] == "error"] == ["shutdown"], messages
    assert close_code == 1001
    assert "stopped;" in server.log_text()


def test_a_restarted_server_cuts_a_stored_hour_long_bot_down_to_its_caps(serve):
    server = serve("--bot-max-ms", "3600000", "--bot-threads", "1")
    table = create_table(server.port, A_GAME, ["ismcts:ms=3600000", "ismcts:ms=3600000"], public=True)
    stuck_at = wait_for_a_long_search(server.port, table["table"])
    took, code = server.stop()
    assert took < 10 and code == 0
    server.start(["--bot-threads", "1"])  # the default caps: 2000 ms a decision
    assert "1 tables restored" in server.log_since_start()
    started = time.monotonic()

    async def first_move():
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "join", "table": table["table"]}))
            while True:
                state = await recv_until(ws, "state", timeout=max(0.1, 20 - (time.monotonic() - started)))
                if state["version"] > stuck_at:
                    return

    run(first_move())
    print(f"restored hour-long bot moved after {time.monotonic() - started:.2f} s")


# =========================================================================== 3. filling the server

BYE_BYE = {"game": A_GAME, "seats": [{"agent": "human"}, {"agent": "random"}]}


def test_one_client_creating_tables_in_a_loop_gets_429_with_retry_after(serve):
    server = serve("--tables-per-minute", "5")
    answers = [http_request(server.port, "POST", "/api/tables", BYE_BYE) for _ in range(8)]
    assert [a.status for a in answers[:5]] == [201] * 5, answers
    for refused in answers[5:]:
        assert refused.status == 429, refused
        assert refused.json["error"]["code"] == "rate-limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 12, refused.headers  # a table every 12 s


def test_open_tables_per_client_caps_unfinished_tables(serve):
    server = serve("--open-tables-per-client", "2", "--tables-per-minute", "1000")
    assert http_request(server.port, "POST", "/api/tables", BYE_BYE).status == 201
    assert http_request(server.port, "POST", "/api/tables", BYE_BYE).status == 201
    for _ in range(3):
        refused = http_request(server.port, "POST", "/api/tables", BYE_BYE)
        assert refused.status == 429, refused
        assert refused.json["error"]["code"] == "too-many-tables"


# Found by this suite: the count once missed tables still being stored (2 to 16 made with a cap of 2).
def test_open_tables_per_client_holds_against_parallel_creates(serve):
    server = serve("--open-tables-per-client", "2", "--tables-per-minute", "1000")
    connections = [http.client.HTTPConnection(LOOPBACK, server.port, timeout=15) for _ in range(16)]
    for conn in connections:
        conn.connect()
    start = threading.Barrier(len(connections))
    statuses = []

    def create(conn):
        start.wait()
        conn.request("POST", "/api/tables", json.dumps(dict(BYE_BYE, public=True)),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)
        conn.close()

    threads = [threading.Thread(target=create, args=(conn,)) for conn in connections]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    print(f"16 parallel creates with --open-tables-per-client 2: {statuses.count(201)} tables made")
    assert sorted(statuses) == [201] * 2 + [429] * 14
    assert len(lobby_ids(server.port)) == 2


async def play_then_ask_for_a_rematch(port, table, ref):
    """Plays seat 0 of `table` to its end (random legal moves), then sends
    `rematch` on the same connection; the answer carrying `ref`."""
    rng = random.Random(ref)
    async with ws_open(port) as ws:
        await ws.send(json.dumps({"type": "join", "table": table["table"], "token": table["invites"][0]["token"]}))
        while True:
            message = await recv_json(ws, 60)
            if message["type"] == "state" and message["result"] is not None:
                break
            if message["type"] == "state" and message["legal"]:
                await ws.send(json.dumps({"type": "act", "version": message["version"],
                                          "action": rng.choice(message["legal"])["id"]}))
        await ws.send(json.dumps({"type": "rematch", "ref": ref}))
        while True:
            message = await recv_json(ws, 15)
            if message["type"] in ("rematch", "error") and message.get("ref") == ref:
                return message


# Found by this suite: rematches were made for "the rematch of a table", not
# for the person who asked, so a chain of them made 6 tables in 16 s with a limit of 1.
def test_a_chain_of_rematches_is_held_to_tables_per_minute(serve):
    server = serve("--tables-per-minute", "1")
    table = create_table(server.port, A_GAME, ["human", "random"])
    started = time.monotonic()
    made = 1
    for ref in range(1, 7):
        answer = run(play_then_ask_for_a_rematch(server.port, table, ref))
        if answer["type"] == "error":
            break
        made += 1
        table = {"table": answer["table"], "invites": [{"token": answer["token"]}]}
    took = time.monotonic() - started
    print(f"a rematch chain with --tables-per-minute 1: {made} tables in {took:.1f} s")
    assert answer["type"] == "error", f"{made} tables in {took:.1f} s"
    assert answer["code"] == "rate-limited", answer
    assert answer["ref"] == ref
    assert 1000 <= answer["retry_ms"] <= 60000, answer
    assert made <= 1 + int(took / 60) + 1, f"{made} tables in {took:.1f} s"


def test_a_post_any_web_page_can_send_is_415_and_makes_no_table(serve):
    server = serve()
    body = dict(BYE_BYE, public=True)
    for content_type in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x", None]:
        for origin in [None, "https://evil.example"]:
            answer = http_request(server.port, "POST", "/api/tables", body,
                                  {"Content-Type": content_type, "Origin": origin})
            assert answer.status == 415, f"{content_type}, {origin}: {answer}"
    assert lobby_ids(server.port) == []
    assert "created" not in server.log_text()


def test_a_json_post_from_another_sites_page_is_403_and_makes_no_table(serve):
    server = serve()
    body = dict(BYE_BYE, public=True)
    for origin in ["https://evil.example", "null", f"http://{LOOPBACK}:{server.port + 1}"]:
        answer = http_request(server.port, "POST", "/api/tables", body, {"Origin": origin})
        assert answer.status == 403, f"{origin}: {answer}"
        assert answer.json["error"]["code"] == "bad-origin"
    assert lobby_ids(server.port) == []
    own = http_request(server.port, "POST", "/api/tables", body, {"Origin": f"http://{LOOPBACK}:{server.port}"})
    assert own.status == 201, own


def test_an_abandoned_table_expires_its_record_stays_and_a_restart_does_not_bring_it_back(serve):
    server = serve("--expire-after", "2s")
    table = create_table(server.port, A_GAME, ["human", "random"], public=True)
    table_id, token = table["table"], table["invites"][0]["token"]
    assert lobby_ids(server.port) == [table_id]
    created = time.monotonic()
    while table_id in lobby_ids(server.port):
        assert time.monotonic() - created < 15, "the abandoned table stayed in the lobby"
        time.sleep(0.1)
    print(f"abandoned table left the lobby after {time.monotonic() - created:.2f} s (--expire-after 2s)")
    assert time.monotonic() - created > 1.0
    record = http_request(server.port, "GET", f"/api/tables/{table_id}/record")
    assert record.status == 200, record
    assert record.json["game"] == A_GAME and isinstance(record.json["actions"], list)
    assert http_request(server.port, "GET", f"/api/tables/{table_id}",
                        headers={"Authorization": f"Bearer {token}"}).status == 404

    async def join_answer():
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "join", "table": table_id, "token": token}))
            return await recv_until(ws, "error")

    assert run(join_answer())["code"] == "table-expired"
    server.restart(server.args)
    assert "0 tables restored" in server.log_since_start()
    assert lobby_ids(server.port) == []
    assert run(join_answer())["code"] == "table-expired"
    assert http_request(server.port, "GET", f"/api/tables/{table_id}/record").status == 200


# =========================================================================== 4. replays

def replay_whole(port, table_id, view):
    """A replay, page by page when the answer is paged (total/from)."""
    answer = http_request(port, "GET", f"/api/tables/{table_id}/replay/{view}")
    assert answer.status == 200, answer
    replay = answer.json
    frames = list(replay["frames"])
    if "total" in replay:
        assert replay.get("from", 0) == 0
        while len(frames) < replay["total"]:
            page = http_request(port, "GET", f"/api/tables/{table_id}/replay/{view}?from={len(frames)}")
            assert page.status == 200, page
            assert page.json["from"] == len(frames) and page.json["frames"], page
            frames += page.json["frames"]
        assert len(frames) == replay["total"]
    replay["frames"] = frames
    return replay


def test_a_finished_tables_replay_answers_correctly(serve):
    server = serve("--allow-seed")
    table = create_table(server.port, A_GAME, ["random", "random", "random"], public=True, seed=11)
    record = wait_for_record(server.port, table["table"])
    replay = replay_whole(server.port, table["table"], "all")
    assert replay["game"] == A_GAME and replay["view"] == "all"
    assert replay["actions"] == record["actions"]
    assert len(replay["actors"]) == len(record["actions"])
    assert len(replay["frames"]) == len(record["actions"]) + 1
    assert [f["version"] for f in replay["frames"]] == list(range(len(record["actions"]) + 1))
    assert all(len(f["hands"]) == 3 for f in replay["frames"])
    if "total" in http_request(server.port, "GET", f"/api/tables/{table['table']}/replay/all?from=0&count=1").json:
        page = http_request(server.port, "GET", f"/api/tables/{table['table']}/replay/all?from=5&count=3").json
        assert page["total"] == len(replay["frames"]) and page["from"] == 5
        assert page["frames"] == replay["frames"][5:8]
        zipped = http_request(server.port, "GET", f"/api/tables/{table['table']}/replay/all",
                              headers={"Accept-Encoding": "gzip"})
        assert zipped.status == 200 and zipped.headers.get("content-encoding") == "gzip"
        assert json.loads(gzip.decompress(zipped.body))["frames"] == replay["frames"]
        assert http_request(server.port, "GET", f"/api/tables/{table['table']}/replay/all?from=x").status == 400
    assert replay["frames"][-1]["result"] is not None and replay["frames"][0]["result"] is None
    seat = replay_whole(server.port, table["table"], "1")
    assert "hands" not in seat["frames"][0] and seat["frames"][0]["seat"] == 1
    assert http_request(server.port, "GET", f"/api/tables/{table['table']}/replay/7").status == 400
    running = create_table(server.port, A_GAME, ["human", "random"], public=True)
    assert http_request(server.port, "GET", f"/api/tables/{running['table']}/replay/all").status == 409


def test_replays_in_a_loop_do_not_stall_another_connections_pings(serve):
    server = serve("--allow-seed", "--bot-threads", "1")
    # The heaviest replay a stranger can ask for: six random bots, some 4000 actions.
    table = create_table(server.port, "disguise", ["random"] * 6, public=True, seed=5)
    record = wait_for_record(server.port, table["table"])
    path = f"/api/tables/{table['table']}/replay"
    views = ["all", "spectator", "0", "1", "2", "3", "4", "5", "all?from=100&count=50"]
    stop = threading.Event()
    statuses = []
    lock = threading.Lock()

    # A replay of some 4000 actions can take tens of seconds to build under
    # ASan on a loaded machine, and a client may wait behind the other three:
    # the clients wait long enough that a slow answer is still an answer.
    def loop(offset):
        n = offset
        while not stop.is_set():
            conn = http.client.HTTPConnection(LOOPBACK, server.port, timeout=240)
            try:
                conn.request("GET", f"{path}/{views[n % len(views)]}")
                response = conn.getresponse()
                response.read()
                with lock:
                    statuses.append(response.status)
            except OSError as e:
                with lock:
                    statuses.append(type(e).__name__)
            finally:
                conn.close()
            n += 1

    async def pings():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            rtts = []
            for ref in range(20):
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "ping", "ref": ref}))
                pong = await recv_until(ws, "pong", timeout=30)
                assert pong["ref"] == ref
                rtts.append(time.monotonic() - sent)
                await asyncio.sleep(0.1)
            return rtts

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(4)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.2)
        rtts = run(pings())
    finally:
        stop.set()
        for thread in threads:
            thread.join(240)
    tally = {str(status): statuses.count(status) for status in set(statuses)}
    print(f"4 clients looping on replays of {len(record['actions'])} actions for {time.monotonic() - started:.1f} s: "
          f"answers {tally}; ping round trip median {statistics.median(rtts) * 1000:.0f} ms, "
          f"max {max(rtts) * 1000:.0f} ms")
    assert max(rtts) < 2.0, f"a ping waited {max(rtts):.2f} s behind replays (median {statistics.median(rtts):.2f} s)"
    assert statuses.count(200) >= 1 and all(s in (200, 503) for s in statuses), tally
    assert http_request(server.port, "GET", f"{path}/all").status == 200  # and the server still answers


def test_a_burst_of_replays_beyond_the_queue_is_told_to_come_back(serve):
    server = serve("--allow-seed", "--bot-threads", "1")
    table = create_table(server.port, "disguise", ["random"] * 6, public=True, seed=5, params={"turn_limit": 100})
    wait_for_record(server.port, table["table"])
    targets = [f"/api/tables/{table['table']}/replay/{view}" for view in ["all", "spectator", "0", "1", "2", "3", "4", "5"]]
    targets += [f"/api/tables/{table['table']}/replay/{view}?from=1&count=1" for view in ["all", "spectator", "0", "1"]]
    connections = [http.client.HTTPConnection(LOOPBACK, server.port, timeout=60) for _ in targets]
    for conn in connections:
        conn.connect()
    start = threading.Barrier(len(connections))
    answers = []

    def fetch(conn, target):
        start.wait()
        conn.request("GET", target)
        response = conn.getresponse()
        answers.append((response.status, response.getheader("Retry-After"), response.read()))
        conn.close()

    threads = [threading.Thread(target=fetch, args=pair) for pair in zip(connections, targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(status for status, _, _ in answers)
    print(f"{len(targets)} replays asked at once: {statuses}")
    assert len(answers) == len(targets) and set(statuses) <= {200, 503}, statuses
    busy = [(retry, json.loads(body)) for status, retry, body in answers if status == 503]
    assert busy, "more than 8 replays at once were all queued"
    assert all(retry and int(retry) >= 1 and body["error"]["code"] == "busy" for retry, body in busy), busy


# =========================================================================== 5. rate limit

def test_over_the_rate_every_ref_gets_exactly_one_answer(serve):
    server = serve("--rate", "5")  # bursts of 10, then a backlog of 32 handled at 5 a second

    async def attack():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            for ref in range(60):
                await ws.send(json.dumps({"type": "ping", "ref": ref}))
            answers = {}
            deadline = time.monotonic() + 30
            while (answered := sum(len(v) for v in answers.values())) < 60:
                try:
                    message = await recv_json(ws, max(0.01, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    pytest.fail(f"only {answered} of 60 pings were answered within 30 s")
                assert "ref" in message, message
                answers.setdefault(message["ref"], []).append(message)
            try:  # nothing more comes
                extra = await recv_json(ws, 0.5)
                pytest.fail(f"an answer too many: {extra}")
            except asyncio.TimeoutError:
                pass
            return answers

    answers = run(attack())
    assert sorted(answers) == list(range(60))
    pongs = refused = 0
    for ref, got in answers.items():
        assert len(got) == 1, f"ref {ref}: {got}"
        message = got[0]
        if message["type"] == "pong":
            pongs += 1
        else:
            assert message["type"] == "error" and message["code"] == "rate-limited", message
            assert message["retry_ms"] > 0, message
            refused += 1
    print(f"60 pings at --rate 5: {pongs} pongs, {refused} refused with rate-limited")
    assert pongs >= 10 + 32 and pongs + refused == 60


def documented_minimal_client(port, json_content_type=False):
    """docs/protocol.md's "A minimal client", adapted: this server's port, a
    Disguise game of one person and a random bot, 30 turns (some 50 to 150
    decisions of the person: past the burst of 40 that --rate 20 allows, within
    a few seconds). Nothing else is changed, unless `json_content_type` adds the
    header a create request needs."""
    text = (REPO / "docs" / "protocol.md").read_text()
    match = re.search(r"^## A minimal client.*?```python\n(.*?)```", text, re.S | re.M)
    assert match, "docs/protocol.md has no 'A minimal client' Python block"
    code = match.group(1)
    assert "127.0.0.1:8080" in code, "the documented client no longer names 127.0.0.1:8080: adapt this test"
    code = code.replace("127.0.0.1:8080", f"127.0.0.1:{port}")
    code, games = re.subn(r'"game": "[a-z-]+"', '"game": "disguise", "params": {"turn_limit": 30}', code)
    code, seats = re.subn(r'"seats": \[[^\]]*\]', '"seats": [{"agent": "human"}, {"agent": "random"}]', code)
    assert games == 1 and seats == 1, "the documented client's create request changed shape: adapt this test"
    if json_content_type and "application/json" not in code:
        code, added = re.subn(r'method="POST"\)', 'method="POST", headers={"Content-Type": "application/json"})', code)
        assert added == 1, "the documented client's request changed shape: adapt this test"
    return code


def run_documented_client(serve, tmp_path, json_content_type):
    server = serve("--rate", "20")
    script = tmp_path / "minimal_client.py"
    script.write_text(documented_minimal_client(server.port, json_content_type))
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"the documented client hung (60 s); its output ended: {(e.stdout or b'')[-500:]!r}")
    print(f"documented client: exit {done.returncode} after {time.monotonic() - started:.1f} s")
    assert done.returncode == 0, f"the documented client failed:\n{done.stderr[-600:]}"
    assert "result:" in done.stdout


def test_the_documented_minimal_client_plays_disguise_to_the_end_at_rate_20(serve, tmp_path):
    """As docs/protocol.md has it, character for character (its create request must work as written)."""
    run_documented_client(serve, tmp_path, json_content_type=False)


def test_the_documented_play_loop_given_a_json_content_type_plays_disguise_to_the_end_at_rate_20(serve, tmp_path):
    """The same with the one header a create request needs: the play loop itself must not hang."""
    run_documented_client(serve, tmp_path, json_content_type=True)


# =========================================================================== 6. smaller ones

def test_a_websocket_that_never_joins_is_closed_with_join_timeout(serve):
    server = serve("--join-within", "1")

    async def idle():
        async with ws_open(server.port) as ws:
            started = time.monotonic()
            messages = await drain_until_closed(ws, timeout=10)
            return messages, ws.close_code, time.monotonic() - started

    messages, close_code, took = run(idle())
    assert [m["type"] for m in messages] == ["hello", "error"], messages
    assert messages[1]["code"] == "join-timeout"
    assert close_code == 1008
    assert 0.5 < took < 5, took


def test_the_fourth_upgrade_from_one_address_gets_429(serve):
    server = serve("--connections-per-client", "3")
    held = []
    try:
        for _ in range(3):
            status, sock, _ = open_upgrade(server.port)
            assert status == 101
            held.append(sock)
        for _ in range(2):
            assert upgrade_status(server.port) == 429
        held.pop().close()
        deadline = time.monotonic() + 5
        while (status := upgrade_status(server.port)) != 101:  # once the server has seen the close
            assert status == 429 and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        for sock in held:
            sock.close()


def test_a_private_table_is_404_without_its_token_and_200_with_it(serve):
    server = serve()
    secret = create_table(server.port, A_GAME, ["human", "random"])
    other = create_table(server.port, A_GAME, ["human", "random"], public=True)
    path = f"/api/tables/{secret['table']}"
    for headers in [None, {"Authorization": "Bearer " + "0" * 32}, {"Authorization": "Bearer " + other["invites"][0]["token"]},
                    {"Authorization": secret["invites"][0]["token"]}, {"Authorization": "Bearer nope"}]:
        answer = http_request(server.port, "GET", path, headers=headers)
        assert answer.status == 404, f"{headers}: {answer}"
        assert b"seats" not in answer.body
    for token in [secret["invites"][0]["token"], secret["spectator"]["token"]]:
        answer = http_request(server.port, "GET", path, headers={"Authorization": f"Bearer {token}"})
        assert answer.status == 200, answer
        assert answer.json["table"] == secret["table"]
    assert lobby_ids(server.port) == [other["table"]]


def test_dns_rebinding_requests_are_421_for_http_and_upgrades(serve):
    server = serve()
    port = server.port
    evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
    answer = http_request(port, "POST", "/api/tables", dict(BYE_BYE, public=True), evil)
    assert answer.status == 421, answer
    assert answer.json["error"]["code"] == "bad-host"
    for path in ["/api/tables", "/api", "/"]:
        assert http_request(port, "GET", path, headers=evil).status == 421, path
        assert http_request(port, "GET", path, headers={"Host": "evil.example"}).status == 421, path
    assert upgrade_status(port, host=f"evil.example:{port}", origin=f"http://evil.example:{port}") == 421
    assert upgrade_status(port, host=f"evil.example:{port}") == 421
    # The server's own names are answered.
    for host in [f"{LOOPBACK}:{port}", f"localhost:{port}", f"[::1]:{port}"]:
        assert http_request(port, "GET", "/api/tables", headers={"Host": host}).status == 200, host
    assert lobby_ids(port) == []


def test_headers_over_16_kib_are_answered_431(serve):
    server = serve()
    for size in [17 * 1024, 20 * 1024, 60 * 1024]:
        request = (f"GET /api HTTP/1.1\r\nHost: {LOOPBACK}:{server.port}\r\nX-Padding: {'a' * size}\r\n"
                   "Connection: close\r\n\r\n").encode()
        answer = raw_http(server.port, request)
        assert answer.status == 431, f"{size}: {answer}"
        many = (f"GET /api HTTP/1.1\r\nHost: {LOOPBACK}:{server.port}\r\n" +
                "".join(f"X-H{i}: {'b' * 100}\r\n" for i in range(size // 100)) + "\r\n").encode()
        assert raw_http(server.port, many).status == 431, f"{size} in many headers"
    assert http_request(server.port, "GET", "/api").status == 200


def read_until_closed(port, data, timeout=5):
    """Sends `data` exactly as given and reads until the server closes: every byte it answered."""
    with socket.create_connection((LOOPBACK, port), timeout=timeout) as sock:
        sock.sendall(data)
        answered = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                return answered, True
            answered += chunk
        return answered, False


def test_a_body_framed_two_ways_is_400_and_a_request_hidden_in_it_is_never_answered(serve):
    """Request smuggling: a proxy that reads Transfer-Encoding otherwise than this server
    would pass on a second request inside the body. Only exactly "chunked" is read."""
    server = serve()
    host = f"Host: {LOOPBACK}:{server.port}\r\n"
    post = f"POST /api/origin-check HTTP/1.1\r\n{host}Content-Type: application/json\r\n"
    hidden = f"GET /api/games HTTP/1.1\r\n{host}\r\n"
    framings = {
        "xchunked and a length": "Transfer-Encoding: xchunked\r\nContent-Length: 2\r\n\r\n{}",
        "chunked and a length": "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
        "a length and chunked": "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "a folded line": "Transfer-Encoding: identity\r\n chunked\r\nContent-Length: 2\r\n\r\n{}",
        "two encodings": "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        "chunked twice": "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    }
    for name, framing in framings.items():
        answered, closed = read_until_closed(server.port, (post + framing + hidden).encode())
        statuses = re.findall(rb"HTTP/1\.1 (\d{3}) ", answered)
        assert statuses == [b"400"], f"{name}: answered {statuses} ({answered[:300]!r})"
        assert b'"bad-framing"' in answered or b'"bad-request"' in answered, f"{name}: {answered[:300]!r}"
        assert closed, f"{name}: the connection stayed open"
    # Plain chunked framing is still read, and the next request on the connection answered.
    answered, _ = read_until_closed(server.port, (post + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                                                  + hidden.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")).encode())
    assert re.findall(rb"HTTP/1\.1 (\d{3}) ", answered) == [b"200", b"200"], answered[:300]


def test_behind_a_proxy_a_request_without_its_address_header_gets_no_metrics(serve):
    """--client-ip-header fails closed: a loopback request whose header is missing, empty,
    doubled or not an address is nobody known, not this machine (the token still opens /metrics)."""
    token = "m" * 40
    server = serve("--client-ip-header", "X-Real-IP", "--metrics-token", token)
    host = f"Host: {LOOPBACK}:{server.port}\r\n"

    def metrics(*headers):
        lines = "".join(f"{h}\r\n" for h in headers)
        return raw_http(server.port, f"GET /metrics HTTP/1.1\r\n{host}{lines}Connection: close\r\n\r\n".encode()).status

    for headers in [(), ("X-Real-IP:",), ("X-Real-IP: not-an-address",), ("X-Real-IP: 127.0.0.1, ",),
                    ("X-Real-IP: 127.0.0.1", "X-Real-IP: 127.0.0.1"), ("X-Real-IP: 203.0.113.9",)]:
        assert metrics(*headers) == 403, headers
    assert metrics("X-Real-IP: 127.0.0.1") == 200  # the proxy says the visitor is this machine
    assert metrics(f"Authorization: Bearer {token}") == 200  # a scraper on this machine, without the header
    # The API itself still answers a request without the header.
    assert raw_get(server.port, "/api").status == 200


def test_seat_names_of_only_spaces_or_invisible_characters_are_400(serve):
    server = serve()
    for name in ["   ", "\u200d", "\u200b", "\u00a0\u200d", " \u200d "]:
        answer = http_request(server.port, "POST", "/api/tables",
                              {"game": A_GAME, "seats": [{"agent": "human", "name": name}, {"agent": "random"}],
                               "public": True})
        assert answer.status == 400, f"{name!r}: {answer}"
    assert lobby_ids(server.port) == []


def test_look_alike_seat_names_are_refused_at_creation_and_on_renaming(serve):
    server = serve()
    for other in ["Ann", "ann", "\u0410nn", "\uff21\uff4e\uff4e", "A\u200bnn"]:  # Cyrillic А, full-width, a zero-width space
        answer = http_request(server.port, "POST", "/api/tables",
                              {"game": A_GAME, "seats": [{"agent": "human", "name": "Ann"},
                                                         {"agent": "human", "name": other}], "public": True})
        assert answer.status == 409, f"{other!r}: {answer}"
        assert answer.json["error"]["code"] == "name-taken", answer
    assert lobby_ids(server.port) == []
    table = create_table(server.port, A_GAME, [{"agent": "human", "name": "Ann"}, "human"])

    async def rename():
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "join", "table": table["table"], "token": table["invites"][1]["token"]}))
            await recv_until(ws, "joined")
            for ref, name in enumerate(["\u0410NN", "aNn", "Medium"]):
                await ws.send(json.dumps({"type": "name", "name": name, "ref": ref}))
                answer = await recv_until(ws, "error")
                assert answer["code"] in ("name-taken", "bad-name") and answer["ref"] == ref, f"{name!r}: {answer}"

    run(rename())


# =========================================================================== 7. behind nginx's $host

def test_an_upgrade_through_nginx_host_without_port_is_refused_and_origin_check_explains(serve):
    server = serve()
    port = server.port
    host, origin = LOOPBACK, f"http://{LOOPBACK}:{port}"  # $host drops the port; the page's Origin keeps it
    assert upgrade_status(port, host=host, origin=origin) == 403
    check = http_request(port, "POST", "/api/origin-check", {}, {"Host": host, "Origin": origin})
    assert check.status == 403, check
    assert "--public-url" in check.json["error"]["message"], check
    # As a browser reaches it directly, and a program without Origin, it passes.
    assert upgrade_status(port, host=f"{LOOPBACK}:{port}", origin=origin) == 101
    assert upgrade_status(port, host=host) == 101


def test_public_url_lets_that_pages_upgrade_through_nginx_host(serve):
    server = serve(lambda port: f"--public-url=http://{LOOPBACK}:{port}", port=free_port)
    port = server.port
    host, origin = LOOPBACK, f"http://{LOOPBACK}:{port}"
    assert upgrade_status(port, host=host, origin=origin) == 101
    check = http_request(port, "POST", "/api/origin-check", {}, {"Host": host, "Origin": origin})
    assert check.status == 200 and check.json["allowed"] is True, check
    assert upgrade_status(port, host=host, origin="https://evil.example") == 403


def test_a_named_site_behind_nginx_host_needs_its_public_url(serve):
    refused = serve("--allow-host", "sheep.example.org")
    host, origin = "sheep.example.org", "https://sheep.example.org:8443"
    assert upgrade_status(refused.port, host=host, origin=origin) == 403
    check = http_request(refused.port, "POST", "/api/origin-check", {}, {"Host": host, "Origin": origin})
    assert check.status == 403 and "--public-url" in check.json["error"]["message"], check
    fixed = serve("--public-url", "https://sheep.example.org:8443")
    assert upgrade_status(fixed.port, host=host, origin=origin) == 101
    check = http_request(fixed.port, "POST", "/api/origin-check", {}, {"Host": host, "Origin": origin})
    assert check.status == 200, check


# =========================================================================== what already held

def test_malformed_frames_and_json_are_refused_and_the_connection_serves_on(serve):
    server = serve()

    async def attack():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            for text, code in [('{"type": "join", ', "bad-json"), ('{"type":"ping","type":"ping"}', "bad-json"),
                               ("[" * 100 + "]" * 100, "bad-json"), ("not json", "bad-json"), ("", "bad-json"),
                               ("[1, 2]", "bad-message"), ('"ping"', "bad-message"), ('{"ref": 1}', "bad-message"),
                               ('{"type": "ping", "extra": 1}', "bad-message"),
                               ('{"type": "act", "version": -1, "action": 1}', "bad-message"),
                               ('{"type": "ping", "ref": {"a": 1}}', "bad-message"),
                               ('{"type": "join", "table": "NO SUCH"}', "bad-message"),
                               ('{"type": "shout"}', "unknown-type"),
                               ('{"type": "act", "version": 0, "action": 1}', "not-joined"),
                               ('{"type": "join", "table": "x", "protocol": 2}', "bad-protocol")]:
                await ws.send(text)
                answer = await recv_until(ws, "error")
                assert answer["code"] == code, f"{text!r}: {answer}"
            await ws.send(b'{"type": "ping", "ref": 1}')  # a binary frame
            answer = await recv_until(ws, "error")
            assert answer["code"] == "bad-message", answer
            await ws.send(json.dumps({"type": "ping", "ref": 7}))
            assert (await recv_until(ws, "pong"))["ref"] == 7

    run(attack())


# Found by this suite: a refusal of the message's own fields (a bad name) came without its ref.
def test_every_refusal_of_a_message_carries_its_ref(serve):
    server = serve()
    table = create_table(server.port, A_GAME, ["human", "human"])
    join = {"type": "join", "table": table["table"], "token": table["invites"][0]["token"]}

    async def attack():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            for ref, (message, code) in enumerate([
                    (dict(join, name=""), "bad-name"), (dict(join, name="x" * 33), "bad-name"),
                    (dict(join, name="Ann\u001b[2J"), "bad-name"), (dict(join, colour="red"), "bad-message"),
                    ({"type": "act", "action": 1}, "bad-message"), ({"type": "chat"}, "bad-message"),
                    ({"type": "join", "table": "NO SUCH"}, "bad-message"), ({"type": "shout"}, "unknown-type"),
                    (dict(join, protocol=2), "bad-protocol"), ({"type": "act", "version": 0, "action": 1}, "not-joined")]):
                await ws.send(json.dumps(dict(message, ref=f"r{ref}")))
                answer = await recv_until(ws, "error")
                assert (answer["code"], answer.get("ref")) == (code, f"r{ref}"), f"{message}: {answer}"
            await ws.send(json.dumps(dict(join, ref=99)))
            await recv_until(ws, "joined")
            await ws.send(json.dumps({"type": "name", "name": "", "ref": 100}))
            answer = await recv_until(ws, "error")
            assert (answer["code"], answer.get("ref")) == ("bad-name", 100), answer

    run(attack())


def test_wrong_and_missing_tokens_at_a_private_table_are_bad_token(serve):
    server = serve()
    table = create_table(server.port, A_GAME, ["human", "human"])
    other = create_table(server.port, A_GAME, ["human", "random"])

    async def attack():
        for token in [None, "abc", "a" * 32, "A" * 32, other["invites"][0]["token"], other["spectator"]["token"],
                      table["invites"][0]["token"][:-1] + "x", table["invites"][0]["token"] + "0"]:
            async with ws_open(server.port) as ws:
                message = {"type": "join", "table": table["table"]}
                if token is not None:
                    message["token"] = token
                await ws.send(json.dumps(message))
                answer = await recv_until(ws, "error")
                assert answer["code"] == "bad-token", f"{token}: {answer}"
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "join", "table": table["table"], "token": table["invites"][1]["token"]}))
            assert (await recv_until(ws, "joined"))["you"] == [1]

    run(attack())


def test_a_flood_is_told_then_closed_with_1008(serve):
    server = serve("--rate", "5")

    async def flood():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            try:
                for ref in range(2000):
                    await ws.send(json.dumps({"type": "ping", "ref": ref}))
            except websockets.ConnectionClosed:
                pass
            messages = await drain_until_closed(ws)
            return messages, ws.close_code

    messages, close_code = run(flood())
    codes = [m.get("code") for m in messages if m["type"] == "error"]
    assert "rate-limited" in codes and codes[-1] == "flooding", codes[-5:]
    assert close_code == 1008
    assert http_request(server.port, "GET", "/api").status == 200


def test_a_reader_that_never_reads_is_dropped_and_its_table_plays_on(serve):
    server = serve("--bot-threads", "1", "--allow-seed")
    # Six random bots send a spectator a frame per move: this seed plays some
    # 10,000 actions, about 10 MB of frames, in a second or two.
    table = create_table(server.port, "disguise", ["random"] * 6, public=True, params={"turn_limit": 60000}, seed=1)
    status, sleeper, rest = open_upgrade(server.port, receive_buffer=4096)
    assert status == 101
    sleeper.sendall(ws_frame(json.dumps({"type": "join", "table": table["table"]})))
    started = time.monotonic()
    record = wait_for_record(server.port, table["table"], seconds=60)
    print(f"six random bots played {len(record['actions'])} actions in {time.monotonic() - started:.1f} s "
          "beside a spectator that never read")
    # What the kernel held for the sleeper ends with the connection cut, not with the game's end.
    data, closed = rest, False
    sleeper.settimeout(5)
    try:
        while True:
            chunk = sleeper.recv(1 << 20)
            if not chunk:
                closed = True
                break
            data += chunk
    except ConnectionResetError:
        closed = True
    except socket.timeout:
        pass
    sleeper.close()
    frames, _ = ws_frames(data)
    states = [json.loads(p) for op, p in frames if op == 1 and b'"type":"state"' in p]
    assert closed, "the sleeper's connection is still open"
    assert states, f"the sleeper was sent no state: {frames[:3]}"
    assert all(s["result"] is None for s in states), "the sleeper was sent the whole game"
    assert "stopped reading" in server.log_text()
    final = run(play_to_end(server.port, create_table(server.port, A_GAME, ["human", "random"]), seconds=30))
    assert final["result"] is not None


def test_a_message_over_64_kib_closes_with_1009(serve):
    server = serve()

    async def big():
        async with ws_open(server.port) as ws:
            await recv_until(ws, "hello")
            await ws.send(json.dumps({"type": "ping", "ref": "a" * (70 * 1024)}))
            await drain_until_closed(ws)
            return ws.close_code

    assert run(big()) == 1009

    async def still_serving():
        async with ws_open(server.port) as ws:
            await ws.send(json.dumps({"type": "ping", "ref": "b" * 60}))
            return await recv_until(ws, "pong")

    assert run(still_serving())["ref"] == "b" * 60


def test_200_silent_connections_do_not_stop_a_normal_client(serve):
    server = serve()
    idle = []
    try:
        for i in range(200):
            sock = socket.create_connection((LOOPBACK, server.port), timeout=10)
            if i % 2:  # half of them start a request and never finish it
                sock.sendall(f"GET /api HTTP/1.1\r\nHost: {LOOPBACK}:{server.port}\r\nX-Slow: ".encode())
            idle.append(sock)
        started = time.monotonic()
        table = create_table(server.port, A_GAME, ["human", "random"])
        final = run(play_to_end(server.port, table, seconds=30))
        print(f"beside 200 silent connections a game was created and played in {time.monotonic() - started:.2f} s "
              f"({final['version']} actions)")
        assert final["result"] is not None
    finally:
        for sock in idle:
            sock.close()


# --------------------------------------------------------------------------- accounts (at argon2id's real cost)

ANN = {"name": "Ann", "password": "sheep are fluffy"}


def session_cookie(answer):
    """The bw_session=… pair of an answer's Set-Cookie, or None."""
    cookie = answer.headers.get("set-cookie", "")
    return cookie.split(";")[0] if cookie.startswith("bw_session=") else None


def test_password_guessing_from_one_address_is_held(serve):
    server = serve("--sign-ins-per-minute", "4")
    assert http_request(server.port, "POST", "/api/accounts", ANN).status == 201
    guesses = [http_request(server.port, "POST", "/api/session", {"name": "Ann", "password": f"guess {i:04}"})
               for i in range(7)]
    assert [g.status for g in guesses[:4]] == [401] * 4, guesses
    for held in guesses[4:]:
        assert held.status == 429, held
        assert held.json["error"]["code"] == "rate-limited"
        assert 1 <= int(held.headers["retry-after"]) <= 15, held.headers  # a sign-in every 15 s


def test_guessing_one_name_from_many_addresses_is_held_and_names_no_account(serve):
    server = serve("--client-ip-header", "X-Real-IP", "--wrong-passwords-per-hour", "3")
    assert http_request(server.port, "POST", "/api/accounts", ANN).status == 201
    answers = {}
    for name in ["Ann", "Nobody"]:
        answers[name] = [http_request(server.port, "POST", "/api/session", {"name": name, "password": "guess 000"},
                                      {"X-Real-IP": f"198.51.100.{i + 1}"}) for i in range(5)]
    for name, got in answers.items():
        assert [a.status for a in got] == [401, 401, 401, 429, 429], (name, got)
    # The same words; the wait each names may differ by a second, as each name's count began a moment apart.
    def words(answer):
        return re.sub(r"in \d+ s", "in N s", answer.text)
    assert [words(a) for a in answers["Ann"]] == [words(a) for a in answers["Nobody"]]
    waits = [int(a.headers["retry-after"]) for name in answers for a in answers[name][3:]]
    assert max(waits) - min(waits) <= 1, waits
    right = http_request(server.port, "POST", "/api/session", ANN, {"X-Real-IP": "203.0.113.9"})
    assert right.status == 429, "a held name waits even for its right password"


def test_an_unknown_name_and_a_wrong_password_answer_alike_in_the_same_time(serve):
    server = serve()
    assert http_request(server.port, "POST", "/api/accounts", ANN).status == 201

    def timed(name):
        start = time.monotonic()
        answer = http_request(server.port, "POST", "/api/session", {"name": name, "password": "not the password"})
        return answer, time.monotonic() - start

    runs = {name: [timed(name) for _ in range(3)] for name in ["Ann", "Nobody"]}
    wrong, unknown = runs["Ann"], runs["Nobody"]
    assert {(a.status, a.body) for a, _ in wrong} == {(a.status, a.body) for a, _ in unknown}
    assert wrong[0][0].json["error"]["code"] == "bad-credentials"
    assert all("set-cookie" not in a.headers for a, _ in wrong + unknown)
    fastest_wrong, fastest_unknown = min(t for _, t in wrong), min(t for _, t in unknown)
    # Both check an argon2id hash (tenths of a second); skipping it would answer in about a millisecond.
    assert fastest_unknown > fastest_wrong / 3 and fastest_wrong > fastest_unknown / 3, (fastest_wrong, fastest_unknown)


def test_a_planted_session_cookie_is_never_adopted(serve):
    server = serve()
    planted = "bw_session=" + "A" * 43
    created = http_request(server.port, "POST", "/api/accounts", ANN, {"Cookie": planted})
    signed_in = http_request(server.port, "POST", "/api/session", ANN, {"Cookie": planted})
    for answer in [created, signed_in]:
        assert session_cookie(answer) not in (None, planted), answer.headers
    assert http_request(server.port, "GET", "/api/me", headers={"Cookie": planted}).status == 401
    assert http_request(server.port, "GET", "/api/me", headers={"Cookie": session_cookie(signed_in)}).status == 200


def test_the_session_cookie_flags(serve):
    plain = serve()
    cookie = http_request(plain.port, "POST", "/api/accounts", ANN).headers["set-cookie"]
    attributes = [part.strip() for part in cookie.split(";")[1:]]
    assert "HttpOnly" in attributes and "SameSite=Lax" in attributes and "Path=/" in attributes, cookie
    assert "Secure" not in attributes, "plain HTTP: a Secure cookie never comes back"
    tls = serve("--public-url", "https://sheep.example.org")
    cookie = http_request(tls.port, "POST", "/api/accounts", ANN).headers["set-cookie"]
    assert "Secure" in [part.strip() for part in cookie.split(";")], cookie


def refused_from_other_sites(port, cookie, writes):
    """Each (method, path, body) sent with the session cookie from another site's page (403), or as a form any
    page can post (415)."""
    for method, path, body in writes:
        foreign = http_request(port, method, path, body,
                               {"Cookie": cookie, "Origin": "https://evil.example", "Content-Type": "application/json"})
        assert foreign.status == 403, (method, path, foreign)
        form = http_request(port, method, path, "password=x",
                            {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        assert form.status == 415, (method, path, form)


def test_account_writes_from_another_sites_page_are_refused(serve):
    server = serve()
    cookie = session_cookie(http_request(server.port, "POST", "/api/accounts", ANN))
    writes = [("POST", "/api/accounts", {"name": "Eve", "password": "sheep are fluffy"}),
              ("POST", "/api/session", ANN), ("DELETE", "/api/session", {}),
              ("POST", "/api/me/password", {"password": ANN["password"], "new_password": "eve was here!"}),
              ("DELETE", "/api/me", {"password": ANN["password"]})]
    refused_from_other_sites(server.port, cookie, writes)
    me = http_request(server.port, "GET", "/api/me", headers={"Cookie": cookie})
    assert me.status == 200 and me.json["name"] == "Ann", me


def test_meeting_people_from_another_sites_page_is_refused_and_an_open_seat_goes_to_one(serve):
    """Play now and taking an open seat are writes of a signed-in person: another site's page cannot make
    them, and twenty takers of one open seat at once leave it to exactly one."""
    server = serve("--accounts-per-hour", "100")
    cookie = session_cookie(http_request(server.port, "POST", "/api/accounts", ANN))
    table = create_table(server.port, "bye-bye", [{"agent": "human"}, {"agent": "human", "open": True}], public=True)
    ask = {"game": "black-sheep", "players": 2, "time": {"base": 300, "increment": 5}, "bots_after": None}
    writes = [("POST", "/api/play-now", ask), ("DELETE", "/api/play-now", {}),
              ("POST", f"/api/tables/{table['table']}/seats/1", {})]
    refused_from_other_sites(server.port, cookie, writes)
    assert http_request(server.port, "GET", "/api/play-now", headers={"Cookie": cookie}).json["state"] == "none"
    takers = [session_cookie(http_request(server.port, "POST", "/api/accounts",
                                          {"name": f"Taker{i}", "password": "sheep are fluffy"})) for i in range(20)]
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda c: http_request(server.port, "POST", f"/api/tables/{table['table']}/seats/1",
                                                       {}, {"Cookie": c}).status, takers))
    assert sorted(answers) == [200] + [409] * 19, answers
