#!/usr/bin/env python3
"""Keystroke replay over HTTP: one client on one keep-alive connection sends
GET /v1/suggest?q=PREFIX&limit=10 for every line of a keystroke file, in order, as a typing
user's front end does, and prints p50 / p99 / max of the per-request round trip (client time
included, so the figures are an upper bound on the server's). Each keystroke is sent once: the
server's suggest cache is cold for every new prefix.

    larder baseline --index I --write-keystrokes /tmp/keys.txt
    Benchmarks/http/replay-keystrokes.py http://127.0.0.1:PORT /tmp/keys.txt
"""
import http.client
import sys
import time
import urllib.parse


def main() -> None:
    base, path = sys.argv[1], sys.argv[2]
    host = urllib.parse.urlparse(base).netloc
    keys = [line.rstrip("\n") for line in open(path, encoding="utf-8") if line.strip()]
    connection = http.client.HTTPConnection(host)
    times = []
    failures = 0
    for key in keys:
        start = time.perf_counter_ns()
        connection.request("GET", "/v1/suggest?limit=10&q=" + urllib.parse.quote(key))
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter_ns() - start) / 1000)
        failures += response.status != 200
    times.sort()
    def pick(p: float) -> float:
        return times[min(len(times) - 1, max(0, int(-(-p * len(times) // 100)) - 1))]
    print(f"keystrokes {len(times)}  non-200 {failures}  "
          f"p50 {pick(50):.0f} µs  p99 {pick(99):.0f} µs  max {times[-1]:.0f} µs")


if __name__ == "__main__":
    main()
