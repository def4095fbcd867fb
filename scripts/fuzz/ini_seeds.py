#!/usr/bin/env python3
"""Writes the seed corpus of the `variant_file` fuzz target: one file per section of
Fairy-Stockfish's variants.ini (crates/polyboard-variants/tests/data/fsf-variants.ini),
each with the sections it inherits from before it, so that every key the file uses
starts the fuzzer off. Usage, from the repository root:

    python3 scripts/fuzz/ini_seeds.py            # writes fuzz/seeds/variant_file/
    cd fuzz && cargo +nightly fuzz run variant_file seeds/variant_file -- -max_total_time=600
"""
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SOURCE = os.path.join(ROOT, "crates", "polyboard-variants", "tests", "data", "fsf-variants.ini")
OUT = os.path.join(ROOT, "fuzz", "seeds", "variant_file")


def sections(text):
    """(name, parent, body) per section, comments and blank lines dropped."""
    out, name, parent, body = [], None, None, []
    for line in text.splitlines():
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        m = re.match(r"^\[([^\]:]+)(?::([^\]]+))?\]", line)
        if m:
            if name:
                out.append((name, parent, body))
            name, parent, body = m.group(1), m.group(2), [line]
        elif name:
            body.append(line)
    if name:
        out.append((name, parent, body))
    return out


def main():
    with open(SOURCE, encoding="utf-8") as f:
        secs = sections(f.read())
    by_name = {n: (p, b) for n, p, b in secs}
    os.makedirs(OUT, exist_ok=True)
    for name, parent, body in secs:
        chain = []
        while parent in by_name and parent not in chain:
            chain.append(parent)
            parent = by_name[parent][0]
        text = "".join("\n".join(by_name[p][1]) + "\n\n" for p in reversed(chain)) + "\n".join(body) + "\n"
        with open(os.path.join(OUT, re.sub(r"[^A-Za-z0-9_-]", "_", name) + ".ini"), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(secs)} seeds in {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
