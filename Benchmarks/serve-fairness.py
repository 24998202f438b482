#!/usr/bin/env python3
"""`serve` under attack from 127.0.0.1, measured from a normal client at 127.0.0.2.

  serve-fairness.py BIN slowloris [SERVE_OPTION ...]
  serve-fairness.py BIN readers [SERVE_OPTION ...]
  serve-fairness.py BIN both [SERVE_OPTION ...]

slowloris: 1,100 connections send request heads a byte every second (each byte renews the
idle timer) and reconnect when the server drops them, for STORM_SECONDS (default 25); the
normal client sends the LaunchList-shaped query on a fresh connection every 20 ms. Prints
the normal client's p50/p99/max latency and failures.

readers: 24 connections ask for a large answer and never read it; each is replaced by a new one
after READER_HOLD_SECONDS (default 10, about when the server drops a reader that takes nothing),
for STORM_SECONDS; the normal client measures as above, and the peak resident memory of `serve`
is sampled from /proc. The answer is READER_ALIASES (default 55) aliased pages of 100 launches:
55 is about 1 MB, the most the default --max-cost (50 000) lets through; 200 (3.8 MB, cost
180 400) needs --max-cost 200000 and costs far more CPU per request.

both: the slowloris storm and the readers at once, all from 127.0.0.1.
"""
import json
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

STORM_SECONDS = float(os.environ.get("STORM_SECONDS", "25"))
QUERY = (
    "query LaunchList { launches(pageSize: 20) { cursor hasMore launches "
    "{ id site mission { name missionPatch(size: SMALL) } } } }"
)
READER_ALIASES = int(os.environ.get("READER_ALIASES", "55"))
READER_HOLD_SECONDS = float(os.environ.get("READER_HOLD_SECONDS", "10"))
# Aliases of a 100-launch page: an answer of about 19 KB per alias.
BIG = "{ " + " ".join(
    f"a{i}: launches(pageSize: 100) {{ launches {{ id site mission {{ name missionPatch }} "
    f"rocket {{ id name type }} }} }}"
    for i in range(READER_ALIASES)
) + " }"


def request(query):
    body = json.dumps({"query": query}).encode()
    return (
        b"POST /graphql HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body)
    ) + body


def start_serve(binary, options, directory):
    env = dict(os.environ, XDG_CONFIG_HOME=directory + "/config", XDG_STATE_HOME=directory + "/state")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", directory + "/data", *options],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = process.stdout.readline()
    port = int(line.rsplit(":", 1)[1].split("/")[0])
    return process, port


def connect(port, source):
    s = socket.socket()
    s.bind((source, 0))
    s.setblocking(False)
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    return s


def storm_slowloris(port, stop, stats):
    head = b"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Slow: "
    selector = selectors.DefaultSelector()
    sockets = {}

    def open_one():
        s = connect(port, "127.0.0.1")
        sockets[s] = 0
        selector.register(s, selectors.EVENT_READ)

    for _ in range(1100):
        open_one()
    while not stop.is_set():
        started = time.monotonic()
        for s in list(sockets):
            try:
                s.send(head[sockets[s]:sockets[s] + 1] if sockets[s] < len(head) else b"a")
                sockets[s] += 1
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:
                pass
        # Dropped connections (EOF or reset) are replaced, as a slowloris tool does.
        for key, _ in selector.select(timeout=0):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:
                selector.unregister(s)
                s.close()
                del sockets[s]
                stats["dropped"] += 1
                open_one()
        stop.wait(max(0.0, 1.0 - (time.monotonic() - started)))
    for s in sockets:
        s.close()


def storm_readers(port, stop, stats):
    payload = request(BIG)
    held = []  # (socket, when opened)

    def open_one():
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.bind(("127.0.0.1", 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(payload)
        except OSError:  # refused (per-address budget full): tried again later
            s.close()
            stats["refused"] += 1
            return
        held.append((s, time.monotonic()))

    for _ in range(24):
        open_one()
    while not stop.wait(0.5):
        # The server's close cannot be seen without reading (its FIN waits behind the unread
        # answer), so each connection is held READER_HOLD_SECONDS, about when the server gives
        # up on it, and then replaced by a new request: 24 large answers in the making all along.
        now = time.monotonic()
        for entry in [e for e in held if now - e[1] >= READER_HOLD_SECONDS]:
            held.remove(entry)
            entry[0].close()
            stats["replaced"] += 1
        for _ in range(24 - len(held)):
            open_one()
    for s, _ in held:
        s.close()


def read_response(s):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            return None
        body += chunk
    return int(head.split(b" ")[1])


def normal_client(port, stop, latencies, stats):
    payload = request(QUERY)
    while not stop.is_set():
        started = time.monotonic()
        try:
            s = socket.socket()
            s.settimeout(15)
            s.bind(("127.0.0.2", 0))
            s.connect(("127.0.0.1", port))
            s.sendall(payload)
            status = read_response(s)
            s.close()
            if status != 200:
                stats["failed"] += 1
            else:
                latencies.append(time.monotonic() - started)
        except OSError:
            stats["failed"] += 1
        stop.wait(0.02)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    binary, part, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    with tempfile.TemporaryDirectory() as directory:
        process, port = start_serve(binary, options, directory)
        try:
            stop = threading.Event()
            stats = {"failed": 0, "dropped": 0, "refused": 0, "replaced": 0}
            latencies = []
            storms = {"slowloris": [storm_slowloris], "readers": [storm_readers],
                      "both": [storm_slowloris, storm_readers]}[part]
            attackers = [threading.Thread(target=storm, args=(port, stop, stats)) for storm in storms]
            for attacker in attackers:
                attacker.start()
            time.sleep(2)  # let the storm take hold first
            client = threading.Thread(target=normal_client, args=(port, stop, latencies, stats))
            client.start()
            peak = 0.0
            deadline = time.monotonic() + STORM_SECONDS
            while time.monotonic() < deadline:
                peak = max(peak, rss_mb(process.pid))
                time.sleep(0.2)
            stop.set()
            client.join()
            for attacker in attackers:
                attacker.join()
        finally:
            process.terminate()
            process.wait()
    latencies.sort()
    if latencies:
        p50 = latencies[len(latencies) // 2] * 1000
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
        worst = latencies[-1] * 1000
    else:
        p50 = p99 = worst = float("nan")
    label = " ".join(options) or "defaults"
    if part != "slowloris":
        label += f"; {READER_ALIASES} aliases"
    print(
        f"{part:9} ({label}): normal queries from 127.0.0.2: {len(latencies)} answered, "
        f"{stats['failed']} failed; p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms; "
        f"attack connections dropped by the server: {stats['dropped']}, refused: {stats['refused']}, "
        f"readers replaced: {stats['replaced']}; serve peak RSS {peak:.0f} MB")


main()
