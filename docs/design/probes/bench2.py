import subprocess, sys, time, statistics
n = int(sys.argv[1]); cmds = [c.split() for c in sys.argv[2:]]
ts = {i: [] for i in range(len(cmds))}
for _ in range(n):
    for i, c in enumerate(cmds):
        t = time.perf_counter(); subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); ts[i].append((time.perf_counter() - t) * 1000)
for i, c in enumerate(cmds):
    v = sorted(ts[i]); print(f"{' '.join(c)[:62]:62s} median {statistics.median(v):6.1f} ms  min {v[0]:6.1f}  p25 {v[n//4]:6.1f}")
