#!/usr/bin/env python3
"""Repeats the hardening issue's attacks on `larder serve` and `larder index`, as a hostile
client and a careless operator would, and prints tried / passed per group.

Loopback only, bounded in count and time (about a minute in all). Standard library only.

    Tests/Attacks/attack.py --larder .build/debug/larder [--markdown]

Exit status: 0 when every attack was answered as the README's reliability section says, 1 when
any was not (the failing attacks are listed), 2 on a setup failure.
"""

import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "Data", "recipes")
HOSTILE_NUMBERS = [
    "-1", "0", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "18446744073709551616", "99999999999999999999999", "", "ten",
    "1e3", "%20",
]


class Results:
    """Tried / passed counts per group, and what failed."""

    def __init__(self):
        self.groups = {}
        self.order = []
        self.failures = []

    def check(self, group, ok, what):
        if group not in self.groups:
            self.groups[group] = [0, 0]
            self.order.append(group)
        self.groups[group][0] += 1
        if ok:
            self.groups[group][1] += 1
        else:
            self.failures.append(f"{group}: {what}")

    def table(self, markdown):
        lines = []
        if markdown:
            lines += ["| attack group | tried | passed |", "|---|---|---|"]
            lines += [f"| {g} | {t} | {p} |" for g in self.order for t, p in [self.groups[g]]]
        else:
            lines += [f"{g:<52} {t:>5} tried {p:>5} passed" for g in self.order
                      for t, p in [self.groups[g]]]
        return "\n".join(lines)


