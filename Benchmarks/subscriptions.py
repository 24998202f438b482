#!/usr/bin/env python3
"""`make bench` part `subscriptions` (Benchmarks/run.sh subscriptions): issue 12's figures.

1. SUBSCRIBERS (default 1,000) graphql-transport-ws subscribers on one `serve`; BOOKINGS (default
   40) bookTrips/cancelTrip mutations one after another; for each, the time from sending the
   mutation (so the commit is inside the figure) to the *last* subscriber's `next` for it.
   Reported: p50, p99, max (target p99 <= 100 ms); serve's RSS with them open (target <= 100 MB).
   The subscribers are Python asyncio clients (Debian's python3-websockets) in this one process,
   so the figure includes their own decoding of 1,000 frames per event.
2. A `watch` process idle for IDLE_SECONDS (default 60), on the embedded backend and over HTTP
   against serve, side by side: CPU seconds used while idle (target <= 0.1 s per 60 s).

Usage: subscriptions.py ROCKET_RESERVER_BINARY
"""
import asyncio, json, os, re, resource, subprocess, sys, tempfile, time, urllib.request

import websockets

binary = sys.argv[1]
subscribers = int(os.environ.get("SUBSCRIBERS", "1000"))
bookings = int(os.environ.get("BOOKINGS", "40"))
idle_seconds = float(os.environ.get("IDLE_SECONDS", "60"))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, subscribers + 256)), hard))
home = tempfile.mkdtemp(prefix="bench-subscriptions-")
env = dict(os.environ, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")


def start_serve():
    serve = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", home + "/data", "--max-connections-per-ip", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = serve.stdout.readline().strip()
    assert line.startswith("listening on "), line
    return serve, line[len("listening on "):]


def post(url, query, variables=None, token=None):
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = token
    with urllib.request.urlopen(urllib.request.Request(url, body, headers)) as answer:
        return json.loads(answer.read())


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


async def fan_out(url, token):
    ws_url = url.replace("http://", "ws://")
    sockets = []
    for index in range(subscribers):
        socket = await websockets.connect(ws_url, subprotocols=["graphql-transport-ws"], max_queue=None,
                                          ping_interval=None, open_timeout=60)
        await socket.send('{"type":"connection_init","payload":{}}')
        sockets.append(socket)
    for socket in sockets:
        assert json.loads(await socket.recv())["type"] == "connection_ack"
        await socket.send('{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}')
    loop = asyncio.get_running_loop()
    # Subscriptions start on tasks of their own: book and cancel until every socket has seen one.
    async def first_event(socket):
        json.loads(await socket.recv())
    pending = [asyncio.ensure_future(first_event(s)) for s in sockets]
    while True:
        await loop.run_in_executor(None, post, url, 'mutation { bookTrips(launchIds: ["1"]) { success } }', None, token)
        await loop.run_in_executor(None, post, url, 'mutation { cancelTrip(launchId: "1") { success } }', None, token)
        done, _ = await asyncio.wait(pending, timeout=1)
        if all(task.done() for task in pending):
            break
    # Drain what the warm-up left (each saw one or two events), all sockets at once.
    async def drain(socket):
        try:
            while True:
                await asyncio.wait_for(socket.recv(), 0.5)
        except asyncio.TimeoutError:
            pass
    await asyncio.gather(*(drain(s) for s in sockets))
    print(f"  {len(sockets)} subscribed", flush=True)
    return sockets


async def measure(url, token, serve):
    sockets = await fan_out(url, token)
    rss = rss_mib(serve.pid)
    latencies = []
    loop = asyncio.get_running_loop()
    for number in range(bookings):
        launch = str(100 + number // 2)
        query = (f'mutation {{ bookTrips(launchIds: ["{launch}"]) {{ success }} }}' if number % 2 == 0
                 else f'mutation {{ cancelTrip(launchId: "{launch}") {{ success }} }}')
        receivers = [asyncio.ensure_future(s.recv()) for s in sockets]
        started = time.perf_counter()
        await loop.run_in_executor(None, post, url, query, None, token)
        last = 0.0
        for receiver in asyncio.as_completed(receivers):
            await receiver
            last = time.perf_counter()
        latencies.append((last - started) * 1000)
    for socket in sockets:
        await socket.close()
    return rss, latencies


def fan_out_figures():
    serve, url = start_serve()
    try:
        token = post(url, 'mutation { login(email: "bench@example.com") { token } }')["data"]["login"]["token"]
        rss_before = rss_mib(serve.pid)
        rss, latencies = asyncio.run(measure(url, token, serve))
        print(f"{subscribers} graphql-transport-ws subscribers, {bookings} bookings/cancellations:")
        print(f"  commit -> last subscriber's next: p50 {percentile(latencies, 0.5):.1f} ms, "
              f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms (target p99 <= 100 ms)")
        print(f"  serve RSS: {rss_before:.1f} MiB before, {rss:.1f} MiB with {subscribers} open (target <= 100 MB)")
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


fan_out_figures()
idle_figures()
