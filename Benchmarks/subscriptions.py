#!/usr/bin/env python3
"""`make bench` part `subscriptions` (Benchmarks/run.sh subscriptions): docs/performance.md's figures.

1. SUBSCRIBERS (default 1,000 and 9,900: serve holds 10,000 long-lived connections, the flood
   needs a few) graphql-transport-ws subscribers on one `serve`; BOOKINGS (default 40)
   bookTrips/cancelTrip mutations one after another; for each, the time from sending the mutation
   (so the commit is inside the figure) to the *last* subscriber's `next` for it. Reported: p50,
   p99, max (target p99 <= 100 ms); serve's RSS with them open (target <= 100 MB). Each count is
   measured without and then with a WebSocket flood (Tests/Peers/stream_attacks.py flood-worker,
   two clients) running.
   The subscribers are raw non-blocking sockets on one epoll in this process that parse only
   frame boundaries (no JSON decoding), so the figure is serve's fan-out plus ~1 us of Python
   per frame.
2. A `watch` process idle for IDLE_SECONDS (default 60), on the embedded backend and over HTTP
   against serve, side by side: CPU seconds used while idle (target <= 0.1 s per 60 s).

Usage: subscriptions.py ROCKET_RESERVER_BINARY
"""
import base64, json, os, resource, select, socket, struct, subprocess, sys, tempfile, time, urllib.parse, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from processes import cpu_seconds, percentile, post, rss_mib  # noqa: E402

