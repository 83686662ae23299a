"""What an object's attribute count costs CPython 3.11: four method calls on an object of N
attributes, for N around the 29 that CPython keeps in an object's compact layout (`State`).

    python bench/attributes.py            # ns per four calls, at 27 to 31 attributes
"""

from __future__ import annotations

import argparse
import timeit


def with_attributes(n: int) -> object:
    """An object of `n` instance attributes whose method `f` calls its method `g` four times."""
    body = "".join(f"        self.a{i} = {i}\n" for i in range(n))
    source = ("class C:\n    def __init__(self):\n" + body + "    def g(self):\n        return 1\n"
              "    def f(self):\n        return self.g() + self.g() + self.g() + self.g()\n")
    space: dict[str, type] = {}
    exec(source, space)
    return space["C"]()


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    for n in range(27, 32):
        f = with_attributes(n).f  # type: ignore[attr-defined]
        best = min(timeit.repeat(f, number=200_000, repeat=7)) / 200_000
        print(f"{n} attributes: {best * 1e9:.0f} ns")


if __name__ == "__main__":
    main()
