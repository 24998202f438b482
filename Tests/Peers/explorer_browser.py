"""Drives serve's GraphQL explorer in headless Chromium over the DevTools protocol (CDP).

    explorer_browser.py CHROMIUM BASE_URL OUTPUT_DIR

BASE_URL is serve's origin (http://127.0.0.1:PORT). Each step writes a screenshot into OUTPUT_DIR
and prints its path; the last line printed is a JSON object with the figures. Exit status 0 when
every step passed, 1 (with the failure on standard error) otherwise, 77 when Chromium could not
start at all. Python's standard library and `websockets` (Debian's python3-websockets) only.
"""

import asyncio
import base64
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

import websockets

STEP_TIMEOUT = 20.0


class Failure(Exception):
    pass


def http_json(url, body, headers=None):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_chromium(chromium, profile):
    process = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", "--user-data-dir=" + profile, "--window-size=1280,800",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return process, None
        if os.path.exists(port_file):
            with open(port_file) as handle:
                first = handle.readline().strip()
            if first:
                return process, int(first)
        time.sleep(0.05)
    return process, None


class Page:
    """One page target: commands, and the events the checks need."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.pending = {}
        self.requests = []
        self.errors = []
        self.reader = asyncio.ensure_future(self.read())

    async def read(self):
        async for text in self.socket:
            message = json.loads(text)
            if "id" in message:
                future = self.pending.pop(message["id"], None)
                if future and not future.done():
                    future.set_result(message)
                continue
            method = message.get("method")
            params = message.get("params", {})
            if method == "Network.requestWillBeSent":
                self.requests.append(params["request"]["url"])
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                self.errors.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                self.errors.append("console.error: " + " ".join(str(arg.get("value", arg.get("description"))) for arg in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                self.errors.append("log: " + params["entry"].get("text", "") + " " + params["entry"].get("url", ""))

    async def send(self, method, **params):
        self.next_id += 1
        future = asyncio.get_event_loop().create_future()
        self.pending[self.next_id] = future
        await self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        message = await asyncio.wait_for(future, STEP_TIMEOUT)
        if "error" in message:
            raise Failure("%s failed: %s" % (method, message["error"]))
        return message.get("result", {})

    async def evaluate(self, expression):
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise Failure("evaluating %r: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    async def wait_for(self, expression, what, timeout=STEP_TIMEOUT):
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = await self.evaluate(expression)
            if value:
                return value
            await asyncio.sleep(0.05)
        raise Failure("timed out waiting for %s (last value %r)" % (what, value))

    async def texts(self, selector, what):
        """Waits for elements matching `selector` and returns their text."""
        return await self.wait_for(
            "(() => { const t = [...document.querySelectorAll(%s)].map(e => e.textContent);"
            " return t.length ? t : null; })()" % json.dumps(selector), what)

    async def screenshot(self, directory, name):
        data = await self.send("Page.captureScreenshot", format="png")
        path = os.path.join(directory, name + ".png")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data["data"]))
        print("screenshot: " + path, flush=True)
        return path

    async def key(self, key, code, keycode, modifiers=0, text=None):
        # With text, the key also types it (Enter in a form field submits the form).
        down = {"type": "keyDown", "text": text} if text else {"type": "rawKeyDown"}
        for event in (down, {"type": "keyUp"}):
            await self.send("Input.dispatchKeyEvent", key=key, code=code, windowsVirtualKeyCode=keycode,
                            nativeVirtualKeyCode=keycode, modifiers=modifiers, **event)

    async def type_text(self, text):
        for character in text:
            await self.send("Input.insertText", text=character)

    async def set_document(self, text):
        await self.evaluate("(() => { const cm = document.querySelector('#query-wrap .CodeMirror').CodeMirror;"
                            " cm.setValue(%s); cm.focus(); cm.setCursor(cm.lineCount() - 1, 0); })()" % json.dumps(text))

    async def run_at_cursor(self):
        await self.key("Enter", "Enter", 13, modifiers=2)

    async def response_text(self):
        return await self.evaluate("document.getElementById('response').textContent")


class CuttableProxy:
    """A TCP forwarder from an ephemeral loopback port to the server, through which the page is
    opened, so that the check can drop the browser's connections (`cut`) and refuse new ones for
    a while (`paused`), as a network that goes away would."""

    def __init__(self, base):
        address = urllib.parse.urlsplit(base)
        self.upstream = (address.hostname, address.port)
        self.connections = []
        self.paused = False

    async def start(self):
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        return "http://127.0.0.1:%d" % self.server.sockets[0].getsockname()[1]

    async def handle(self, reader, writer):
        if self.paused:
            writer.transport.abort()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.transport.abort()
            return
        self.connections.append((writer, upstream_writer))

        async def pipe(source, destination):
            try:
                while True:
                    data = await source.read(65536)
                    if not data:
                        break
                    destination.write(data)
                    await destination.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                destination.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    def cut(self):
        for browser_side, server_side in self.connections:
            browser_side.transport.abort()
            server_side.transport.abort()
        self.connections = []


def page_weight(base):
    """The bytes of the page and its assets as a browser gets them (gzip)."""
    def get(path, accept):
        request = urllib.request.Request(base + path, headers={"Accept": accept, "Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read(), response.headers
    page, headers = get("/graphql", "text/html")
    html = gzip.decompress(page).decode() if headers.get("Content-Encoding") == "gzip" else page.decode()
    total = len(page)
    for asset in re.findall(r'(?:src|href)="(/explorer/[^"]+)"', html):
        body, asset_headers = get(asset, "*/*")
        total += len(body)
    return total, headers


async def drive(chromium_port, base, output):
    figures = {}
    with urllib.request.urlopen("http://127.0.0.1:%d/json" % chromium_port, timeout=30) as response:
        targets = json.loads(response.read())
    target = next(t for t in targets if t.get("type") == "page")
    async with websockets.connect(target["webSocketDebuggerUrl"], max_size=None) as socket:
        page = Page(socket)
        # The page goes through a proxy the check can cut; curl, which books, goes straight.
        proxy = CuttableProxy(base)
        page_base = await proxy.start()
        for domain in ("Page", "Runtime", "Network", "Log"):
            await page.send(domain + ".enable")

        # 1. The page loads, asks nothing of another origin, logs no error; the editor is
        # editable with the schema loaded.
        await page.send("Page.navigate", url=page_base + "/graphql")
        await page.wait_for("document.body && document.body.getAttribute('data-ready') === 'true'", "the schema to load")
        timing = await page.evaluate(
            "(() => { const n = performance.getEntriesByType('navigation')[0];"
            " return {editor: window.explorerTiming.editor, schema: window.explorerTiming.schema,"
            " domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd}; })()")
        figures["ready_ms_first_navigation"] = round(max(timing["editor"], timing["schema"]), 1)
        figures["timing"] = timing
        editable = await page.evaluate("document.activeElement && document.activeElement.closest('.CodeMirror') !== null")
        if not editable:
            raise Failure("the editor is not focused once the page is ready")
        figures["screenshots"] = [await page.screenshot(output, "1-loaded")]

        # 2. Typing `{ laun` offers launch and launches.
        await page.evaluate("document.querySelector('#query-wrap .CodeMirror').CodeMirror.setValue('')")
        await page.type_text("{ laun")
        offered = await page.texts(".CodeMirror-hint .hint-name", "the completion list")
        if "launch" not in offered or "launches" not in offered:
            raise Failure("typing `{ laun` offered %r" % offered)
        figures["offered"] = offered
        figures["screenshots"].append(await page.screenshot(output, "2-completion"))
        await page.key("Escape", "Escape", 27)
        # Arguments, and an argument's enum values.
        for text, expected in (("{ launch(i", "id"), ("{ launch(id: 1) { mission { missionPatch(size: S", "SMALL")):
            await page.evaluate("document.querySelector('#query-wrap .CodeMirror').CodeMirror.setValue('')")
            await page.type_text(text)
            offered = await page.texts(".CodeMirror-hint .hint-name", "completion after %r" % text)
            if expected not in offered:
                raise Failure("typing %r offered %r, not %r" % (text, offered, expected))
            await page.key("Escape", "Escape", 27)

        # 3. A query runs and its answer shows: of two, the one at the cursor.
        await page.set_document("query Total {\n  totalTripsBooked\n}\n\nquery Launch {\n  launch(id: \"109\") {\n    id\n    site\n    mission {\n      name\n    }\n  }\n}\n")
        await page.run_at_cursor()
        await page.wait_for("document.getElementById('response').textContent.includes('\"site\"')", "the query's answer")
        answer = json.loads(await page.response_text())
        if answer.get("data", {}).get("launch", {}).get("id") != "109":
            raise Failure("the answer shown is %r" % answer)
        figures["response_meta"] = await page.evaluate("document.getElementById('response-meta').textContent")
        figures["screenshots"].append(await page.screenshot(output, "3-query"))

        # 4. An unknown field is underlined at its line, with the server's message.
        await page.set_document("{\n  launches {\n    nope\n  }\n}\n")
        problem = await page.wait_for(
            "(() => { const box = document.getElementById('problems'), p = box.querySelector('.problem');"
            " return p && !box.classList.contains('stale') ? p.textContent : null; })()",
            "the validation error")
        if not problem.startswith("3:5 ") or "nope" not in problem:
            raise Failure("the problem shown is %r" % problem)
        marked_line = await page.evaluate(
            "(() => { const cm = document.querySelector('#query-wrap .CodeMirror').CodeMirror;"
            " const marks = cm.getAllMarks().filter(m => (m.className || '').includes('CodeMirror-lint-mark-error'));"
            " return marks.length ? marks[0].find().from.line + 1 : null; })()")
        if marked_line != 3:
            raise Failure("the error is underlined on line %r, not 3" % marked_line)
        figures["problem"] = problem
        figures["screenshots"].append(await page.screenshot(output, "4-validation"))

        # 5. Log in, book a trip from a mutation, see isBooked: true.
        await page.evaluate("document.getElementById('login-email').focus()")
        await page.type_text("explorer@example.com")
        await page.key("Enter", "Enter", 13, text="\r")
        await page.wait_for("document.getElementById('login-status').textContent.startsWith('logged in')", "logging in")
        stored = await page.evaluate("JSON.parse(document.querySelector('#headers-wrap .CodeMirror').CodeMirror.getValue()).Authorization || null")
        if not stored:
            raise Failure("the token is not in the headers")
        kept = await page.evaluate(
            "[document.cookie, Object.keys(localStorage).some(k => localStorage.getItem(k).includes(%s)),"
            " Object.keys(sessionStorage).some(k => sessionStorage.getItem(k).includes(%s))]" % (json.dumps(stored), json.dumps(stored)))
        if kept != ["", False, True]:
            raise Failure("the token is kept as [cookies, in local storage, in session storage] = %r" % kept)
        await page.set_document("mutation Book {\n  bookTrips(launchIds: [\"108\"]) {\n    success\n    launches {\n      id\n      isBooked\n    }\n  }\n}\n")
        await page.evaluate("document.getElementById('run').click()")
        await page.wait_for("document.getElementById('response').textContent.includes('\"isBooked\": true')", "isBooked: true")
        figures["screenshots"].append(await page.screenshot(output, "5-booked"))

        # 6. A subscription by GET through EventSource (without headers: EventSource sends none of
        # the page's) shows an event after a booking made with curl. Then the browser goes
        # offline, which drops the stream, while two more are booked; back online, EventSource
        # reconnects with Last-Event-ID and the page shows each event once, in order.
        await page.evaluate("document.querySelector('#headers-wrap .CodeMirror').CodeMirror.setValue('{}')")
        del page.requests[:]
        await page.set_document("subscription Trips {\n  tripsBooked\n}\n")
        await page.run_at_cursor()
        await page.wait_for("document.getElementById('response-meta').textContent.includes('live')", "the subscription to start")
        if not any("/graphql?query=subscription" in url for url in page.requests):
            raise Failure("the subscription was not sent by GET: %r" % page.requests)
        login = subprocess.run(
            ["curl", "-sS", "-H", "Content-Type: application/json", "--data",
             json.dumps({"query": "mutation { login(email: \"curl@example.com\") { token } }"}), base + "/graphql"],
            capture_output=True, check=True, timeout=30)
        token = json.loads(login.stdout)["data"]["login"]["token"]

        def book(launch):
            subprocess.run(
                ["curl", "-sS", "-H", "Content-Type: application/json", "-H", "Authorization: " + token, "--data",
                 json.dumps({"query": "mutation { bookTrips(launchIds: [\"%s\"]) { success } }" % launch}), base + "/graphql"],
                capture_output=True, check=True, timeout=30)

        book("107")
        await page.wait_for("document.getElementById('response').textContent.includes('event 1')", "a subscription event")
        event = await page.response_text()
        if "tripsBooked" not in event:
            raise Failure("the event shown is %r" % event)
        figures["screenshots"].append(await page.screenshot(output, "6-subscription"))
        errors_before = len(page.errors)
        proxy.paused = True
        proxy.cut()
        await page.wait_for("document.getElementById('response-meta').textContent.includes('reconnecting')", "the stream to drop")
        book("106")
        book("105")
        proxy.paused = False
        await page.wait_for("document.getElementById('response').textContent.includes('event 3')", "the events booked offline", timeout=60)
        await asyncio.sleep(1)
        ids = await page.evaluate(
            "[...document.getElementById('response').textContent.matchAll(/\"eventId\": \"(\\d+)\"/g)].map(m => Number(m[1]))")
        if len(ids) != 3 or ids != list(range(ids[0], ids[0] + 3)):
            raise Failure("after the reconnection the page shows the events %r, not three in a row once each" % ids)
        if not any("/graphql?query=subscription" in url for url in page.requests[1:]):
            raise Failure("EventSource did not reconnect by GET: %r" % page.requests)
        figures["event_source_event_ids"] = ids
        # The browser logs the dropped stream, the refused reconnections and any other request to
        # /graphql the cut broke (a validation in flight, a kept-alive connection, now or when it
        # is next used): expected, and left out at the end (`after_cut`).
        after_cut = errors_before
        await page.evaluate("document.getElementById('run').click()")

        # 7. The documentation pane: from Query to its fields, and a search.
        await page.evaluate("document.getElementById('docs-toggle').click()")
        await page.wait_for("document.getElementById('docs-body').textContent.includes('query: Query')", "the docs pane")
        await page.evaluate("[...document.querySelectorAll('#docs-body button.link')].find(b => b.textContent === 'Query').click()")
        fields = await page.texts("#docs-body .field-name", "Query's fields")
        if "launches" not in fields or "me" not in fields:
            raise Failure("the docs list Query's fields as %r" % fields)
        await page.evaluate("document.getElementById('docs-search').focus()")
        await page.type_text("book")
        await page.wait_for("[...document.querySelectorAll('#docs-body .field-name')].some(e => e.textContent === 'bookTrips')", "a search for book")
        figures["screenshots"].append(await page.screenshot(output, "7-docs"))
        await page.key("Escape", "Escape", 27)

        # 8. Prettify, and the history of what ran.
        await page.set_document('{ launch(id: "1") { id site } }')
        await page.evaluate("document.getElementById('prettify').click()")
        pretty = await page.evaluate("document.querySelector('#query-wrap .CodeMirror').CodeMirror.getValue()")
        if pretty != '{\n  launch(id: "1") {\n    id\n    site\n  }\n}\n':
            raise Failure("prettify gave %r" % pretty)
        history = await page.evaluate("document.querySelectorAll('#history-list li').length")
        if history < 3:
            raise Failure("the history holds %r documents, not the 3 run" % history)

        # 9. The same page at 360 px wide, and dark as the system may ask.
        await page.send("Emulation.setDeviceMetricsOverride", width=360, height=740, deviceScaleFactor=1, mobile=True)
        figures["screenshots"].append(await page.screenshot(output, "8-narrow"))
        await page.send("Emulation.clearDeviceMetricsOverride")
        await page.send("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "dark"}])
        background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
        if background != "rgb(22, 24, 29)":
            raise Failure("the dark scheme's background is %r" % background)
        figures["screenshots"].append(await page.screenshot(output, "9-dark"))
        await page.send("Emulation.setEmulatedMedia", features=[])

        # 10. Time to an editable editor with the schema, once the browser runs: without and with
        # the assets in its cache.
        # The first is a shared link, which opens with its document and variables.
        link = "/graphql?query=query%20T%20%7B%20totalTripsBooked%20%7D&variables=%7B%22a%22%3A1%7D&operationName=T"
        for label, disabled, path in (("ready_ms_empty_cache", True, link), ("ready_ms_cached", False, "/graphql")):
            await page.send("Network.setCacheDisabled", cacheDisabled=disabled)
            # A mark on the old page tells it from the new one.
            await page.evaluate("window.previousPage = true")
            await page.send("Page.navigate", url=page_base + path)
            await page.wait_for("!window.previousPage && document.body && document.body.getAttribute('data-ready') === 'true'",
                                "the page opened again")
            figures[label] = round(await page.evaluate("Math.max(window.explorerTiming.editor, window.explorerTiming.schema)"), 1)
            if path == link:
                opened = await page.evaluate(
                    "[document.querySelector('#query-wrap .CodeMirror').CodeMirror.getValue(),"
                    " document.querySelector('#variables-wrap .CodeMirror').CodeMirror.getValue()]")
                if opened != ["query T { totalTripsBooked }", '{"a":1}']:
                    raise Failure("the shared link opened %r" % opened)

        origin = page_base
        foreign = [url for url in page.requests if not (url.startswith(origin + "/") or url.startswith("data:"))]
        if foreign:
            raise Failure("the page asked another origin: %r" % foreign)
        unexpected = page.errors[:after_cut] + [
            e for e in page.errors[after_cut:]
            if not (e.startswith("log: Failed to load resource: net::ERR_") and "/graphql" in e)]
        if unexpected:
            raise Failure("console errors: %r" % unexpected)
        figures["requests"] = len(page.requests)
        page.reader.cancel()
    weight, _ = page_weight(base)
    figures["page_weight_gzip_bytes"] = weight
    return figures


def main():
    chromium, base, output = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3]
    profile = tempfile.mkdtemp(prefix="explorer-chromium-")
    process, port = start_chromium(chromium, profile)
    try:
        if port is None:
            print("chromium could not start (%s)" % chromium, file=sys.stderr)
            return 77
        try:
            figures = asyncio.run(drive(port, base, output))
        except Failure as failure:
            print("explorer check failed: %s" % failure, file=sys.stderr)
            return 1
        print(json.dumps(figures), flush=True)
        return 0
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
