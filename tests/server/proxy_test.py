#!/usr/bin/python3
"""The reverse-proxy blocks of docs/protocol.md, run for real on loopback.

Takes the nginx block, the Caddy block and the `bellwether serve` options from
the section "Behind a reverse proxy (TLS)" of docs/protocol.md, so the docs
cannot drift from what is tested, and changes only what a loopback test must:
the proxy listens on a free high port over plain HTTP (TLS is not what is under
test), the upstream is the test's server port, and paths are in a temporary
folder. Then, as a browser on http://127.0.0.1:PORT would (its Origin and Host),
through each proxy: the page is served, POST /api/origin-check allows it, a
table is created, the WebSocket joins and a few moves are played, a host name
named by --public-url is answered, and per-client limits count the address in
X-Real-IP, not the proxy's. And the mistake the docs warn against (nginx's
`$host`, or Caddy's `{host}`: the port dropped) is refused: the upgrade gets
403, and POST /api/origin-check explains it with what the operator can set.

    /usr/bin/python3 tests/server/proxy_test.py --bin build/release/bellwether --static web/dist

Needs Debian's nginx, caddy and python3-websockets; exits 77 (skipped) when one
is missing. Never needs root; every process it starts is stopped at the end.
"""
import argparse
import asyncio
import http.client
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

# The game of the tests that need a game and no particular one: Bye-Bye, which seats two
# and plays quickly. Tests that need one game for a reason name it where they do.
A_GAME = "bye-bye"

SKIP = 77
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs", "protocol.md")
SECTION = "### Behind a reverse proxy (TLS)"
BUDGET_S = 60
START = time.monotonic()
PROCESSES = []   # (name, Popen, log path)
CONNECTION_LIMIT = 2  # --connections-per-client for the X-Real-IP check


class Failure(Exception):
    pass


def log(message):
    print(f"[{time.monotonic() - START:5.1f}s] {message}", flush=True)


def check(condition, message):
    if not condition:
        raise Failure(message)
    log(f"ok   {message}")


def left():
    remaining = BUDGET_S - (time.monotonic() - START)
    if remaining <= 0:
        raise Failure(f"over the time budget of {BUDGET_S} s")
    return remaining


# ---- the docs -------------------------------------------------------------

def docs_blocks(docs):
    text = open(docs, encoding="utf-8").read()
    start = text.find(SECTION)
    if start < 0:
        raise Failure(f"{docs} has no section '{SECTION}'")
    end = text.find("\n## ", start)
    section = text[start:end if end >= 0 else len(text)]
    blocks = re.findall(r"^```(\w*)\n(.*?)^```", section, re.S | re.M)
    nginx = [body for lang, body in blocks if lang == "nginx"]
    caddy = [body for lang, body in blocks if "reverse_proxy" in body]
    serve = [body for lang, body in blocks if "bellwether serve" in body]
    for name, found in (("nginx", nginx), ("Caddy", caddy), ("bellwether serve", serve)):
        if len(found) != 1:
            raise Failure(f"the section '{SECTION}' should hold one {name} block, not {len(found)}")
    return nginx[0], caddy[0], serve[0]


def replace_once(text, pattern, replacement, what, flags=0):
    new, count = re.subn(pattern, replacement, text, flags=flags)
    if count != 1:
        raise Failure(f"the documented block changed: expected one {what} ({pattern!r}), found {count}")
    return new


def serve_options(block):
    """The documented options, less those this test must choose (port, database, static folder)."""
    words = shlex.split(block.replace("\\\n", " "))
    words = words[words.index("serve") + 1:]
    options, i = [], 0
    while i < len(words):
        word = words[i]
        value = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("--") else None
        i += 2 if value is not None else 1
        if word not in ("--host", "--port", "--db", "--static"):
            options += [word] + ([value] if value is not None else [])
    return options


def public_host(options):
    """The host name of the documented --public-url (sheep.example.org)."""
    urls = [options[i + 1] for i, word in enumerate(options[:-1]) if word == "--public-url"]
    if not urls:
        raise Failure("the documented serve command has no --public-url")
    return re.sub(r"^https?://", "", urls[0]).split("/")[0].split(":")[0]


