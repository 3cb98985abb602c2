#!/usr/bin/env python3
"""The figures behind README's "At 10 and 100 replicas" (issue 18), from a real cluster on
loopback (`scripts/cluster.sh up 2`: PostgreSQL 15, 2 replicas, nginx):

1. PostgreSQL connections per replica, counted in `pg_stat_activity`: idle, and at most
   during a bounded burst of user-state writes through nginx (CLIENTS threads, SECONDS s);
2. change-log bytes per change, from real rows: every recipe of `Data/recipes/*.jsonl` (315
   real recipes in the project's words) written with one `PUT /v1/recipes/{id}` each through a
   replica, then the sums `larder change-log status` prints (the JSON column as stored, and
   the table with its index), read with psql;
3. catch-up rate: the log grown to CHANGES changes (the same real rows appended again by
   SQL), a third replica started on the original index file (it holds none of the log): the
   changes per second it applies, from its `/readyz` (`changeLog.applied`, polled every 50 ms)
   between its first answer and its first 200.

Prints one markdown table. Every wait and load is bounded; the cluster is stopped at exit.

    LARDER_BIN=.build/debug/larder Benchmarks/http/change-log-figures.py [CHANGES] [CLIENTS] [SECONDS]
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LARDER = os.environ.get("LARDER_BIN", os.path.join(REPO, ".build/debug/larder"))
PSQL = "/usr/lib/postgresql/15/bin/psql"
CHANGES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
CLIENTS = int(sys.argv[2]) if len(sys.argv) > 2 else 64
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0


def http(method, url, body=None, token=None, timeout=30):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def psql(url, sql):
    return subprocess.run(
        [PSQL, "-d", url, "-v", "ON_ERROR_STOP=1", "-q", "-At", "-c", sql],
        check=True, capture_output=True, text=True).stdout.strip()


def connections(url):
    return int(psql(url, "SELECT count(*) FROM pg_stat_activity WHERE datname = 'larder' "
                         "AND pid <> pg_backend_pid()"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    work = tempfile.mkdtemp(prefix="larder-figures.")
    # mkdtemp makes it 0700: PostgreSQL runs as its own user and must reach its data folder.
    os.chmod(work, 0o755)
    env = dict(os.environ, LARDER_CLUSTER_DIR=os.path.join(work, "cluster"), LARDER_BIN=LARDER)
    cluster_sh = os.path.join(REPO, "scripts/cluster.sh")
    extra = None
    try:
        up = subprocess.run([cluster_sh, "up", "2"], env=env, capture_output=True, text=True,
                            timeout=600)
        if up.returncode != 0:
            sys.exit("cluster.sh up failed: " + up.stderr)
        cluster = json.loads(up.stdout.strip().splitlines()[-1])
        pg, token, balancer = cluster["postgres"], cluster["adminToken"], cluster["balancer"]
        a = cluster["replicas"][0]
        rows = []

        # 1. Connections: idle, then the most seen during a burst of user-state writes.
        time.sleep(1)
        idle = connections(pg)
        most = [idle]
        stop = time.monotonic() + SECONDS
        done = [0, 0]
        lock = threading.Lock()

        def writer():
            n = 0
            while time.monotonic() < stop and n < 2000:
                status, _ = http("POST", balancer + "/v1/me/grocery",
                                 {"items": [{"name": "2 cups flour"}]}, token, timeout=10)
                with lock:
                    done[0 if status == 201 else 1] += 1
                n += 1

        threads = [threading.Thread(target=writer) for _ in range(CLIENTS)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            most.append(connections(pg))
            time.sleep(0.1)
        rows.append(("PostgreSQL connections, 2 replicas idle (pool, readiness check, LISTEN)",
                     f"{idle} ({idle / 2:.0f} per replica)"))
        rows.append((f"... most seen during {SECONDS:.0f} s of grocery writes from {CLIENTS} "
                     f"clients through nginx ({done[0]} written, {done[1]} failed)",
                     f"{max(most)} ({max(most) / 2:.1f} per replica)"))

        # 2. Bytes per change from real rows: one PUT per recipe.
        records = []
        for name in sorted(os.listdir(os.path.join(REPO, "Data/recipes"))):
            with open(os.path.join(REPO, "Data/recipes", name)) as f:
                records += [json.loads(line) for line in f if line.strip()]
        started = time.monotonic()
        for record in records:
            status, body = http("PUT", a + "/v1/recipes/" + record["id"], record, token)
            if status not in (200, 201):
                sys.exit(f"PUT {record['id']}: {status} {body[:200]!r}")
        put_seconds = time.monotonic() - started
        # The same sums `larder change-log status` prints, read by psql so that a binary
        # without that command (an older release build) can be measured too.
        changes, change_bytes, table_bytes = (int(v) for v in psql(
            pg, "SELECT count(*), sum(pg_column_size(change)), "
                "pg_total_relation_size('recipe_changes') FROM recipe_changes").split("|"))
        rows.append((f"change-log bytes per change ({changes} single-recipe PUTs of "
                     "the embedded corpus): JSON column as stored / table with its index",
                     f"{change_bytes / changes:,.0f} / {table_bytes / changes:,.0f} B"))
        rows.append(("PUTs through one replica, one at a time (each: log commit, NOTIFY, "
                     "local apply)", f"{len(records) / put_seconds:,.0f} /s"))

        # 3. Catch-up: the log grown to CHANGES changes with the same rows, a fresh replica.
        while True:
            head = int(psql(pg, "SELECT max(seq) FROM recipe_changes"))
            if head >= CHANGES:
                break
            psql(pg, "INSERT INTO recipe_changes(change) SELECT change FROM recipe_changes "
                     f"ORDER BY seq LIMIT {CHANGES - head}")
        head = int(psql(pg, "SELECT max(seq) FROM recipe_changes"))
        folder = os.path.join(work, "catch-up")
        os.makedirs(folder)
        index = os.path.join(folder, "index.sqlite")
        subprocess.run(["cp", os.path.join(work, "cluster/cache/larder/default-index.sqlite"),
                        index], check=True)
        port = free_port()
        log = open(os.path.join(folder, "log"), "w")
        extra = subprocess.Popen(
            [LARDER, "serve", "--index", index, "--port", str(port), "--postgres", pg],
            stdout=log, stderr=subprocess.STDOUT,
            env=dict(os.environ, XDG_DATA_HOME=folder, XDG_CACHE_HOME=folder))
        launched = time.monotonic()
        samples = []
        deadline = launched + 900
        ready = None
        while time.monotonic() < deadline:
            try:
                code, body = http("GET", f"http://127.0.0.1:{port}/readyz", timeout=5)
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                time.sleep(0.05)
                continue
            applied = json.loads(body).get("changeLog", {}).get("applied", 0)
            samples.append((time.monotonic(), applied))
            if code == 200:
                ready = samples[-1]
                break
            time.sleep(0.05)
        if ready is None:
            sys.exit(f"the catching-up replica was not ready within 900 s: {samples[-1:]}")
        first = samples[0]
        rate = (ready[1] - first[1]) / max(ready[0] - first[0], 1e-9)
        rows.append((f"catch-up of a replica started on the original index ({head} changes "
                     "in the log): changes applied per second, first /readyz answer to ready",
                     f"{rate:,.0f} /s ({ready[1] - first[1]} in {ready[0] - first[0]:.1f} s; "
                     f"start to ready {ready[0] - launched:.1f} s)"))
        print("| measured | value |\n|---|---|")
        for what, value in rows:
            print(f"| {what} | {value} |")
        print(f"\n(LARDER_BIN={LARDER}; load average {os.getloadavg()[0]:.1f} at the end; "
              f"nproc {os.cpu_count()})")
    finally:
        if extra is not None:
            extra.terminate()
            try:
                extra.wait(timeout=15)
            except subprocess.TimeoutExpired:
                extra.kill()
        subprocess.run([cluster_sh, "down"], env=env, capture_output=True, timeout=120)
        subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
