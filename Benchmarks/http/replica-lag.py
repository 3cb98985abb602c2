#!/usr/bin/env python3
"""Cross-replica lag of recipe writes (issue 18), through a running cluster
(`scripts/cluster.sh up 2`, its last line of output as the first argument): N PUTs of a new
recipe through replica a, one at a time; after each acknowledgement, replica b's
`GET /v1/recipes/ID` is polled every 2 ms until it answers 200. Prints p50/p99 of a's
acknowledgement and of b's first 200 after it (which includes the view build b's first read
after a write pays). Bounded: 20 s per write.

    JSON=$(scripts/cluster.sh up 2 --index i100k.sqlite | tail -1)
    Benchmarks/http/replica-lag.py "$JSON" 40
"""
import json, sys, time, http.client, urllib.parse, random, statistics
c = json.loads(sys.argv[1]); n = int(sys.argv[2])
a = urllib.parse.urlparse(c["replicas"][0]); b = urllib.parse.urlparse(c["replicas"][1])
tok = c["adminToken"]
ca = http.client.HTTPConnection(a.hostname, a.port, timeout=30)
cb = http.client.HTTPConnection(b.hostname, b.port, timeout=30)
def req(conn, m, p, body=None, h={}):
    conn.request(m, p, body=body, headers=h); r = conn.getresponse(); d = r.read(); return r.status, d
applied=[]; answered=[]; acks=[]
for i in range(n):
    rid = f"lag-{int(time.time()*1000)}-{i}"
    rec = {"id": rid, "title": f"Lag test stew {i}", "category": "Beef", "area": "British",
           "ingredients": [{"name": "beef"}, {"name": "onion"}, {"name": "carrot"}], "instructions": "Cook it."}
    t0 = time.perf_counter()
    s, d = req(ca, "PUT", f"/v1/recipes/{rid}", json.dumps(rec).encode(), {"Authorization": "Bearer " + tok, "Content-Type": "application/json"})
    t1 = time.perf_counter(); acks.append((t1-t0)*1000)
    assert s in (200, 201), (s, d[:300])
    while True:
        s2, _ = req(cb, "GET", f"/v1/recipes/{rid}")
        if s2 == 200: break
        if time.perf_counter() - t1 > 20: raise SystemExit("b never answered")
        time.sleep(0.002)
    answered.append((time.perf_counter()-t1)*1000)
    # a query that needs the snapshot on b: all-of that must include the new recipe's count
    time.sleep(0.05)
q = lambda xs, p: sorted(xs)[min(len(xs)-1, int(round(p*(len(xs)-1))))]
print(f"PUT through replica a acknowledged: p50 {q(acks,.5):.1f} ms, p99 {q(acks,.99):.1f} ms (n {n})")
print(f"GET /v1/recipes/ID answered 200 by replica b after a's acknowledgement: p50 {q(answered,.5):.1f} ms, p99 {q(answered,.99):.1f} ms, max {max(answered):.1f} ms")