binary = sys.argv[1]
subscriber_counts = [int(n) for n in os.environ.get("SUBSCRIBERS", "1000,9900").split(",")]
subscriber_count = max(subscriber_counts)
flood_peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Peers", "stream_attacks.py")
bookings = int(os.environ.get("BOOKINGS", "40"))
idle_seconds = float(os.environ.get("IDLE_SECONDS", "60"))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, subscriber_count + 256)), hard))
home = tempfile.mkdtemp(prefix="bench-subscriptions-")
env = dict(os.environ, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")


def start_serve():
    serve = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", home + "/data", "--max-connections-per-ip", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = serve.stdout.readline().strip()
    assert line.startswith("listening on "), line
    return serve, line[len("listening on "):]





def masked(text):
    payload = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

class Subscriber:
    """One graphql-transport-ws client on a raw non-blocking socket: only frame boundaries are
    parsed, a `next` message is recognised by its type without decoding the payload."""
    def __init__(self, host, port, path):
        self.sock = socket.create_connection((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            assert chunk, "closed during the handshake"
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.sock.sendall(masked('{"type":"connection_init","payload":{}}'))
        self.sock.setblocking(False)

    def messages(self):
        """Complete text frames received so far (reads what the socket has)."""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                self.buffer += chunk
                if len(chunk) < 65536:
                    break
        except BlockingIOError:
            pass
        out = []
        while len(self.buffer) >= 2:
            length = self.buffer[1] & 0x7F
            offset = 2
            if length == 126:
                if len(self.buffer) < 4: break
                length = struct.unpack("!H", self.buffer[2:4])[0]; offset = 4
            elif length == 127:
                if len(self.buffer) < 10: break
                length = struct.unpack("!Q", self.buffer[2:10])[0]; offset = 10
            if len(self.buffer) < offset + length: break
            opcode = self.buffer[0] & 0x0F
            payload = self.buffer[offset:offset + length]
            self.buffer = self.buffer[offset + length:]
            if opcode == 1:
                out.append(payload)
        return out


def wait_for(subscribers, poller, wanted):
    """Reads until every subscriber has received a message for which `wanted` holds; returns
    when the last one did (perf_counter)."""
    by_fd = {s.sock.fileno(): s for s in subscribers}
    pending = set(by_fd)
    last = time.perf_counter()
    deadline = last + 60
    while pending:
        events = poller.poll(1.0)
        assert time.perf_counter() < deadline, f"{len(pending)} subscribers saw nothing in 60 s"
        now = time.perf_counter()
        for fd, _ in events:
            if fd in pending and any(wanted(m) for m in by_fd[fd].messages()):
                pending.discard(fd)
                last = now
    return last


def drain(subscribers, poller, seconds=0.5):
    while poller.poll(seconds):
        for s in subscribers:
            s.messages()


def fan_out(url, token, count):
    parts = urllib.parse.urlsplit(url)
    subscribers = [Subscriber(parts.hostname, parts.port, parts.path) for _ in range(count)]
    poller = select.epoll()
    for s in subscribers:
        poller.register(s.sock.fileno(), select.EPOLLIN)
    wait_for(subscribers, poller, lambda m: b'"connection_ack"' in m)
    for s in subscribers:
        s.sock.sendall(masked('{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}'))
    # Subscriptions start on tasks of their own: book and cancel until every socket has seen one.
    seen = set()
    by_fd = {s.sock.fileno(): s for s in subscribers}
    while len(seen) < len(subscribers):
        post(url, 'mutation { bookTrips(launchIds: ["1"]) { success } }', token=token)
        post(url, 'mutation { cancelTrip(launchId: "1") { success } }', token=token)
        end = time.perf_counter() + 1
        while len(seen) < len(subscribers) and time.perf_counter() < end:
            for fd, _ in poller.poll(0.1):
                if any(b'"next"' in m for m in by_fd[fd].messages()):
                    seen.add(fd)
    drain(subscribers, poller)
    print(f"  {len(subscribers)} subscribed", flush=True)
    return subscribers, poller


def measure(url, token, serve, count, flood):
    subscribers, poller = fan_out(url, token, count)
    # The flood: two clients sending WebSocket pings and graphql-transport-ws
    # `{"type":"ping"}` messages back to back without reading, reconnecting when closed.
    flooders = [subprocess.Popen([sys.executable, flood_peer, "flood-worker", url, kind, "3600"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for kind in (("ping", "json") if flood else ())]
    time.sleep(1 if flood else 0)
    rss = rss_mib(serve.pid)
    latencies = []
    for number in range(bookings):
        launch = str(2 + number // 2)
        query = (f'mutation {{ bookTrips(launchIds: ["{launch}"]) {{ success }} }}' if number % 2 == 0
                 else f'mutation {{ cancelTrip(launchId: "{launch}") {{ success }} }}')
        started = time.perf_counter()
        answer = post(url, query, token=token)
        assert answer.get("data") and all(v["success"] for v in answer["data"].values()), answer
        last = wait_for(subscribers, poller, lambda m: b'"next"' in m)
        latencies.append((last - started) * 1000)
        rss = max(rss, rss_mib(serve.pid))
    for flooder in flooders:
        flooder.kill()
        flooder.wait()
    for s in subscribers:
        s.sock.close()
    return rss, latencies


def fan_out_figures(count, flood):
    serve, url = start_serve()
    try:
        token = post(url, 'mutation { login(email: "bench@example.com") { token } }')["data"]["login"]["token"]
        rss_before = rss_mib(serve.pid)
        rss, latencies = measure(url, token, serve, count, flood)
        print(f"{count} graphql-transport-ws subscribers, {bookings} bookings/cancellations"
              f"{', with a ping flood from two clients' if flood else ''}:")
        print(f"  commit -> last subscriber's next: p50 {percentile(latencies, 0.5):.1f} ms, "
              f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms (target p99 <= 100 ms)")
        print(f"  serve RSS: {rss_before:.1f} MiB before, {rss:.1f} MiB at most with {count} open")
    finally:
        serve.terminate()
        serve.wait()


def idle_figures():
    serve, url = start_serve()
    watchers = {
        "embedded backend": subprocess.Popen([binary, "--data-dir", home + "/data", "watch"], env=env,
                                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL),
        "HTTP multipart": subprocess.Popen([binary, "--endpoint", url, "watch"], env=env,
                                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL),
        "WebSocket": subprocess.Popen([binary, "--endpoint", url, "watch", "--transport", "websocket"], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL),
    }
    try:
        time.sleep(2)  # start-up is not idling
        before = {name: cpu_seconds(p.pid) for name, p in watchers.items()}
        time.sleep(idle_seconds)
        print(f"watch idle for {idle_seconds:.0f} s (target <= 0.1 CPU s per 60 s):")
        for name, process in watchers.items():
            used = cpu_seconds(process.pid) - before[name]
            print(f"  {name}: {used:.3f} CPU s ({used * 60 / idle_seconds:.3f} per 60 s)")
        print(f"  serve meanwhile: {cpu_seconds(serve.pid):.3f} CPU s since start")
    finally:
        for process in watchers.values():
            process.terminate()
            process.wait()
        serve.terminate()
        serve.wait()


for count in subscriber_counts:
    for flood in (False, True):
        fan_out_figures(count, flood)
if idle_seconds > 0:
    idle_figures()
