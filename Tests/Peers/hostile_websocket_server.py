"""A hostile GraphQL WebSocket server for one client: it accepts the upgrade, acknowledges the
connection, then floods the client with frames that carry nothing, reading (and dropping)
everything the client sends meanwhile, and then sends one real result.

Usage: hostile_websocket_server.py MODE COUNT
MODE: ping (WebSocket ping frames), empty (empty text frames) or ka (legacy graphql-ws
keep-alives, {"type":"ka"}); COUNT: how many frames (the flood is bounded). Prints the port it
listens on (127.0.0.1, ephemeral), serves one connection, and exits when the client closes or
after 120 s.
"""

import base64
import hashlib
import socket
import sys
import threading
import time


def frame(opcode, payload=b""):
    return bytes([0x80 | opcode, len(payload)]) + payload


def main(mode, count):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    print(listener.getsockname()[1], flush=True)
    listener.settimeout(120)
    client, _ = listener.accept()
    request = b""
    while b"\r\n\r\n" not in request:
        chunk = client.recv(4096)
        if not chunk:
            return
        request += chunk
    key = ""
    for line in request.split(b"\r\n"):
        if line.lower().startswith(b"sec-websocket-key:"):
            key = line.split(b":", 1)[1].strip().decode()
    accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
    protocol = "graphql-ws" if mode == "ka" else "graphql-transport-ws"
    client.sendall(
        b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + b"Sec-WebSocket-Accept: " + accept + b"\r\nSec-WebSocket-Protocol: " + protocol.encode() + b"\r\n\r\n")
    closed = threading.Event()

    def read_everything():
        # The client's pongs and messages are read and dropped: the flood is not a slow reader.
        while True:
            try:
                if not client.recv(65536):
                    break
            except OSError:
                break
        closed.set()

    threading.Thread(target=read_everything, daemon=True).start()
    client.sendall(frame(1, b'{"type":"connection_ack"}'))
    one = {"ping": frame(9, b"x"), "empty": frame(1), "ka": frame(1, b'{"type":"ka"}')}[mode]
    batch = one * 4096
    sent = 0
    try:
        while sent < count and not closed.is_set():
            client.sendall(batch)
            sent += 4096
        data = "data" if mode == "ka" else "next"
        client.sendall(frame(1, ('{"id":"1","type":"%s","payload":{"data":{"tripsBooked":1}}}' % data).encode()))
    except OSError:
        pass
    closed.wait(120)
    client.close()


main(sys.argv[1], int(sys.argv[2]))
