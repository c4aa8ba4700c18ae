#!/usr/bin/env python3
"""Writes SIZE bytes of realistic, varied text to PATH (deterministic, seeded).

The lines look like a mix of source code, logs and prose: identifiers from a
few thousand pseudo-words, numbers, quotes, backslashes, tabs and some
non-ASCII letters, so the text is valid UTF-8, needs JSON escaping here and
there, and compresses roughly like real text (not like one repeated line).

Usage: gen_text.py SIZE_BYTES PATH
"""

import random
import sys


def main():
    size = int(sys.argv[1])
    path = sys.argv[2]
    rng = random.Random(20261121)
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    weights = [12, 9, 8, 7.5, 7, 6.7, 6.3, 6, 5.9, 4.3, 4, 2.8, 2.8, 2.4, 2.4, 2.2,
               2, 2, 1.9, 1.5, 1, 0.8, 0.2, 0.2, 0.1, 0.1]
    words = list({"".join(rng.choices(letters, weights, k=rng.randint(2, 11)))
                  for _ in range(6000)})
    words += ["café", "naïve", "Zürich", "résumé", "smörgåsbord", "Ελλάδα", "数据"]
    templates = [
        "    let {0} = {1}.{2}(&{3}, {n})?;\n",
        "    if {0}.len() > {n} {{ return Err(Error::new(\"{1} {2}\")); }}\n",
        "fn {0}_{1}({2}: &str, {3}: u64) -> Result<{4}> {{\n",
        "// {0} {1} {2} {3} {4}: {5} {6} {7}.\n",
        "{ts} INFO  {0}::{1} request_id={n} path=\"/{2}/{3}\" took={m}ms\n",
        "{ts} WARN  {0}::{1} retrying {2} after \"{3}\" (attempt {k})\n",
        "\t{0}\t{1}\t{n}\t{m}\t{2}\n",
        "The {0} {1} the {2} of {3} when {4} {5}, so {6} {7} {8}.\n",
        "    assert_eq!({0}(\"{1}\\\\{2}\"), {n});\n",
        "}}\n",
        "\n",
    ]
    tweights = [10, 6, 4, 8, 9, 3, 4, 12, 2, 4, 3]
    written = 0
    line_no = 0
    with open(path, "wb") as out:
        while written < size:
            chunk = []
            for _ in range(20000):
                line_no += 1
                t = rng.choices(templates, tweights)[0]
                ws = rng.choices(words, k=9)
                ts = "2026-11-21T{:02d}:{:02d}:{:02d}.{:06d}Z".format(
                    (line_no // 3600000) % 24, (line_no // 60000) % 60,
                    (line_no // 1000) % 60, rng.randrange(1000000))
                chunk.append(t.format(*ws, n=rng.randrange(100000), m=rng.randrange(2000),
                                      k=rng.randint(1, 3), ts=ts))
            data = "".join(chunk).encode("utf-8")
            if written + len(data) > size:
                # cut at a line boundary near the end, then pad with ASCII to the exact size
                data = data[: size - written]
                cut = data.rfind(b"\n") + 1
                data = data[:cut] + b"x" * (len(data) - cut - 1) + b"\n" if cut else data
            out.write(data)
            written += len(data)


if __name__ == "__main__":
    main()
