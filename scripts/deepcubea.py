#!/usr/bin/env python3
"""Converts DeepCubeA's published sliding-puzzle test sets into bislide's
puzzle format, with the standard library only (no numpy, no torch).

DeepCubeA (Agostinelli, McAleer, Shmakov and Baldi, "Solving the Rubik's
cube with deep reinforcement learning and search", Nature Machine
Intelligence 1, 2019; github.com/forestagostinelli/DeepCubeA, MIT licence)
ships its test states as pickles, data/puzzleN/test/data_0.pkl, and the
length of its answer to each as results/puzzleN/output.txt. Its goal is
bislide's: tiles 1..N in row order, the blank last.

usage: scripts/deepcubea.py DATA.pkl OUTPUT.txt > SET.txt 2> LENGTHS
  SET.txt: the boards, in the pickle's order, with limits no answer reaches
  LENGTHS: DeepCubeA's answer length for each board, one a line
"""
import pickle
import re
import struct
import sys

SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Dtype:
    """numpy.dtype as the pickle builds it: only the item code matters."""

    def __init__(self, code, align=False, copy=True):
        self.code = code

    def __setstate__(self, state):
        pass


class Array:
    """numpy.ndarray as the pickle builds it: a flat list of its items."""

    def __setstate__(self, state):
        _version, _shape, dtype, _fortran, raw = state
        if isinstance(raw, list):  # object arrays: never in these files
            raise ValueError("unexpected object array")
        fmt = {"u1": "B", "i1": "b", "i8": "q", "u8": "Q", "i4": "i", "u4": "I"}[dtype.code]
        self.items = list(struct.unpack("<%d%s" % (len(raw) // struct.calcsize(fmt), fmt), raw))


class State:
    """DeepCubeA's NPuzzleState: its tiles, row by row, 0 the blank."""

    def __setstate__(self, state):
        slots = state[1] if isinstance(state, tuple) else state
        self.tiles = slots["tiles"].items


def reconstruct(_cls, _shape, _code):
    return Array()


class Loader(pickle.Unpickler):
    def find_class(self, module, name):
        known = {
            ("numpy.core.multiarray", "_reconstruct"): reconstruct,
            ("numpy", "ndarray"): Array,
            ("numpy", "dtype"): Dtype,
            ("environments.n_puzzle", "NPuzzleState"): State,
        }
        if (module, name) not in known:
            raise pickle.UnpicklingError("unexpected %s.%s" % (module, name))
        return known[(module, name)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[-1])
    with open(sys.argv[1], "rb") as f:
        states = Loader(f).load()["states"]
    with open(sys.argv[2]) as f:
        lengths = re.findall(r"# Moves: (\d+)", f.read())
    if len(lengths) != len(states):
        sys.exit("%d states but %d answer lengths" % (len(states), len(lengths)))
    side = round(len(states[0].tiles) ** 0.5)
    print("100000 100000 100000 100000")
    print(len(states))
    for s in states:
        print("%d,%d,%s" % (side, side, "".join(SYMBOLS[t] for t in s.tiles)))
    sys.stderr.write("".join(n + "\n" for n in lengths))


main()
