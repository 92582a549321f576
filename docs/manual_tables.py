#!/usr/bin/env python3
"""Writes the environment, files and exit-status tables of the docs from the manual page.

Usage: python3 docs/manual_tables.py docs/coins.1 PAGE.md [PAGE.md ...]

The facts are written once, in Sources/CoinsCommandLine/Manual/ManualFacts.swift; `coins help
--man` prints them in the manual page, docs/coins.1 is its checked-in copy (a test compares the
two), and this script copies the page's ENVIRONMENT, FILES and EXIT STATUS sections into each
Markdown page as tables, replacing whatever stands between an `<!-- manual:environment -->`,
`<!-- manual:files -->` or `<!-- manual:exit-status -->` line and the next `<!-- manual:end -->`.
So a variable, file or exit status is never typed twice. Standard library only.

After changing ManualFacts.swift:
    .build/debug/coins help --man > docs/coins.1
    python3 docs/manual_tables.py docs/coins.1 docs/files-and-environment.md
"""

import re
import sys

SECTIONS = {
    "environment": ("ENVIRONMENT", "variable", "meaning"),
    "files": ("FILES", "file", "what"),
    "exit-status": ("EXIT STATUS", "status", "meaning"),
}
BLOCK = re.compile(r"^<!-- manual:([a-z-]+) -->\n.*?^<!-- manual:end -->$", re.M | re.S)
ESCAPE = re.compile(r"\\(?:-|e|&|\[u([0-9A-F]{4,6})\])")


def unescape(text):
    """Roff text as written: the escapes ManualPage.escape makes, undone."""
    def one(match):
        if match.group(1):
            return chr(int(match.group(1), 16))
        return {"\\-": "-", "\\e": "\\", "\\&": ""}[match.group(0)]
    return ESCAPE.sub(one, text)


def entries(page, section):
    """The (name, text) pairs of one `.SH` section of the page: `.TP`, a `.B` or `.I` line with
    the name, then its text."""
    body = page.split(f"\n.SH {section}\n", 1)
    if len(body) < 2:
        raise SystemExit(f"manual_tables: the manual has no {section} section")
    body = body[1].split("\n.SH ", 1)[0]
    found = []
    for item in body.split(".TP\n")[1:]:
        lines = item.strip("\n").split("\n")
        name = re.sub(r"^\.[BI] ", "", lines[0])
        found.append((unescape(name), unescape(" ".join(lines[1:]))))
    if not found:
        raise SystemExit(f"manual_tables: the manual's {section} section is empty")
    return found


CODE = re.compile(r"^(--|~/|\$|/|https?://)|^[A-Z][A-Z0-9]*_[A-Z0-9_*]+$|<")


def cell(text):
    """Manual text as a Markdown table cell: options, paths, URLs and variable names as code,
    and what Markdown would read as markup escaped."""
    words = []
    for word in text.split(" "):
        match = re.match(r"^(\(?)(.*?)([.,;:)]*)$", word)
        lead, core, trail = match.groups()
        if core and CODE.search(core):
            words.append(f"{lead}`{core}`{trail}")
        else:
            words.append(re.sub(r"([|<*])", r"\\\1", word))
    return " ".join(words)


def table(page, key):
    section, name_heading, text_heading = SECTIONS[key]
    lines = [f"| {name_heading} | {text_heading} |", "|---|---|"]
    for name, text in entries(page, section):
        names = ", ".join(f"`{part}`" for part in name.split(", "))
        lines.append(f"| {names} | {cell(text)} |")
    return "\n".join(lines)


def rewrite(markdown, page):
    def block(match):
        key = match.group(1)
        if key not in SECTIONS:
            raise SystemExit(f"manual_tables: no manual section for <!-- manual:{key} -->")
        return f"<!-- manual:{key} -->\n{table(page, key)}\n<!-- manual:end -->"
    return BLOCK.sub(block, markdown)


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        page = f.read()
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            markdown = f.read()
        if not BLOCK.search(markdown):
            raise SystemExit(f"manual_tables: {path} has no <!-- manual:… --> block")
        with open(path, "w", encoding="utf-8") as f:
            f.write(rewrite(markdown, page))


if __name__ == "__main__":
    main()
