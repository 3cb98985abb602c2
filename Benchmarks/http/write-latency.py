#!/usr/bin/env python3
"""Recipe writes over HTTP and through `larder add` (issue 17's targets), on one index.

    Benchmarks/http/write-latency.py --larder .build/release/larder --index i.sqlite \
        [--writes 300] [--bulk 9000] [--visible 5]

Copies INDEX (a 100k synthetic index: `larder generate --recipes 100000 --seed 42` then
`larder index`), creates an admin profile, starts `larder serve` on loopback and sends:
- WRITES single-recipe PUTs one after another on one keep-alive connection (half new ids, half
  replacing recipes of the index), timing each until its answer (the answer comes only after
  the write is durable): p50 / p99 / max;
- VISIBLE of those followed at once by a GET of the written recipe, then a GET /v1/recipes with
  its first ingredient, then a GET /v1/suggest of that ingredient's first letters, each timed
  (the first reads after a write: the view, its merge structures, its ingredient tables);
- one POST /v1/recipes of BULK new recipes as NDJSON: recipes/s, answer included.
Then, on a fresh copy of the index, `larder add FILE --index COPY` of the same BULK recipes as
a whole process: recipes/s. BULK stays under the automatic compaction size (10,000 at 100k) so
no compaction is timed with it. Bounded: every request has a 600 s timeout; the server is
stopped at the end.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from urllib.parse import quote


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--larder", required=True)
    parser.add_argument("--index", required=True)
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--bulk", type=int, default=9000)
    parser.add_argument("--visible", type=int, default=5)
    args = parser.parse_args()
    larder = os.path.realpath(args.larder)
    work = tempfile.mkdtemp(prefix="larder-writes-")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"))
    server = None
    try:
        index = os.path.join(work, "index.sqlite")
        shutil.copy(args.index, index)
        corpus = os.path.join(work, "generated.jsonl")
        subprocess.run(
            [larder, "generate", "--recipes", str(args.writes + args.bulk), "--seed", "7",
             "--output", corpus], check=True, capture_output=True)
        records = [json.loads(line) for line in open(corpus)]
        singles, bulk = records[: args.writes], records[args.writes:]
        for k, record in enumerate(singles):
            # Even: a new id; odd: replaces recipe k of the index (ids are 1...N there).
            record["id"] = f"w-{k}" if k % 2 == 0 else str(k)
        for k, record in enumerate(bulk):
            record["id"] = f"bulk-{k}"
        bulk_file = os.path.join(work, "bulk.jsonl")
        with open(bulk_file, "w") as out:
            for record in bulk:
                out.write(json.dumps(record) + "\n")
        created = subprocess.run(
            [larder, "profile", "create", "ops", "--role", "admin", "--json"], env=env,
            check=True, capture_output=True, text=True)
        token = json.loads(created.stdout)["token"]
        log = open(os.path.join(work, "serve.out"), "w+")
        server = subprocess.Popen(
            [larder, "serve", "--index", index, "--port", "0"], env=env, stdout=log,
            stderr=subprocess.DEVNULL)
        port = None
        for _ in range(6000):
            log.seek(0)
            found = re.search(r"http://127\.0\.0\.1:([0-9]+)", log.read())
            if found:
                port = int(found.group(1))
                break
            time.sleep(0.1)
        assert port, "the server did not start"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

        def exchange(method, path, body=None, extra=None):
            started = time.perf_counter()
            connection.request(method, path, body=body, headers=dict(headers, **(extra or {})))
            response = connection.getresponse()
            response.read()
            return response.status, (time.perf_counter() - started) * 1000

        ack, visible, found, suggested = [], [], [], []
        for k, record in enumerate(singles):
            status, ms = exchange("PUT", f"/v1/recipes/{record['id']}", json.dumps(record))
            assert status in (200, 201), status
            ack.append(ms)
            if k < args.visible:
                status, ms = exchange("GET", f"/v1/recipes/{record['id']}")
                assert status == 200, status
                visible.append(ms)
                # Then the first all-of and the first suggestion after the write: recipes
                # with its first ingredient (counts and pages over the write), and that
                # ingredient's first letters (suggestion counts over the write).
                name = quote(record["ingredients"][0]["name"])
                status, ms = exchange("GET", f"/v1/recipes?with={name}&limit=5")
                assert status in (200, 422), status
                found.append(ms)
                status, ms = exchange("GET", f"/v1/suggest?q={name[:3]}")
                assert status == 200, status
                suggested.append(ms)
        body = "".join(json.dumps(record) + "\n" for record in bulk).encode()
        status, bulk_ms = exchange(
            "POST", "/v1/recipes", body, {"Content-Type": "application/x-ndjson"})
        assert status == 200, status
        server.terminate()
        server.wait(timeout=60)
        server = None

        fresh = os.path.join(work, "fresh.sqlite")
        shutil.copy(args.index, fresh)
        started = time.perf_counter()
        subprocess.run([larder, "add", bulk_file, "--index", fresh], check=True,
                       capture_output=True)
        add_s = time.perf_counter() - started

        def q(values, p):
            values = sorted(values)
            return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]

        print(f"| what | figure |\n|---|---|")
        print(f"| PUT one recipe, acknowledged (durable), {len(ack)} writes | p50 {q(ack, 0.5):.2f} ms, "
              f"p99 {q(ack, 0.99):.2f} ms, max {max(ack):.2f} ms |")
        print(f"| GET of the written recipe right after its PUT ({len(visible)}) | "
              f"median {statistics.median(visible):.1f} ms, max {max(visible):.1f} ms |")
        print(f"| then GET /v1/recipes?with=its first ingredient ({len(found)}) | "
              f"median {statistics.median(found):.1f} ms, max {max(found):.1f} ms |")
        print(f"| then GET /v1/suggest of that ingredient's first letters ({len(suggested)}) | "
              f"median {statistics.median(suggested):.1f} ms, max {max(suggested):.1f} ms |")
        print(f"| POST /v1/recipes, {len(bulk)} recipes NDJSON ({len(body) / 1e6:.1f} MB) | "
              f"{bulk_ms / 1000:.2f} s, {len(bulk) / (bulk_ms / 1000):,.0f} recipes/s |")
        print(f"| larder add, {len(bulk)} recipes, whole process (open included) | "
              f"{add_s:.2f} s, {len(bulk) / add_s:,.0f} recipes/s |")
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
