#!/usr/bin/env python3
"""A GraphQL server over TLS for the client's certificate checks, on loopback.

Driven by Tests/ServeReliabilityTests/WatchTLSTests.swift. Listens on 127.0.0.1, an ephemeral
port, with the certificate and key given, and prints the port on one line once it accepts.

  tls_graphql_server.py websocket CERT KEY
      Python's `websockets` (Debian's python3-websockets): graphql-transport-ws enough for a
      `tripsBooked` subscription. connection_init is acknowledged; a subscribe is answered with
      two `next` messages, +2 then -1, and the socket stays open. Each connection_init's payload
      is printed to standard error as one JSON line.

  tls_graphql_server.py https CERT KEY
      http.server: every GET or POST is answered {"data":{"totalTripsBooked":7}}.
"""
import asyncio, http.server, json, ssl, sys


def context(cert, key):
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    return tls


async def websocket(cert, key):
    import websockets

    async def handler(socket, path=None):
        async for text in socket:
            message = json.loads(text)
            kind = message.get("type")
            if kind == "connection_init":
                print(json.dumps(message.get("payload")), file=sys.stderr, flush=True)
                await socket.send(json.dumps({"type": "connection_ack"}))
            elif kind == "ping":
                await socket.send(json.dumps({"type": "pong"}))
            elif kind == "subscribe":
                for delta in (2, -1):
                    payload = {"data": {"tripsBooked": delta}}
                    await socket.send(json.dumps({"id": message["id"], "type": "next", "payload": payload}))

    server = await websockets.serve(
        handler, "127.0.0.1", 0, ssl=context(cert, key), subprotocols=["graphql-transport-ws"])
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Future()


class Answer(http.server.BaseHTTPRequestHandler):
    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        body = json.dumps({"data": {"totalTripsBooked": 7}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = answer
    do_POST = answer

    def log_message(self, *arguments):
        pass


def https(cert, key):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    server.socket = context(cert, key).wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    mode, cert, key = sys.argv[1:4]
    if mode == "websocket":
        asyncio.run(websocket(cert, key))
    else:
        https(cert, key)
