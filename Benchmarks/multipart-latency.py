#!/usr/bin/env python3
"""`make bench` part `websocket` (with websocket-latency.py): how late Python's gql 4.4 (the
pinned test peer, .build/python-peers) gets each event of a multipart subscription.

gql's multipart reader (aiohttp's) hands a part over once it has read the delimiter that ends it
and what follows it; a server that writes the delimiter only with the next part or heartbeat
makes every event wait for that. EVENTS (default 10) bookings, one at a time, each after gql
printed the previous one; reported: the time from the mutation's answer (the commit) to gql's
line for its event (target: each within 50 ms).

Usage: multipart-latency.py ROCKET_RESERVER_BINARY
"""
import json, os, subprocess, sys, tempfile, time, urllib.request

binary = sys.argv[1]
events = int(os.environ.get("EVENTS", "10"))
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
home = tempfile.mkdtemp(prefix="bench-multipart-")
env = dict(os.environ, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")
serve = subprocess.Popen(
    [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", home + "/data"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
url = serve.stdout.readline().strip().split(" ")[-1]


def post(query, variables=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = token
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    with urllib.request.urlopen(urllib.request.Request(url, body, headers)) as answer:
        return json.loads(answer.read())


try:
    token = post("mutation($e: String!) { login(email: $e) { token } }", {"e": "bench@example.com"})
    token = token["data"]["login"]["token"]
    peer = subprocess.Popen(
        [sys.executable, os.path.join(root, "Tests/Peers/gql_subscribe.py"), url, "multipart", str(events)],
        stdout=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=os.path.join(root, ".build/python-peers")))
    time.sleep(2)  # gql connects and subscribes
    late = []
    for launch in range(1, events + 1):
        post("mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }", {"ids": [str(launch)]}, token)
        committed = time.perf_counter()
        line = peer.stdout.readline()
        assert line, "gql ended early"
        late.append((time.perf_counter() - committed) * 1000)
    peer.wait(timeout=30)
    late.sort()
    print(f"gql 4.4 multipart, commit -> gql's result over {events} events: median {late[len(late) // 2]:.1f} ms,"
          f" max {late[-1]:.1f} ms")
finally:
    serve.terminate()
    serve.wait()
