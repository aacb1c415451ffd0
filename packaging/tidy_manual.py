#!/usr/bin/env python3
"""Makes argument-parser's generated mdoc pages what man-db and lintian read cleanly.

    python3 packaging/tidy_manual.py PAGE.1 > TIDY.1

- A discussion's paragraphs come parted by empty lines, which are no paragraph in mdoc (groff
  warns "empty input line"): `.Pp` is.
- A text line that starts with an apostrophe (a quoted command in a discussion) is a control line
  to roff, which warns of an undefined macro: `\&` in front makes it text.
- A subcommand's page names itself `.Nm "slotsheet user token"`; man-db's whatis parser (lexgrog)
  takes one word as a page's name, so `apropos` and lintian (bad-whatis-entry) find none. The NAME
  section gets the page's own name, `slotsheet.user.token` (what `man` opens), and the synopsis
  keeps the command as it is typed.
"""
import re
import sys


def tidy(text):
    text = re.sub(r"^[ \t]*$", ".Pp", text, flags=re.M)
    text = re.sub(r"^'", r"\\&'", text, flags=re.M)
    named = re.search(r'^\.Nm "([^"]+)"$', text, flags=re.M)
    if named and " " in named.group(1):
        command = named.group(1)
        text = text[:named.start()] + ".Nm " + command.replace(" ", ".") + text[named.end():]
        synopsis = text.find(".Sh SYNOPSIS")
        bare = text.find("\n.Nm\n", synopsis)
        if synopsis >= 0 and bare >= 0:
            text = text[:bare] + f'\n.Nm "{command}"\n' + text[bare + len("\n.Nm\n"):]
    return text


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as page:
        sys.stdout.write(tidy(page.read()))
