"""What the Python benchmarks measure of a running process, and how they ask `serve` a question."""

import json, os, urllib.request


def post(url, query, variables=None, token=None):
    """POSTs one GraphQL request and returns the decoded answer."""
    body = {"query": query}
    if variables is not None:
        body["variables"] = variables
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = token
    with urllib.request.urlopen(urllib.request.Request(url, json.dumps(body).encode(), headers)) as answer:
        return json.loads(answer.read())


def rss_mib(pid):
    """The process's resident set in MiB, from /proc."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    """User plus system CPU the process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, fraction):
    """The nearest-rank percentile of values (fraction in 0...1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]
