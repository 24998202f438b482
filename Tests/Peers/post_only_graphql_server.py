#!/usr/bin/env python3
"""A GraphQL server on Python's http.server that takes only the full text by POST, as servers
written without persisted queries or GET do, in front of a real `rocket-reserver serve`.

Driven by Tests/ServeReliabilityTests/AnyServerTests.swift and OnErrorClientTests.swift. Listens on 127.0.0.1, an ephemeral
port, and prints the port on one line once it accepts. Each request it receives is written to
standard error as one line, `METHOD PATH`, so the test counts them.

  post_only_graphql_server.py MODE UPSTREAM [FILE]

  MODE 501      no do_GET: http.server itself answers GET with 501 and its HTML error page.
  MODE 405      GET answered 405 with `Allow: POST` and an empty body.
  MODE express  GET answered 405, and a POST without `query` answered as express-graphql does:
                400 {"errors":[{"message":"Must provide query string."}]}.
  MODE strict   GET answered 405; once FILE exists (the server replaced by a stricter one
                behind the same URL), a POST whose body has a key GraphQL over HTTP does not
                define (`onError` among them) is answered 400
                {"errors":[{"message":"Unknown request parameter \"onError\"."}]}.

A POST with `query` goes to UPSTREAM (the serve's GraphQL URL) without its persisted-query
extension, with its Authorization, and the upstream's answer comes back as it was. In 501 and
405 modes a POST without `query` is forwarded as well (serve answers PersistedQueryNotFound).
"""
import http.server, json, os, sys, urllib.error, urllib.request

KNOWN_KEYS = {"query", "operationName", "variables", "extensions"}


def handler(mode, upstream, strict_after=None):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_request(self, code="-", size="-"):
            print(f"{self.command} {self.path}", file=sys.stderr, flush=True)

        def log_message(self, *arguments):
            pass

        def reply(self, status, body, content_type="application/json", headers=()):
            self.send_response(status)
            if body:
                self.send_header("Content-Type", content_type)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            try:
                request = json.loads(self.rfile.read(length) or b"null")
            except ValueError:
                request = None
            if not isinstance(request, dict):
                return self.reply(400, b'{"errors":[{"message":"POST body sent invalid JSON."}]}')
            unknown = sorted(set(request) - KNOWN_KEYS)
            if strict_after and os.path.exists(strict_after) and unknown:
                message = f'Unknown request parameter "{unknown[0]}".'
                return self.reply(400, json.dumps({"errors": [{"message": message}]}).encode())
            if mode == "express" and not request.get("query"):
                return self.reply(400, b'{"errors":[{"message":"Must provide query string."}]}')
            if request.get("query"):
                extensions = request.get("extensions") or {}
                extensions.pop("persistedQuery", None)
                request["extensions"] = extensions
            forwarded = urllib.request.Request(
                upstream, data=json.dumps(request).encode(), method="POST",
                headers={"Content-Type": "application/json", "Accept": "application/json"})
            if self.headers.get("Authorization"):
                forwarded.add_header("Authorization", self.headers["Authorization"])
            try:
                with urllib.request.urlopen(forwarded, timeout=30) as answer:
                    status, body = answer.status, answer.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            self.reply(status, body)

    if mode in ("405", "express", "strict"):
        def do_GET(self):
            self.reply(405, b"", headers=[("Allow", "POST")])
        Handler.do_GET = do_GET
    return Handler


if __name__ == "__main__":
    mode, upstream = sys.argv[1:3]
    strict_after = sys.argv[3] if mode == "strict" else None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(mode, upstream, strict_after))
    print(server.server_address[1], flush=True)
    server.serve_forever()
