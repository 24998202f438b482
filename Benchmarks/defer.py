#!/usr/bin/python3
"""Time to the first and to the last part of a deferred query against the same query whole.

Usage: defer.py URL TOKEN   (Benchmarks/defer.sh starts serve on PostgreSQL and logs in)
REQUESTS per variant and round (default 200), ROUNDS (default 2): rounds alternate the variants
(A B A B), each variant's requests one after another on one keep-alive connection.

Both variants send `Accept: multipart/mixed;incrementalSpec=v0.2` and `Authorization: TOKEN`; the
deferred one asks for `me { trips { id } }` in a `@defer` fragment, the other the same fields
without it. The client reads the socket itself (HTTP/1.1, chunked or not) and timestamps the moment
the first part's JSON is complete and the moment the closing delimiter arrives; every answer is
checked (status, parts, no `errors`, the trips there in the end).
"""
import json
import os
import socket
import statistics
import sys
import time
import urllib.parse

SELECTION = "launches(pageSize: 10) { launches { id site mission { name } } }"
QUERIES = {
    "deferred": "query Bench { %s ... @defer(label: \"trips\") { me { trips { id } } } }" % SELECTION,
    "whole": "query Bench { %s ... { me { trips { id } } } }" % SELECTION,
}
DECODER = json.JSONDecoder()


class Connection:
    """One keep-alive HTTP/1.1 connection that hands over the body as it arrives."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("serve closed the connection")
        self.buffer += data

    def request(self, path, host, body, headers):
        head = "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n" % (path, host, len(body))
        head += "".join("%s: %s\r\n" % item for item in headers.items()) + "\r\n"
        self.sock.sendall(head.encode() + body)

    def response(self):
        """Yields the body's bytes as they arrive (after the status line and headers)."""
        while b"\r\n\r\n" not in self.buffer:
            self.fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        fields = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
        if status != 200:
            raise RuntimeError("status %d" % status)
        if fields.get("transfer-encoding", "").lower() == "chunked":
            while True:
                while b"\r\n" not in self.buffer:
                    self.fill()
                size_line, rest = self.buffer.split(b"\r\n", 1)
                size = int(size_line.split(b";")[0], 16)
                while len(rest) < size + 2:
                    self.fill()
                    size_line, rest = self.buffer.split(b"\r\n", 1)
                self.buffer = rest[size + 2:]
                if size == 0:
                    return
                yield rest[:size]
        else:
            remaining = int(fields["content-length"])
            while remaining > 0:
                if not self.buffer:
                    self.fill()
                piece, self.buffer = self.buffer[:remaining], self.buffer[remaining:]
                remaining -= len(piece)
                yield piece


def first_payload(body):
    """The first part's JSON once it is complete in `body`, else None."""
    if body.startswith(b"{"):  # a plain JSON answer
        start = 0
    else:
        start = body.find(b"\r\n\r\n") + 4
        if start < 4:
            return None
    try:
        return DECODER.raw_decode(body[start:].decode())[0]
    except ValueError:
        return None


def payloads(body):
    parts = body.split(b"\r\n---")
    return [json.loads(part.split(b"\r\n\r\n", 1)[1]) for part in parts[1:] if part.startswith(b"\r\n")]


def one_request(connection, url, token, variant):
    body = json.dumps({"query": QUERIES[variant]}).encode()
    headers = {
        "Content-Type": "application/json",
        "Accept": "multipart/mixed;incrementalSpec=v0.2",
        "Authorization": token,
    }
    sent = time.perf_counter()
    connection.request(url.path or "/", url.netloc, body, headers)
    received, first = b"", None
    for piece in connection.response():
        received += piece
        if first is None and first_payload(received) is not None:
            first = time.perf_counter()
    last = time.perf_counter()
    if received.startswith(b"{"):  # a plain JSON answer (nothing was deferred)
        parts = [dict(json.loads(received), hasNext=False)]
    else:
        parts = payloads(received)
        if not received.rstrip().endswith(b"-----") or not parts:
            raise RuntimeError("not a multipart answer: %r" % received[:200])
    if any("errors" in part for part in parts) or parts[-1].get("hasNext") is not False:
        raise RuntimeError("bad answer: %r" % parts)
    if variant == "deferred":
        if len(parts) < 2 or "me" in parts[0]["data"] or not parts[0].get("pending"):
            raise RuntimeError("the trips were not deferred: %r" % parts)
        trips = [item["data"]["me"]["trips"] for p in parts[1:] for item in p.get("incremental", [])]
    else:
        trips = [parts[0]["data"]["me"]["trips"]]
    if not trips or not trips[0]:
        raise RuntimeError("no trips in the answer: %r" % parts)
    return (first - sent) * 1000, (last - sent) * 1000


def p90(values):
    return statistics.quantiles(values, n=10)[-1]


def main():
    url, token = urllib.parse.urlparse(sys.argv[1]), sys.argv[2]
    requests, rounds = int(os.environ.get("REQUESTS", 200)), int(os.environ.get("ROUNDS", 2))
    times = {}
    row = "%-6s %-9s %12s %12s %12s %12s"
    print(row % ("round", "query", "first p50", "first p90", "last p50", "last p90"))
    for round_number in range(1, rounds + 1):
        for variant in QUERIES:
            connection = Connection(url.hostname, url.port)
            for _ in range(5):  # warm-up: the connection, serve's document cache, the pool
                one_request(connection, url, token, variant)
            samples = [one_request(connection, url, token, variant) for _ in range(requests)]
            connection.sock.close()
            firsts, lasts = [s[0] for s in samples], [s[1] for s in samples]
            times.setdefault(variant, []).append((firsts, lasts))
            print(row % (round_number, variant, "%.3f ms" % statistics.median(firsts), "%.3f ms" % p90(firsts),
                         "%.3f ms" % statistics.median(lasts), "%.3f ms" % p90(lasts)), flush=True)
    print(row % ("all", "", "", "", "", ""))
    for variant in QUERIES:
        firsts = [t for firsts, _ in times[variant] for t in firsts]
        lasts = [t for _, lasts in times[variant] for t in lasts]
        print(row % ("all", variant, "%.3f ms" % statistics.median(firsts), "%.3f ms" % p90(firsts),
                     "%.3f ms" % statistics.median(lasts), "%.3f ms" % p90(lasts)))
    print("(%d sequential requests per query and round, one keep-alive connection each, 5 warm-up requests;"
          " first: the first part's JSON complete, last: the closing delimiter; whole query: one part)" % requests)


if __name__ == "__main__":
    main()
