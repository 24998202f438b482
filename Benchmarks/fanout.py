#!/usr/bin/env python3
"""`make bench` part `fanout` (Benchmarks/run.sh fanout): one `serve` fanning events out to
SUBSCRIBERS (default 10,000) subscribers spread evenly over the four transports
(graphql-transport-ws, legacy graphql-ws, Apollo's HTTP multipart, graphql-sse), while bookings
and cancellations commit at RATE events a second (default 50) for SECONDS (default 20).

Reported: the latency from each event's commit (its mutation answered) to its arrival at each
subscriber, p50 and p99 over every delivery, the deliveries missing when the run ends, and
serve's RSS (the most seen, sampled every 0.5 s). Targets: p99 <= 100 ms, RSS <= 200 MB.

The subscribers are raw non-blocking sockets on one epoll per worker process (WORKERS, default
2); a worker only scans the bytes for `"eventId":"N"`, decoding no frame and no JSON, and stamps
each first sighting with the monotonic clock every process shares. On a machine with fewer cores
than workers plus serve, the workers' own CPU is part of the figure (the report gives both CPU
figures).

Usage: fanout.py ROCKET_RESERVER_BINARY
"""
import base64, json, multiprocessing, os, re, resource, select, socket, struct, subprocess, sys, tempfile, threading, time, urllib.parse, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from processes import cpu_seconds, percentile, post, rss_mib  # noqa: E402

subscriber_count = int(os.environ.get("SUBSCRIBERS", "10000"))
rate = float(os.environ.get("RATE", "50"))
seconds = float(os.environ.get("SECONDS", "20"))
workers = int(os.environ.get("WORKERS", "2"))
TRANSPORTS = ("graphql-transport-ws", "graphql-ws", "multipart", "sse")
EVENT_ID = re.compile(rb'"eventId":"(\d+)"')
QUERY = "subscription { tripsBooked }"


def raise_descriptor_limit(wanted):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted)), hard))


