#!/usr/bin/env python3
"""A login flood against `serve`: FLOODERS keep-alive connections from 127.0.0.1 send `login`
mutations as fast as answers come for SECONDS, while other clients (a LaunchList-sized query from
127.0.0.2 every 20 ms, and every tenth turn a login from a fresh address 127.0.0.3...) measure how
fast they are served. Prints the flood's answers by status, the Retry-After values, the sessions
left in the database, and the other clients' latency (p50, p99, max).

Usage: Benchmarks/login-flood.py BIN [SECONDS [FLOODERS]] [-- serve options...]
"""
import http.client
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

args = sys.argv[1:]
serve_options = args[args.index("--") + 1 :] if "--" in args else []
args = args[: args.index("--")] if "--" in args else args
binary = args[0]
seconds = float(args[1]) if len(args) > 1 else 15.0
flooders = int(args[2]) if len(args) > 2 else 4

data = tempfile.mkdtemp()
serve = subprocess.Popen(
    [binary, "--data-dir", data, "serve", "--port", "0"] + serve_options,
    stdout=subprocess.PIPE,
    stderr=subprocess.DEVNULL,
)
line = serve.stdout.readline().decode()
port = int(line.strip().rsplit(":", 1)[1].split("/")[0])
LOGIN = "mutation($e: String!) { login(email: $e) { token } }"
JSON_HEADERS = {"Content-Type": "application/json"}


def connection(source):
    return http.client.HTTPConnection("127.0.0.1", port, source_address=(source, 0))


stop = time.time() + seconds
counts = {}
retry_after = set()
lock = threading.Lock()


def flood(worker):
    client = connection("127.0.0.1")
    turn = 0
    while time.time() < stop:
        body = json.dumps({"query": LOGIN, "variables": {"e": f"flood{worker}-{turn}@example.com"}})
        client.request("POST", "/graphql", body, JSON_HEADERS)
        response = client.getresponse()
        response.read()
        turn += 1
        with lock:
            counts[response.status] = counts.get(response.status, 0) + 1
            if response.status == 429:
                retry_after.add(response.getheader("Retry-After"))


threads = [threading.Thread(target=flood, args=(worker,)) for worker in range(flooders)]
for thread in threads:
    thread.start()
latencies = []
other_logins = 0
steady = connection("127.0.0.2")
turn = 0
while time.time() < stop:
    started = time.perf_counter()
    if turn % 10 == 0:
        fresh = connection(f"127.0.0.{3 + turn // 10 % 200}")
        body = json.dumps({"query": LOGIN, "variables": {"e": f"other{turn}@example.com"}})
        fresh.request("POST", "/graphql", body, JSON_HEADERS)
        response = fresh.getresponse()
        response.read()
        other_logins += response.status == 200
        fresh.close()
    else:
        steady.request("POST", "/graphql", json.dumps({"query": "{ launches(pageSize: 3) { cursor } }"}), JSON_HEADERS)
        steady.getresponse().read()
    latencies.append((time.perf_counter() - started) * 1000)
    turn += 1
    time.sleep(0.02)
for thread in threads:
    thread.join()
sessions = sqlite3.connect(os.path.join(data, "backend.sqlite")).execute("SELECT count(*) FROM sessions").fetchone()[0]
serve.terminate()
serve.wait()
latencies.sort()
print(
    f"login flood {seconds:g} s x {flooders} connections {' '.join(serve_options) or '(defaults)'}: "
    f"answers {dict(sorted(counts.items()))}, Retry-After {sorted(retry_after)}; "
    f"sessions {sessions} ({counts.get(200, 0)} from the flood, {other_logins} from other addresses)"
)
print(
    f"  other clients: {len(latencies)} requests, p50 {statistics.median(latencies):.2f} ms, "
    f"p99 {latencies[int(len(latencies) * 0.99) - 1]:.2f} ms, max {latencies[-1]:.2f} ms"
)