def nginx_config(block, tmp, proxy_port, server_port, host_header):
    server = replace_once(block, r"listen\s+443\s+ssl\s*;", f"listen 127.0.0.1:{proxy_port};", "listen 443 ssl")
    server = re.sub(r"^\s*ssl_\w+\s+[^;]*;\n", "", server, flags=re.M)  # plain HTTP: no certificates
    server = replace_once(server, r"proxy_pass\s+http://127\.0\.0\.1:\d+\s*;", f"proxy_pass http://127.0.0.1:{server_port};",
                          "proxy_pass to the server")
    if host_header != "$http_host":  # the mistake the docs warn against
        server = replace_once(server, r"proxy_set_header\s+Host\s+\$http_host\s*;", f"proxy_set_header Host {host_header};",
                              "proxy_set_header Host $http_host")
    temp = "\n".join(f"    {kind}_temp_path {tmp}/nginx-{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # As root, nginx would hand its workers to `nobody`, who cannot enter the private temporary folder.
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (f"{user}worker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/nginx-error.log;\n"
            f"events {{ worker_connections 128; }}\n"
            f"http {{\n    access_log {tmp}/nginx-access.log;\n{temp}\n{server}}}\n")


def caddy_config(block, tmp, proxy_port, server_port, host, drop_port):
    site = replace_once(block, r"\A\s*([\w.-]+)\s*\{", f"http://{host}:{proxy_port}, http://127.0.0.1:{proxy_port} {{",
                        "site address")
    site = replace_once(site, r"reverse_proxy\s+127\.0\.0\.1:\d+", f"reverse_proxy 127.0.0.1:{server_port}",
                        "reverse_proxy to the server")
    if drop_port:  # the same mistake in Caddy: the host name without its port
        site = replace_once(site, r"(reverse_proxy\s+\S+\s*\{)", r"\1\n        header_up Host {host}", "reverse_proxy block")
    return f"{{\n    admin off\n    auto_https off\n    storage file_system {tmp}/caddy-data\n}}\n{site}"


# ---- processes --------------------------------------------------------------

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(name, command, tmp, env=None):
    path = os.path.join(tmp, f"{name}.log")
    out = open(path, "wb")
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               start_new_session=True, env=env)
    PROCESSES.append((name, process, path))
    return process


def stop(process):
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def stop_all():
    while PROCESSES:
        stop(PROCESSES.pop()[1])


