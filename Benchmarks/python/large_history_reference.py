#!/usr/bin/env python3
"""The references `coins portfolio` is timed against on a large history, anyone can run:

    large_history_reference.py read <history.csv>            Python's csv module reads the file
    large_history_reference.py read-write <history.csv> <out.json>
                                                             ... and writes its rows out as JSON

Reading is the least a view of the portfolio could cost in Python; reading and writing, the
least an import that keeps a JSON file could. Standard library only.
"""

import csv
import json
import sys


def read(path):
    """Every row of the CSV as a dict."""
    with open(path, newline="", encoding="utf-8") as source:
        return list(csv.DictReader(source))


def main():
    mode, path = sys.argv[1], sys.argv[2]
    rows = read(path)
    if mode == "read-write":
        with open(sys.argv[3], "w", encoding="utf-8") as out:
            json.dump({"transactions": rows}, out, indent=2)
    elif mode != "read":
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
