#!/usr/bin/env python3
"""The blocks of a guide's code, as GuideCommandTests reads them: a block opens with a line that is
exactly ```LANG and closes with a line that is exactly ```. Prints every ```sh and ```console block
in the guide's order, each as its opening line, its lines and a NUL (for bash's `mapfile -d ''`).

With --office FOLDER, a sh block's here-document that writes a file the office has in FOLDER
(`cat > NAME <<'TAG'` ... `TAG`) is left out: the office's own NAME stands in for the guide's
example, and a comment line says so.
Usage: guide_blocks.py GUIDE.md [--office FOLDER]
"""
import os, re, sys

guide = sys.argv[1]
office = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--office" else None
heredoc = re.compile(r"^cat > (\S+) <<'(\w+)'$")

blocks, current = [], None
for line in open(guide, encoding="utf-8").read().split("\n"):
    if current is None and line in ("```sh", "```console"):
        current = [line]
    elif current is not None and line == "```":
        blocks.append(current)
        current = None
    elif current is not None:
        current.append(line)

for block in blocks:
    lines, skipping = [], None
    for line in block:
        if skipping is not None:
            if line == skipping:
                skipping = None
            continue
        match = heredoc.match(line)
        if office and block[0] == "```sh" and match and os.path.exists(os.path.join(office, match.group(1))):
            lines.append(f"# the office's own {match.group(1)} stands in for the guide's example")
            skipping = match.group(2)
            continue
        lines.append(line)
    sys.stdout.write("\n".join(lines) + "\n\0")
