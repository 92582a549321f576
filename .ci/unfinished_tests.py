"""Names the tests a swift-testing log shows as started but never passed or failed."""
import re
import sys
from collections import Counter

started, ended = Counter(), Counter()
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        if match := re.match(r"◇ Test (\w+\()", line):
            started[match.group(1)] += 1
        elif match := re.match(r"[✔✘] Test (\w+\()", line):
            ended[match.group(1)] += 1
for name in sorted(started - ended):
    print(f"  {name}…)")