def masked(text):
    payload = text.encode()
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack("!H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def subscribe(host, port, path, transport):
    """A connected socket on which `transport` has subscribed (or will, for WebSockets, once
    the ack is read: the subscribe message is sent right after the init, which servers accept
    in order)."""
    sock = socket.create_connection((host, port))
    body = json.dumps({"query": QUERY})
    if transport in ("multipart", "sse"):
        accept = "multipart/mixed;subscriptionSpec=1.0" if transport == "multipart" else "text/event-stream"
        sock.sendall((f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: {accept}\r\n"
                      f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode())
        # The answer's head, before the next subscriber: a burst of requests not yet answered
        # would count against serve's ordinary connections, not its subscription slots.
        buffer = b""
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(4096)
            assert chunk, "closed before answering"
            buffer += chunk
        assert buffer.startswith(b"HTTP/1.1 200"), buffer[:200]
    else:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Sec-WebSocket-Protocol: {transport}\r\n\r\n").encode())
        buffer = b""
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(4096)
            assert chunk, "closed during the handshake"
            buffer += chunk
        assert buffer.startswith(b"HTTP/1.1 101"), buffer[:200]
        start = "subscribe" if transport == "graphql-transport-ws" else "start"
        sock.sendall(masked('{"type":"connection_init","payload":{}}')
                     + masked(json.dumps({"id": "1", "type": start, "payload": {"query": QUERY}})))
    sock.setblocking(False)
    return sock


def worker(url, indices, connection):
    """Opens the subscribers numbered `indices`, then stamps each event id's first arrival at
    each of them until told to stop; sends back {id: [arrival, ...]} and its CPU seconds."""
    raise_descriptor_limit(len(indices) + 256)
    parts = urllib.parse.urlsplit(url)
    sockets = {}
    for index in indices:
        sock = subscribe(parts.hostname, parts.port, parts.path, TRANSPORTS[index % len(TRANSPORTS)])
        sockets[sock.fileno()] = sock
    poller = select.epoll()
    for fd in sockets:
        poller.register(fd, select.EPOLLIN)
    tails = {fd: b"" for fd in sockets}
    newest = {fd: 0 for fd in sockets}
    arrivals = {}
    connection.send(("open", len(sockets)))
    while True:
        if connection.poll():
            command = connection.recv()
            if command == "stop":
                break
            if command == "newest":
                # The smallest of the subscribers' newest ids: every one has seen an event once it is > 0.
                connection.send(("newest", min(newest.values())))
        for fd, _ in poller.poll(0.05):
            try:
                data = sockets[fd].recv(262144)
            except BlockingIOError:
                continue
            if not data:
                poller.unregister(fd)
                continue
            now = time.monotonic()
            window = tails[fd] + data
            for match in EVENT_ID.finditer(window):
                event = int(match.group(1))
                if event > newest[fd]:
                    newest[fd] = event
                    arrivals.setdefault(event, []).append(now)
            tails[fd] = window[-24:]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    connection.send(("done", arrivals, usage.ru_utime + usage.ru_stime))




def main():
    binary = sys.argv[1]
    home = tempfile.mkdtemp(prefix="bench-fanout-")
    env = dict(os.environ, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")
    serve = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", home + "/data",
         "--max-connections-per-ip", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    url = serve.stdout.readline().strip().split(" ")[-1]
    try:
        token = post(url, 'mutation { login(email: "bench@example.com") { token } }')["data"]["login"]["token"]
        rss_idle = rss_mib(serve.pid)
        pipes = []
        for number in range(workers):
            here, there = multiprocessing.Pipe()
            indices = list(range(number, subscriber_count, workers))
            multiprocessing.Process(target=worker, args=(url, indices, there), daemon=True).start()
            pipes.append(here)
        opened = sum(pipe.recv()[1] for pipe in pipes)
        # Subscriptions start on tasks of their own: book and cancel until every one has seen one.
        deadline = time.monotonic() + 300
        while True:
            post(url, 'mutation { bookTrips(launchIds: ["1"]) { success } }', token=token)
            post(url, 'mutation { cancelTrip(launchId: "1") { success } }', token=token)
            time.sleep(0.5)
            for pipe in pipes:
                pipe.send("newest")
            newest = [pipe.recv()[1] for pipe in pipes]
            if min(newest) > 0 or time.monotonic() > deadline:
                break
        assert min(newest) > 0, "some subscribers never received an event"
        time.sleep(1)
        for pipe in pipes:
            pipe.send("newest")
        base = max(pipe.recv()[1] for pipe in pipes)
        rss_open = rss_mib(serve.pid)
        rss_most = [rss_open]
        sampling = True

        def sample():
            while sampling:
                rss_most[0] = max(rss_most[0], rss_mib(serve.pid))
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        commits = {}
        cpu_before = cpu_seconds(serve.pid)
        started = time.monotonic()
        count = int(rate * seconds)
        for number in range(count):
            due = started + number / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            launch = str(2 + (number // 2) % 100)
            query = (f'mutation {{ bookTrips(launchIds: ["{launch}"]) {{ success }} }}' if number % 2 == 0
                     else f'mutation {{ cancelTrip(launchId: "{launch}") {{ success }} }}')
            post(url, query, token=token)
            # SQLite logs events one writer at a time: the k-th change after `base` is event base + k.
            commits[base + number + 1] = time.monotonic()
        achieved = count / (time.monotonic() - started)
        time.sleep(5)
        serve_cpu = cpu_seconds(serve.pid) - cpu_before
        sampling = False
        for pipe in pipes:
            pipe.send("stop")
        latencies = []
        delivered = 0
        client_cpu = 0.0
        for pipe in pipes:
            _, arrivals, cpu = pipe.recv()
            client_cpu += cpu
            for event, times in arrivals.items():
                if event in commits:
                    delivered += len(times)
                    latencies.extend((t - commits[event]) * 1000 for t in times)
        expected = opened * len(commits)
        print(f"{opened} subscribers ({opened // len(TRANSPORTS)} per transport: {', '.join(TRANSPORTS)}),"
              f" {len(commits)} events at {achieved:.0f}/s for {seconds:.0f} s:")
        print(f"  commit -> delivery: p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms,"
              f" max {max(latencies):.1f} ms over {delivered} deliveries ({expected - delivered} missing 5 s after"
              f" the last event) (targets: p99 <= 100 ms)")
        print(f"  serve RSS: {rss_idle:.1f} MiB idle, {rss_open:.1f} MiB with them open, {rss_most[0]:.1f} MiB at"
              f" most during the events (target <= 200 MB)")
        print(f"  CPU during the events: serve {serve_cpu:.1f} s, the subscribers' workers {client_cpu:.1f} s in all"
              f" ({os.cpu_count()} cores)")
    finally:
        serve.terminate()
        serve.wait()


if __name__ == "__main__":
    raise_descriptor_limit(1024)
    main()