def wait_listening(port, process, name, timeout=10):
    deadline = time.monotonic() + min(timeout, left())
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Failure(f"{name} exited with {process.returncode} at start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise Failure(f"{name} did not listen on port {port} within {timeout} s")


def show_logs():
    for name, _, path in PROCESSES:
        try:
            lines = open(path, encoding="utf-8", errors="replace").read().splitlines()[-15:]
        except OSError:
            continue
        print(f"--- last lines of {name} ({path}) ---")
        print("\n".join(lines))


# ---- a browser, seen from the network ----------------------------------------

def connect_from(source, port):
    """A TCP connection to the proxy from a loopback address of our choosing (another "client")."""
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def request(port, method, path, host, origin, body=None, source="127.0.0.1", upgrade=False):
    """(status, parsed JSON or text) of one request through the proxy, with the browser's Host and Origin."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.sock = connect_from(source, port)
    headers = {"Host": host, "Origin": origin}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if upgrade:
        headers.update({"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    data = b"" if response.status == 101 else response.read()
    connection.close()
    text = data.decode("utf-8", "replace")
    try:
        return response.status, json.loads(text)
    except ValueError:
        return response.status, text


def status_of(error):
    """The HTTP status of a refused WebSocket handshake, whatever the version of python3-websockets."""
    status = getattr(error, "status_code", None)
    if status is None and getattr(error, "response", None) is not None:
        status = error.response.status_code
    return status


async def open_socket(port, host, origin, source):
    import websockets
    sock = connect_from(source, port)
    sock.setblocking(False)
    return await websockets.connect(f"ws://{host}/ws", origin=origin, sock=sock, open_timeout=10)


async def play(port, host, origin, table, token, source, moves=3):
    """Join through the proxy and play `moves` moves (each acknowledged); returns what was seen."""
    ws = await open_socket(port, host, origin, source)
    seen = {"hello": False, "joined": False, "acks": 0, "states": 0}
    try:
        await ws.send(json.dumps({"type": "join", "table": table, "token": token, "protocol": 1}))
        ref = 0
        while seen["acks"] < moves:
            frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=min(15, left())))
            kind = frame.get("type")
            if kind == "hello":
                seen["hello"] = True
            elif kind == "joined":
                seen["joined"] = True
                seat = frame["you"][0]
            elif kind == "ack":
                seen["acks"] += 1
            elif kind == "error":
                if frame.get("code") != "stale":
                    raise Failure(f"the server refused a message: {frame}")
            elif kind == "state":
                seen["states"] += 1
                if frame.get("result"):
                    break
                if frame["legal"] and frame["current"] == seat:
                    ref += 1
                    await ws.send(json.dumps({"type": "act", "version": frame["version"],
                                              "action": frame["legal"][0]["id"], "ref": ref}))
    finally:
        await ws.close()
    return seen


async def limits_count_real_clients(port, host, origin, net):
    """With --connections-per-client 2, the statuses of the upgrades of 2 + 1 connections from one
    client address and then 1 from another: [101, 101, 429, 101] when the server counts people (the
    address in X-Real-IP), [101, 101, 429, 429] when it counts the proxy."""
    import websockets
    held, statuses = [], []
    try:
        for source in [f"127.0.{net}.21"] * (CONNECTION_LIMIT + 1) + [f"127.0.{net}.22"]:
            try:
                held.append(await open_socket(port, host, origin, source))
                statuses.append(101)
            except websockets.exceptions.InvalidHandshake as error:
                statuses.append(status_of(error))
        return statuses
    finally:
        for ws in held:
            await ws.close()


# ---- the checks -------------------------------------------------------------

def documented_block_plays(label, proxy_port, public, static, net):
    """`net`: each proxy's clients come from addresses of their own (127.0.net.x), so one check's
    connections, still being closed, count for no other's."""
    host = f"127.0.0.1:{proxy_port}"
    origin = f"http://{host}"
    if static:
        status, page = request(proxy_port, "GET", "/", host, origin)
        check(status == 200 and "<script" in str(page), f"{label}: GET / through the proxy serves the page ({status})")
    status, body = request(proxy_port, "POST", "/api/origin-check", host, origin, body={}, source=f"127.0.{net}.11")
    check(status == 200 and body.get("allowed") is True, f"{label}: POST /api/origin-check allows {origin} ({status} {body})")
    status, created = request(proxy_port, "POST", "/api/tables", host, origin, source=f"127.0.{net}.11",
                              body={"game": A_GAME, "seats": [{"agent": "human", "name": "Ann"}, {"agent": "random"}]})
    check(status in (200, 201) and "table" in created, f"{label}: a table is created through the proxy ({status})")
    seen = asyncio.run(play(proxy_port, host, origin, created["table"], created["invites"][0]["token"], f"127.0.{net}.11"))
    check(seen["hello"] and seen["joined"] and seen["acks"] == 3,
          f"{label}: the WebSocket through the proxy joins and plays 3 moves ({seen})")
    named = f"{public}:{proxy_port}"
    status, body = request(proxy_port, "POST", "/api/origin-check", named, f"http://{named}", body={}, source=f"127.0.{net}.12")
    check(status == 200, f"{label}: the --public-url host name, port kept by the proxy, is answered ({status})")
    statuses = asyncio.run(limits_count_real_clients(proxy_port, host, origin, net))
    check(statuses == [101] * CONNECTION_LIMIT + [429, 101],
          f"{label}: per-client limits count the X-Real-IP address, not the proxy's: upgrades from one client, "
          f"then another, with --connections-per-client {CONNECTION_LIMIT}: {statuses}")


def dropped_port_refused(label, proxy_port):
    host = f"127.0.0.1:{proxy_port}"
    origin = f"http://{host}"
    status, text = request(proxy_port, "GET", "/ws", host, origin, source="127.0.0.13", upgrade=True)
    check(status == 403, f"{label}: the WebSocket upgrade is refused ({status}: {str(text).strip()[:90]}...)")
    status, body = request(proxy_port, "POST", "/api/origin-check", host, origin, body={}, source="127.0.0.13")
    error = body.get("error", {}) if isinstance(body, dict) else {}
    message = error.get("message", "")
    check(status == 403 and error.get("code") == "bad-origin", f"{label}: POST /api/origin-check answers 403 bad-origin")
    check("--public-url" in message and "$http_host" in message,
          f"{label}: and says what the operator can set: \"{message}\"")


def run(args):
    nginx_block, caddy_block, serve_block = docs_blocks(args.docs)
    options = serve_options(serve_block)
    check("--client-ip-header" in options and "--public-url" in options,
          f"the documented serve command names a public URL and the client header: {' '.join(options)}")
    public = public_host(options)
    tmp = tempfile.mkdtemp(prefix="bw-proxy-")
    try:
        server_port = free_port()
        command = [args.bin, "serve", "--port", str(server_port), "--db", os.path.join(tmp, "t.db"),
                   "--connections-per-client", str(CONNECTION_LIMIT)] + options
        static = args.static if args.static and os.path.isfile(os.path.join(args.static, "index.html")) else None
        if static:
            command += ["--static", static]
        else:
            log(f"no built front end at {args.static}: the page itself is not checked")
        log("server: " + " ".join(shlex.quote(word) for word in command))
        server = start("server", command, tmp)
        wait_listening(server_port, server, "bellwether serve")

        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        for label, host_header in (("nginx $http_host (documented)", "$http_host"), ("nginx $host (port dropped)", "$host")):
            proxy_port = free_port()
            config = os.path.join(tmp, "nginx.conf")
            with open(config, "w") as out:
                out.write(nginx_config(nginx_block, tmp, proxy_port, server_port, host_header))
            process = start("nginx", [nginx, "-e", os.path.join(tmp, "nginx-error.log"), "-p", tmp, "-c", config,
                                      "-g", "daemon off;"], tmp)
            wait_listening(proxy_port, process, "nginx")
            if host_header == "$http_host":
                documented_block_plays(label, proxy_port, public, static, net=1)
            else:
                dropped_port_refused(label, proxy_port)
            stop(process)

        caddy = shutil.which("caddy") or "/usr/bin/caddy"
        env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=os.path.join(tmp, "xdg-data"),
                   XDG_CONFIG_HOME=os.path.join(tmp, "xdg-config"))
        for label, drop_port in (("Caddy (documented)", False), ("Caddy header_up Host {host} (port dropped)", True)):
            proxy_port = free_port()
            config = os.path.join(tmp, "Caddyfile")
            with open(config, "w") as out:
                out.write(caddy_config(caddy_block, tmp, proxy_port, server_port, public, drop_port))
            process = start("caddy", [caddy, "run", "--config", config, "--adapter", "caddyfile"], tmp, env=env)
            wait_listening(proxy_port, process, "caddy")
            if drop_port:
                dropped_port_refused(label, proxy_port)
            else:
                documented_block_plays(label, proxy_port, public, static, net=2)
            stop(process)
    except BaseException:
        show_logs()
        raise
    finally:
        stop_all()
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            log(f"kept {tmp}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "bellwether"))
    parser.add_argument("--static", default=os.path.join(ROOT, "web", "dist"))
    parser.add_argument("--docs", default=DOCS, help="the page whose blocks are tested (default docs/protocol.md)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (configs and logs)")
    args = parser.parse_args()

    missing = [name for name, path in (("nginx", "/usr/sbin/nginx"), ("caddy", "/usr/bin/caddy"))
               if not shutil.which(name) and not os.access(path, os.X_OK)]
    if importlib.util.find_spec("websockets") is None:
        missing.append("python3-websockets")
    if missing:
        print(f"SKIP: {', '.join(missing)} not installed (Debian packages: nginx caddy python3-websockets)")
        return SKIP
    if not os.access(args.bin, os.X_OK):
        print(f"FAIL: no bellwether binary at {args.bin}")
        return 1

    # A test runner's timeout sends SIGTERM: stop the proxies and the server too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    signal.signal(signal.SIGALRM, lambda *_: sys.exit(f"FAIL: over the time budget of {BUDGET_S} s"))
    signal.alarm(BUDGET_S + 10)
    try:
        run(args)
    except Failure as failure:
        print(f"FAIL: {failure}")
        return 1
    except Exception as error:  # a proxy or the server that stopped answering, a refused handshake, ...
        print(f"FAIL: {type(error).__name__}: {error}")
        return 1
    finally:
        stop_all()
    print(f"PASS: the documented nginx and Caddy blocks play, the dropped port is explained "
          f"({time.monotonic() - START:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
