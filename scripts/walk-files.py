#!/usr/bin/env python3
"""Counts the Sources/ files that run for one request: a LaunchList POST through `serve`, and
`book 5` typed in the shell. It builds rocket-reserver with LLVM coverage, runs each scenario with
and without the request (twice each), and counts the files whose execution counts the request
changed in both pairs, leaving out files that differ between two runs without it (timers,
background threads). Usage: scripts/walk-files.py [--list]   (make walk)"""

import json, os, pty, select, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(tempfile.gettempdir(), "rocket-reserver-coverage")
TOOLS = os.path.dirname(os.path.realpath(shutil.which("swift")))
LAUNCH_LIST = open(os.path.join(ROOT, "Operations/LaunchList.graphql")).read()


def build():
    subprocess.run(["swift", "build", "--build-path", BUILD, "--product", "rocket-reserver",
                    "-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(BUILD, "debug", "rocket-reserver")


def post(url, body):
    subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", "Content-Type: application/json",
                    "-d", json.dumps(body), url], check=True)


def serve_run(binary, profile, requests):
    data = tempfile.mkdtemp()
    env = dict(os.environ, LLVM_PROFILE_FILE=profile)
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = proc.stdout.readline()
    url = line.split()[-1]
    for _ in range(2):
        post(url, {"query": "{ __typename }"})
    for _ in range(requests):
        post(url, {"query": LAUNCH_LIST, "variables": {"pageSize": 3}})
    proc.send_signal(2)
    proc.wait(timeout=60)


def shell_run(binary, profile, lines):
    home = tempfile.mkdtemp()
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=home, LLVM_PROFILE_FILE=profile, TERM="xterm", NO_IMAGES="1")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary], env)
    pending = b""

    def prompt():
        nonlocal pending
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if select.select([fd], [], [], 0.5)[0]:
                pending += os.read(fd, 65536)
                if pending.endswith(b"> "):
                    pending = b""
                    return
        raise SystemExit("the shell printed no prompt")

    prompt()
    for line in lines + ["exit"]:
        os.write(fd, (line + "\r").encode())
        if line != "exit":
            prompt()
    os.waitpid(pid, 0)


def file_counts(binary, raw):
    merged = raw + ".profdata"
    subprocess.run([os.path.join(TOOLS, "llvm-profdata"), "merge", "-o", merged, raw], check=True)
    export = subprocess.run([os.path.join(TOOLS, "llvm-cov"), "export", "--format=text",
                             "--skip-expansions", "--skip-functions", "-instr-profile", merged, binary],
                            check=True, capture_output=True, text=True).stdout
    counts = {}
    for entry in json.loads(export)["data"][0]["files"]:
        name = entry["filename"]
        if "/Sources/" in name:
            counts[name.split("/Sources/", 1)[1]] = sum(s[2] for s in entry["segments"] if s[3] and s[4])
    return counts


def touched(binary, run, without, with_request):
    work = tempfile.mkdtemp()
    runs = {}
    for name, argument in [("a1", without), ("a2", without), ("b1", with_request), ("b2", with_request)]:
        raw = os.path.join(work, name + ".profraw")
        run(binary, raw, argument)
        runs[name] = file_counts(binary, raw)
    a1, a2, b1, b2 = (runs[n] for n in ["a1", "a2", "b1", "b2"])
    noise = {f for f in a1 if a1[f] != a2.get(f)}
    return sorted(f for f in b1 if b1[f] != a1.get(f) and b2.get(f) != a2.get(f) and f not in noise)


def main():
    binary = build()
    walks = [
        ("a LaunchList POST through serve, first time (parsed and validated)",
         touched(binary, serve_run, 0, 1)),
        ("a LaunchList POST through serve, again (document cache hit)",
         touched(binary, serve_run, 1, 2)),
        ("`book 5` in the shell, logged in",
         touched(binary, shell_run, ["login walk@example.com", "trips"],
                 ["login walk@example.com", "trips", "book 5"])),
    ]
    for title, files in walks:
        rules = sum(1 for f in files if "/Validation/Rules/" in f)
        print(f"{len(files):4} files ({rules} of them validation rules): {title}")
        if "--list" in sys.argv:
            for f in files:
                print("       " + f)


main()
