#!/usr/bin/env python3
"""Lists the @Test functions of a Swift test file, or writes the file without one of them.

  test-functions.py list FILE        one test function's name a line
  test-functions.py drop FILE NAME   FILE's text without test NAME (its attributes,
                                     comments just above it and body), on standard output

A test is a `func` whose attribute lines start with `@Test`; its body ends at the brace
that closes the one opening on the `func` line. Braces inside string literals and
comments are skipped, which is all the lesson's tests need.
"""
import re
import sys


def tests(lines):
    """Yields (name, first line, last line) of each @Test function, 0-based and inclusive."""
    index = 0
    while index < len(lines):
        if not lines[index].lstrip().startswith("@Test"):
            index += 1
            continue
        start = index
        # Comments just above the attribute belong to the test.
        while start > 0 and lines[start - 1].lstrip().startswith("//"):
            start -= 1
        func = index
        while func < len(lines) and not re.match(r"\s*(?:\w+\s+)*func\s", lines[func]):
            func += 1
        if func == len(lines):
            return
        name = re.search(r"func\s+(\w+)", lines[func]).group(1)
        depth, end, opened = 0, func, False
        while end < len(lines):
            depth, opened = count(lines[end], depth, opened)
            if opened and depth == 0:
                break
            end += 1
        yield name, start, end
        index = end + 1


def count(line, depth, opened):
    """Adds the braces of `line` outside strings and comments to `depth`."""
    in_string = False
    position = 0
    while position < len(line):
        char = line[position]
        if not in_string and line.startswith("//", position):
            break
        if char == "\\":
            position += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and char == "{":
            depth, opened = depth + 1, True
        elif not in_string and char == "}":
            depth -= 1
        position += 1
    return depth, opened


def main(arguments):
    if len(arguments) < 2 or arguments[0] not in ("list", "drop") or (arguments[0] == "drop") != (len(arguments) == 3):
        sys.stderr.write(__doc__)
        return 64
    with open(arguments[1], encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    found = list(tests(lines))
    if arguments[0] == "list":
        for name, _, _ in found:
            print(name)
        return 0
    match = [test for test in found if test[0] == arguments[2]]
    if not match:
        sys.stderr.write("no test named %s in %s\n" % (arguments[2], arguments[1]))
        return 1
    _, start, end = match[0]
    sys.stdout.write("\n".join(lines[:start] + lines[end + 1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
