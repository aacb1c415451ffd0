#!/usr/bin/env python3
"""Writes a thinned copy of the ICU data package that the static Swift Foundation links in.

The static release binary carries swift-foundation-icu's whole data package (icudtNNl.dat,
34 MB for ICU 76: every locale's names, collations, calendars and units, 197 legacy
character-set converters, the break dictionaries of Chinese, Japanese, Thai, Lao, Khmer and
Burmese, transliterators). slotsheet reads and writes English and Dutch and uses ICU through
Foundation for named time zones (the office's clock), Windows-1252 text (a CSV saved by Excel)
and en_US_POSIX date formats (GRDB). What is kept (3.6 MB):

  - every item that is not one locale's data: time zones (zoneinfo64, metaZones,
    timezoneTypes, windowsZones), supplemental data, likely subtags, plurals, normalisation
    (also UTS #46 for host names), the converter aliases, the root collation (ucadata);
  - the locale data of root, English (en, en_*, en_US_POSIX) and Dutch (nl, nl_*) in the
    trees that format and compare: the main tree (dates, numbers), coll, brkitr, curr, zone
    and rbnf, with each tree's pool and index;
  - the break rules (character, word, line, sentence, title);
  - the converters of the European encodings Foundation names (String.Encoding):
    Windows-1250 to -1254, ISO Latin-2 and Mac OS Roman.

What is dropped: the other languages' locale data (a locale ICU lacks falls back to root, as
for any locale ICU does not know); the display names of languages, regions and units (lang,
region, unit: slotsheet never shows one); the other converters (Asian and EBCDIC code pages
and the like, which slotsheet never reads); the word-break dictionaries and the line-break
rules of Chinese, Japanese, Thai, Lao, Khmer and Burmese text; the transliterators
(StringTransform), Unicode character names (u_charName), the StringPrep profiles (usprep)
and the spoof checker's confusables: ICU services nothing in slotsheet calls.

    thin_icu_data.py IN.dat OUT.dat     prints kept and dropped sizes to standard error

The package format (ucmndata.h, icupkg): a header of headerSize bytes, then a table of contents
(a count, then for each item the offsets of its name and of its data from the table's start,
sorted by name), the names, and the items, each aligned to 16 bytes."""
import re
import struct
import sys

LANGUAGES = ("root", "en", "nl")
LOCALE_ITEM = re.compile(r"^([a-z]{2,3}|root)(_[A-Za-z0-9]+)*\.res$")
# ICU names of the converters behind Foundation's String.Encoding cases (convrtrs.txt).
CONVERTERS = {
    "ibm-5346_P100-1998.cnv",  # windows-1250
    "ibm-5347_P100-1998.cnv",  # windows-1251
    "ibm-5348_P100-1997.cnv",  # windows-1252
    "ibm-5349_P100-1998.cnv",  # windows-1253
    "ibm-5350_P100-1998.cnv",  # windows-1254
    "ibm-912_P100-1995.cnv",  # ISO-8859-2
    "macos-0_2-10.2.cnv",  # macintosh (Mac OS Roman)
}
DROPPED_DIRECTORIES = ("translit", "lang", "region", "unit")
# Line-break rules ICU picks only for Chinese and Japanese text in those locales (dropped above).
DROPPED_RULES = re.compile(r"^line_.*(cj|phrase).*\.brk$")
# StringPrep profiles (usprep, IDNA2003's nameprep), Unicode character names (u_charName) and
# the spoof checker's confusables: ICU services Foundation never opens.
DROPPED_ITEMS = {"unames.icu", "confusables.cfu"}


def items(data):
    """(name, bytes) of every item of the package, in the table's order, and the header."""
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27":
        sys.exit("thin_icu_data: not an ICU data package (no 0xda27 magic)")
    count = struct.unpack_from("<I", data, header_size)[0]
    entries = [struct.unpack_from("<II", data, header_size + 4 + 8 * i) for i in range(count)]
    result = []
    for index, (name_offset, data_offset) in enumerate(entries):
        name_start = header_size + name_offset
        name = data[name_start:data.index(b"\0", name_start)].decode("ascii")
        end = entries[index + 1][1] if index + 1 < count else len(data) - header_size
        result.append((name, data[header_size + data_offset:header_size + end]))
    return data[:header_size], result


def kept(name):
    """Whether slotsheet needs the item `name` ("icudt76l/zone/nl.res")."""
    parts = name.split("/")
    base = parts[-1]
    if len(parts) > 2 and parts[1] in DROPPED_DIRECTORIES:
        return False
    if base.endswith(".cnv"):
        return base in CONVERTERS
    if base.endswith((".dict", ".spp")) or base in DROPPED_ITEMS or DROPPED_RULES.match(base):
        return False
    if base in ("pool.res", "res_index.res") or not LOCALE_ITEM.match(base):
        return True
    return base[:-len(".res")].split("_")[0] in LANGUAGES


def package(header, chosen):
    """The package of `chosen` items, laid out as icupkg lays one out."""
    count = len(chosen)
    names = b""
    name_offsets = []
    for name, _ in chosen:
        name_offsets.append(4 + 8 * count + len(names))
        names += name.encode("ascii") + b"\0"
    body = bytearray()
    data_offsets = []
    start = 4 + 8 * count + len(names)
    for _, item in chosen:
        while (start + len(body)) % 16:
            body += b"\xaa"  # icupkg's padding byte
        data_offsets.append(start + len(body))
        body += item
    table = struct.pack("<I", count) + b"".join(
        struct.pack("<II", n, d) for n, d in zip(name_offsets, data_offsets))
    return header + table + names + bytes(body)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: thin_icu_data.py IN.dat OUT.dat")
    with open(sys.argv[1], "rb") as file:
        header, every = items(file.read())
    chosen = [(name, item) for name, item in every if kept(name)]
    if not any(name.endswith("/zoneinfo64.res") for name, _ in chosen):
        sys.exit("thin_icu_data: the package has no zoneinfo64.res; is it ICU's data?")
    out = package(header, chosen)
    with open(sys.argv[2], "wb") as file:
        file.write(out)
    total = sum(len(item) for _, item in every)
    print(f"thin_icu_data: kept {len(chosen)} of {len(every)} items, {len(out) / 1e6:.1f} MB "
          f"of {total / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
