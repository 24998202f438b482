#!/usr/bin/env python3
"""`make bench` part `websocket` (Benchmarks/run.sh websocket): WebSocket round trips on loopback.

1. Median and p99 of ROUNDS (default 200) graphql-transport-ws round trips of each kind on one
   connection: `connection_init` -> `connection_ack` (a new connection each time, handshake not
   counted), `ping` -> `pong`, and `subscribe` (a query) -> its `next`. Target: medians < 2 ms.
2. SOCKETS (default 2,000) WebSockets opened one after another, each waiting for its
   `connection_ack`, all kept open: the time for all of them (target < 5 s).

The client is a raw socket with Nagle off, frames written in one `sendall`, so any wait is
serve's. Each binary given is measured in turn, A B A B (ROUNDS_AB, default 2), with its own serve.

Usage: websocket-latency.py ROCKET_RESERVER_BINARY [OTHER_BINARY]
"""
import base64, json, os, resource, socket, statistics, struct, subprocess, sys, tempfile, time

binaries = sys.argv[1:]
rounds = int(os.environ.get("ROUNDS", "200"))
sockets = int(os.environ.get("SOCKETS", "2000"))
alternations = int(os.environ.get("ROUNDS_AB", "2"))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, sockets + 256)), hard))


def start_serve(binary, home):
    env = dict(os.environ, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")
    serve = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", home + "/data",
         "--max-connections-per-ip", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = serve.stdout.readline().strip()
    assert line.startswith("listening on "), line
    port = int(line.rsplit(":", 1)[1].split("/")[0])
    return serve, port


def frame(text):
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    if len(payload) < 126:
        head = struct.pack("!BB", 0x81, 0x80 | len(payload))
    else:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, len(payload))
    return head + mask + masked


class Connection:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            ("GET /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
             "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            assert chunk, "closed during the handshake"
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, text):
        self.sock.sendall(frame(text))

    def receive(self):
        """The next text message (control frames skipped)."""
        while True:
            while len(self.buffer) < 2 or len(self.buffer) < self.frame_length():
                chunk = self.sock.recv(65536)
                assert chunk, "connection closed"
                self.buffer += chunk
            length, offset = self.payload_length()
            opcode = self.buffer[0] & 0x0F
            payload = self.buffer[offset:offset + length]
            self.buffer = self.buffer[offset + length:]
            if opcode == 1:
                return json.loads(payload)

    def payload_length(self):
        short = self.buffer[1] & 0x7F
        if short == 126:
            return (struct.unpack("!H", self.buffer[2:4])[0], 4) if len(self.buffer) >= 4 else (1 << 30, 4)
        if short == 127:
            return (struct.unpack("!Q", self.buffer[2:10])[0], 10) if len(self.buffer) >= 10 else (1 << 30, 10)
        return short, 2

    def frame_length(self):
        length, offset = self.payload_length()
        return offset + length

    def close(self):
        self.sock.close()


def timed(action):
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def measure(binary):
    home = tempfile.mkdtemp(prefix="bench-websocket-")
    serve, port = start_serve(binary, home)
    try:
        init_ack = []
        for _ in range(rounds):
            connection = Connection(port)
            init_ack.append(timed(lambda: (connection.send('{"type":"connection_init"}'), connection.receive())))
            connection.close()
        connection = Connection(port)
        connection.send('{"type":"connection_init"}')
        assert connection.receive()["type"] == "connection_ack"
        ping_pong = []
        for _ in range(rounds):
            ping_pong.append(timed(lambda: (connection.send('{"type":"ping"}'), connection.receive())))
        subscribe_next = []
        for index in range(rounds):
            def round_trip():
                connection.send(json.dumps(
                    {"type": "subscribe", "id": str(index), "payload": {"query": "{ totalTripsBooked }"}}))
                message = connection.receive()
                assert message["type"] == "next", message
                assert connection.receive()["type"] == "complete"
            subscribe_next.append(timed(round_trip))
        connection.close()
        opened = []
        started = time.perf_counter()
        for _ in range(sockets):
            connection = Connection(port)
            connection.send('{"type":"connection_init"}')
            assert connection.receive()["type"] == "connection_ack"
            opened.append(connection)
        open_seconds = time.perf_counter() - started
        for connection in opened:
            connection.close()
        return init_ack, ping_pong, subscribe_next, open_seconds
    finally:
        serve.terminate()
        serve.wait()


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


for alternation in range(alternations):
    for binary in binaries:
        init_ack, ping_pong, subscribe_next, open_seconds = measure(binary)
        print(f"{os.path.basename(os.path.dirname(binary)) or binary} round {alternation + 1}:")
        for name, values in (("init -> ack", init_ack), ("ping -> pong", ping_pong),
                             ("subscribe -> next", subscribe_next)):
            print(f"  {name:18} median {statistics.median(values):7.3f} ms   p99 {quantile(values, 0.99):7.3f} ms"
                  f"   ({len(values)} round trips)")
        print(f"  {sockets} WebSockets opened and acknowledged one after another: {open_seconds:.2f} s")
        sys.stdout.flush()
