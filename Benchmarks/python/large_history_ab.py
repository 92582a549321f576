#!/usr/bin/env python3
"""Interleaved A/B of two `coins` binaries on one portfolio file, for a change to the large histories.

Usage: large_history_ab.py <coins A> <coins B> <portfolio.json> <rounds> [command ...]
(commands default to "gains", "history --json", "list"). Checks first that both print the same
bytes, then runs each command with both binaries in a random order, round after round, and
prints the medians of wall-clock and CPU time and the median of the per-round ratio B ÷ A.
Make the portfolio with large_history.py and `coins portfolio import`. Standard library only.
"""
import os, resource, statistics, subprocess, sys, time, random, hashlib
a, b, file, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
cmds = sys.argv[5:] or ["gains", "history --json", "list"]
home = os.path.join(os.path.dirname(os.path.abspath(file)), "ab-home"); os.makedirs(home, exist_ok=True)
env = {"HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data",
       "PATH": "/usr/bin:/bin", "TZ": "UTC", "COLUMNS": "120",
       "COINGECKO_BASE_URL": "http://127.0.0.1:9/api/v3"}
def run(binary, cmd, out=subprocess.DEVNULL):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run([binary, "portfolio"] + cmd.split() + ["--file", file], env=env,
                       stdout=out, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0 or p.stderr: raise SystemExit(f"{binary} {cmd}: {p.returncode} {p.stderr[:300]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
# same bytes?
for cmd in cmds:
    outs = []
    for binary in (a, b):
        p = subprocess.run([binary, "portfolio"] + cmd.split() + ["--file", file], env=env, capture_output=True)
        outs.append(hashlib.sha256(p.stdout).hexdigest())
    print(f"{cmd}: outputs {'identical' if outs[0] == outs[1] else 'DIFFER'}")
samples = {(l, c): [] for l in "AB" for c in cmds}
for r in range(rounds + 1):
    for cmd in cmds:
        order = [("A", a), ("B", b)]
        random.shuffle(order)
        for label, binary in order:
            s = run(binary, cmd)
            if r: samples[label, cmd].append(s)
print(f"{rounds} rounds after a warm-up, load {open('/proc/loadavg').read().split()[:3]}")
print("| command | A wall | B wall | B÷A wall (median of rounds) | A CPU | B CPU |")
print("|---|---:|---:|---:|---:|---:|")
for cmd in cmds:
    A, B = samples["A", cmd], samples["B", cmd]
    ratio = statistics.median(bb[0] / aa[0] for aa, bb in zip(A, B))
    med = lambda xs, i: statistics.median(x[i] for x in xs) * 1000
    print(f"| `{cmd}` | {med(A,0):.0f} ms | {med(B,0):.0f} ms | {ratio:.3f} | {med(A,1):.0f} ms | {med(B,1):.0f} ms |")
