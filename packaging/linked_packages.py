"""The Swift packages linked into a product, for the copyright check of scripts/package.sh.

    python3 packaging/linked_packages.py .build/release.yaml .build/.../slotsheet.product/Objects.LinkFileList

SwiftPM's build description (release.yaml) says which inputs built each object file; a package
counts when a file from its checkout (.build/checkouts/NAME/) built an object the product links.
Prints the checkout names, one a line.
"""
import re, sys
yaml, linklist = sys.argv[1], sys.argv[2]
linked = set(open(linklist).read().split())
packages, outputs, inputs = set(), [], []
def flush():
    if any(o in linked for o in outputs):
        packages.update(re.findall(r'/checkouts/([^/"]+)/', " ".join(inputs)))
for line in open(yaml):
    if re.match(r'^  "', line):
        flush(); outputs, inputs = [], []
    elif line.startswith('    outputs:'):
        outputs = re.findall(r'"([^"]+)"', line)
    elif line.startswith('    inputs:'):
        inputs = re.findall(r'"([^"]+)"', line)
flush()
print("\n".join(sorted(packages)))