class Server:
    """A `larder serve` on a free loopback port with short timeouts."""

    def __init__(self, larder, index, user_data, extra=()):
        self.process = subprocess.Popen(
            [larder, "serve", "--index", index, "--user-data", user_data, "--port", "0",
             "--idle-timeout", "2", "--header-timeout", "2", "--body-timeout", "2", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = None
        self.token = None
        deadline = time.time() + 60
        while time.time() < deadline and self.port is None:
            line = self.process.stdout.readline()
            if not line:
                break
            if "Larder is serving" in line:
                self.port = int(line.rsplit(":", 1)[1].strip().strip("/"))
        # The token line follows the serving line on a first start.
        line = self.process.stdout.readline()
        if "#token=" in line:
            self.token = line.strip().rsplit("#token=", 1)[1]
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        if self.port is None:
            raise RuntimeError("larder serve did not start")

    def alive(self):
        return self.process.poll() is None

    def request(self, method, path, body=None, headers=None, timeout=10):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return response.status, dict(response.getheaders()), data
        finally:
            connection.close()

    def raw(self, payload, timeout=6):
        """Sends raw bytes, returns what came back before the server closed (or the timeout)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as s:
            s.sendall(payload)
            chunks = []
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
            except socket.timeout:
                return b"".join(chunks), False
            return b"".join(chunks), True

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def is_json_error(data):
    try:
        return "error" in json.loads(data)
    except ValueError:
        return False


def run(larder, *args, stdin=None, timeout=60):
    return subprocess.run([larder, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def attack_numbers(results, server):
    group = "hostile numbers in query parameters and cursors"
    templates = [
        "/v1/suggest?q=gar&limit={}", "/v1/recipes?with=garlic&limit={}",
        "/v1/recipes?with=garlic&maxMinutes={}", "/v1/search?q=lamb&limit={}",
        "/v1/categories/Beef/recipes?limit={}", "/v1/areas/Indian/recipes?limit={}",
        "/v1/random?count={}", "/v1/random?seed={}", "/v1/search?q=lamb&cursor=o{}",
        "/v1/categories/Beef/recipes?cursor=o{}", "/v1/areas/Indian/recipes?cursor=o{}",
        "/v1/recipes?with=garlic&cursor=i{}", "/v1/recipes?with=garlic&sort=title&cursor=o{}",
    ]
    for template in templates:
        for number in HOSTILE_NUMBERS:
            path = template.format(number)
            status, _, data = server.request("GET", path)
            results.check(group, status in (200, 400) and server.alive()
                          and (status == 200 or is_json_error(data)), f"{path} -> {status}")
    for field in ["limit", "maxMissing"]:
        for value in ["-1", "9223372036854775808", "1e999", "\"3\"", "null"]:
            body = '{"have":["egg"],"%s":%s}' % (field, value)
            status, _, data = server.request("POST", "/v1/pantry/match", body,
                                             {"Content-Type": "application/json"})
            results.check(group, status in (200, 400) and server.alive(), f"{body} -> {status}")


def attack_cli_numbers(results, larder, index):
    group = "hostile numbers in CLI options"
    cases = [
        (["suggest", "tom"], "--limit"), (["find", "--with", "garlic"], "--limit"),
        (["find", "--with", "garlic"], "--offset"), (["random"], "--count"),
        (["random"], "--seed"), (["search", "lamb"], "--limit"),
        (["categories", "Beef"], "--offset"), (["pantry", "--have", "egg"], "--max-missing"),
    ]
    for words, option in cases:
        for number in ["-1", "-9223372036854775809", "18446744073709551616", "", "x"]:
            outcome = run(larder, *words, f"{option}={number}", "--index", index)
            results.check(group, outcome.returncode == 64 and option in outcome.stderr,
                          f"{words} {option}={number} -> {outcome.returncode}")


def attack_index_inputs(results, larder, work):
    group = "index from streams; builds that index nothing"
    corpus = os.path.join(DATA, "a-meat-and-seafood.jsonl")
    with open(corpus, encoding="utf-8") as f:
        text = f.read()
    expected = len([line for line in text.splitlines() if line.strip()])
    index = os.path.join(work, "streams.sqlite")

    def count():
        info = run(larder, "info", "--index", index, "--json")
        try:
            return json.loads(info.stdout)["recipes"]
        except (ValueError, KeyError):
            return None

    for name in ["-", "/dev/stdin"]:
        outcome = run(larder, "index", name, "--output", index, "--quiet", stdin=text)
        results.check(group, outcome.returncode == 0 and count() == expected, f"stdin as {name}")
    fifo = os.path.join(work, "corpus.fifo")
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(text)

    threading.Thread(target=feed, daemon=True).start()
    outcome = run(larder, "index", fifo, "--output", index, "--quiet", timeout=60)
    results.check(group, outcome.returncode == 0 and count() == expected, "FIFO")
    shell = subprocess.run(["bash", "-c", '"$0" index <(cat "$1") --output "$2" --quiet',
                            larder, corpus, index], capture_output=True, timeout=60)
    results.check(group, shell.returncode == 0 and count() == expected, "process substitution")
    with open(index, "rb") as f:
        before = f.read()
    long_line = os.path.join(work, "long.jsonl")
    with open(long_line, "w", encoding="utf-8") as f:
        f.write('{"id":"x","title":"' + "a" * (50 << 20) + '"}\n')
    deep = os.path.join(work, "deep.jsonl")
    with open(deep, "w", encoding="utf-8") as f:
        f.write('{"id":"d","title":"t","x":' + "[" * 100_000 + "]" * 100_000 + "}\n")
    empty_meals = os.path.join(work, "meals.json")
    with open(empty_meals, "w", encoding="utf-8") as f:
        f.write('{"meals": []}')
    for path in [long_line, deep, empty_meals]:
        outcome = run(larder, "index", path, "--output", index, timeout=120)
        with open(index, "rb") as f:
            unchanged = f.read() == before
        results.check(group, outcome.returncode not in (0,) and outcome.returncode > 0
                      and unchanged, f"{os.path.basename(path)} -> {outcome.returncode}")


def attack_record_values(results, larder, work):
    group = "out-of-range and oversized record fields"
    index = os.path.join(work, "values.sqlite")
    good = '{"id":"ok","title":"Fine","ingredients":["2 eggs"]}'
    bad_records = [
        '{"id":"a","title":"t","ingredients":[],"nutrition":{"calories":Infinity}}',
        '{"id":"b","title":"t","ingredients":[],"nutrition":{"calories":1e999}}',
        '{"id":"c","title":"t","ingredients":[],"servings":-4}',
        '{"id":"d","title":"t","ingredients":[],"prepMinutes":-10}',
        '{"id":"e","title":"t","ingredients":[],"nutrition":{"calories":-5}}',
        '{"id":"f","title":"t","ingredients":[{"name":"egg","quantity":-2}]}',
        '{"id":"g","title":"t","ingredients":[{"name":"egg","quantity":[5,1]}]}',
        '{"id":"h","title":"t","ingredients":[],"diets":["carnivore"]}',
        '{"id":"i","title":"t","ingredients":[' + ",".join(['"egg"'] * 200_000) + "]}",
        '{"id":"j","title":"t","ingredients":[],"steps":[' + ",".join(['"stir"'] * 100_000) + "]}",
        '{"id":"k","title":"' + "t" * 200_000 + '","ingredients":[]}',
    ]
    for record in bad_records:
        path = os.path.join(work, "value.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(good + "\n" + record + "\n")
        skipped = run(larder, "index", path, "--output", index, "--json", timeout=120)
        strict = run(larder, "index", path, "--output", index + ".strict", "--strict",
                     timeout=120)
        try:
            summary = json.loads(skipped.stdout)
            ok = summary["recipes"] == 1 and summary["skipped"] == 1
            ok = ok and ":2: " in " ".join(summary.get("errors", []))
        except (ValueError, KeyError):
            ok = False
        results.check(group, ok and strict.returncode != 0 and strict.returncode < 128,
                      f"{record[:60]}")


def attack_paths(results, server):
    group = "percent-encoded path values"
    token = server.token
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for name in ["olive oil", "crème fraîche", "salt/pepper"]:
        status, _, _ = server.request("POST", "/v1/me/pantry", json.dumps({"names": [name]}),
                                      auth)
        quoted = urllib.parse.quote(name, safe="")
        status_delete, _, _ = server.request("DELETE", f"/v1/me/pantry/{quoted}", None, auth)
        # A name that resolves is stored and then removable; one that does not is refused (422).
        results.check(group, (status in (200, 201) and status_delete in (200, 204))
                      or status == 422, f"{name}: add {status} delete {status_delete}")
    for path in ["/v1/categories/Beef%20/recipes", "/v1/areas/Ind%C3%AFan/recipes",
                 "/v1/recipes/a%2Fb", "/v1/recipes/%E2%9C%93"]:
        status, _, data = server.request("GET", path)
        results.check(group, status in (200, 404) and is_json_error(data) == (status == 404),
                      f"{path} -> {status}")


def attack_connections(results, server):
    group = "slow, idle and half-sent connections"
    # Idle: connect and say nothing; the server closes within its 2 s idle/header timeout.
    for payload in [b"", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                    b"POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                    b"application/json\r\nContent-Length: 100\r\n\r\n{\"have\":[\"egg\"]"]:
        started = time.time()
        _, closed = server.raw(payload, timeout=8)
        results.check(group, closed and time.time() - started < 8,
                      f"{payload[:30]!r} closed={closed}")
    # Many idle connections at once are all closed, and the server still answers.
    sockets = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(50)]
    time.sleep(4)
    closed = 0
    for s in sockets:
        s.settimeout(2)
        try:
            closed += s.recv(1) == b""
        except (socket.timeout, ConnectionResetError):
            closed += 0
        s.close()
    results.check(group, closed == 50, f"{closed} of 50 idle connections closed")
    status, _, _ = server.request("GET", "/healthz")
    results.check(group, status == 200, "answers after the idle flood")


def attack_framing(results, server):
    group = "malformed requests answered with the JSON error"
    payloads = [
        b"GARBAGE\r\n\r\n",
        b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"b" * 200_000 + b"\r\n\r\n",
        b"POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
        b"POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        b"BREW /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"DELETE /v1/suggest?q=a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ]
    for payload in payloads:
        data, _ = server.raw(payload, timeout=6)
        head, _, body = data.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n", 1)[0]
        # 4xx, or 501 for a method the server does not implement (RFC 9110, 15.6.2).
        ok = (status_line.startswith(b"HTTP/1.1 4") or status_line.startswith(b"HTTP/1.1 501"))
        ok = ok and is_json_error(body.split(b"\r\n0\r\n")[0]
                                                                       or b"{}")
        if not ok and b"chunked" in head.lower():
            ok = b'"error"' in body
        results.check(group, ok, f"{payload[:40]!r} -> {status_line[:40]!r}")
    status, headers, data = server.request("HEAD", "/v1/suggest?q=gar")
    results.check(group, status == 200 and data == b"", f"HEAD /v1/suggest -> {status}")


def attack_bodies(results, server):
    group = "bad bodies and bad tokens"
    auth = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    cases = [
        ("POST", "/v1/me/grocery", '{"items":[{"name":"flour","quantity":-1,"unit":"cup"}]}',
         auth, 400),
        ("POST", "/v1/me/grocery", '{"items":[{"name":"flour","quantity":1,"unit":"parsec"}]}',
         auth, 422),
        ("POST", "/v1/me/grocery", '{"items":[{"name":""}]}', auth, 400),
        ("PATCH", "/v1/me/grocery", '{"ids":[],"checked":true}', auth, 400),
        ("PATCH", "/v1/me/grocery", '{"ids":[99999999999999999999],"checked":true}', auth, 400),
        ("POST", "/v1/me/grocery", "{not json", auth, 400),
        ("POST", "/v1/me/grocery", '{"items":[]}',
         {"Authorization": auth["Authorization"], "Content-Type": "text/plain"}, 415),
        ("POST", "/v1/pantry/match", '{"have":["egg"]}',
         {"Authorization": "Bearer not-a-token", "Content-Type": "application/json"}, 401),
        ("GET", "/v1/me/favorites", None, {"Authorization": "Bearer nope"}, 401),
        ("GET", "/v1/suggest?q=gar", None, {"Authorization": "Bearer nope"}, 401),
    ]
    for method, path, body, headers, expected in cases:
        status, _, data = server.request(method, path, body, headers)
        results.check(group, status == expected and is_json_error(data),
                      f"{method} {path} {body} -> {status}, expected {expected}")
        if status >= 500:
            results.check(group, False, f"server error on {method} {path}")


def attack_admin(results, server):
    group = "admin reload: authentication and DNS rebinding"
    cases = [
        ({}, (401,)),
        ({"Authorization": f"Bearer {server.token}"}, (403,)),
        ({"Host": "evil.example", "Origin": "http://evil.example"}, (421, 403, 401)),
        ({"Host": "evil.example", "Authorization": f"Bearer {server.token}"}, (421,)),
    ]
    for headers, expected in cases:
        status, _, data = server.request("POST", "/v1/admin/reload", "", headers)
        results.check(group, status in expected and is_json_error(data),
                      f"{headers} -> {status}")


def attack_file_modes(results, user_data):
    group = "user data file permissions"
    folder = os.stat(user_data)
    results.check(group, stat.S_IMODE(folder.st_mode) == 0o700,
                  f"folder {oct(stat.S_IMODE(folder.st_mode))}")
    for name in os.listdir(user_data):
        if name.startswith("user.sqlite"):
            mode = stat.S_IMODE(os.stat(os.path.join(user_data, name)).st_mode)
            results.check(group, mode == 0o600, f"{name} {oct(mode)}")


def attack_generation(results, larder, work):
    group = "index rebuilt in place while served"
    index = os.path.join(work, "served.sqlite")
    user_data = os.path.join(work, "generation-user")
    run(larder, "index", os.path.join(DATA, "a-meat-and-seafood.jsonl"), "--output", index,
        "--quiet")
    admin = run(larder, "profile", "create", "ops", "--role", "admin", "--user-data", user_data,
                "--json")
    admin_token = json.loads(admin.stdout)["token"]
    server = Server(larder, index, user_data)
    try:
        paths = ["/v1/categories/Beef/recipes?limit=100", "/v1/recipes?with=garlic&limit=100",
                 "/v1/search?q=chicken&limit=50", "/v1/recipes/a-beef-rendang"]
        # Open several readers first, so the pool holds more than one connection.
        before = {p: server.request("GET", p)[2] for p in paths}
        run(larder, "index", os.path.join(DATA, "c-vegetarian-and-more.jsonl"), "--output", index,
            "--quiet")
        # Concurrent clients make the server open more readers than it had before the rebuild.
        answers = []

        def client():
            for path in paths * 3:
                status, _, data = server.request("GET", path)
                answers.append((path, status, data))

        threads = [threading.Thread(target=client) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        for path, status, data in answers:
            results.check(group, (status == 200 and data == before[path]) or status == 503,
                          f"{path} -> {status}, same answer: {data == before[path]}")
        status, _, _ = server.request("POST", "/v1/admin/reload", "",
                                      {"Authorization": f"Bearer {admin_token}"})
        results.check(group, status == 200, f"reload -> {status}")
        status, _, data = server.request("GET", "/v1/categories/Vegetarian/recipes")
        results.check(group, status == 200 and json.loads(data).get("count", 0) > 0,
                      "new generation after reload")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--larder", default=os.path.join(ROOT, ".build", "debug", "larder"))
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    larder = os.path.abspath(args.larder)
    work = tempfile.mkdtemp(prefix="larder-attack-")
    results = Results()
    started = time.time()
    try:
        index = os.path.join(work, "index.sqlite")
        built = run(larder, "index", *sorted(os.path.join(DATA, f) for f in os.listdir(DATA)),
                    "--output", index, "--quiet")
        if built.returncode != 0:
            print(built.stderr, file=sys.stderr)
            return 2
        user_data = os.path.join(work, "user")
        server = Server(larder, index, user_data)
        try:
            attack_numbers(results, server)
            attack_paths(results, server)
            attack_bodies(results, server)
            attack_admin(results, server)
            attack_framing(results, server)
            attack_connections(results, server)
            results.check("server still up after every HTTP attack", server.alive(),
                          "larder serve exited")
        finally:
            server.stop()
        attack_file_modes(results, user_data)
        attack_cli_numbers(results, larder, index)
        attack_index_inputs(results, larder, work)
        attack_record_values(results, larder, work)
        attack_generation(results, larder, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(results.table(args.markdown))
    tried = sum(t for t, _ in results.groups.values())
    passed = sum(p for _, p in results.groups.values())
    print(f"{passed} passed, {tried - passed} failed ({time.time() - started:.0f} s)")
    for failure in results.failures[:40]:
        print("  FAILED " + failure)
    return 0 if passed == tried else 1


if __name__ == "__main__":
    sys.exit(main())
