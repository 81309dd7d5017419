"""The optional compiled code: the shanten kernel and the wild splitter (their door is
mahjong_core/engine/shapes/kernel.py), Guobiao's fast-path fans (mahjong_guobiao/fastpath/
compiled.py) and popular's pattern checks (mahjong_popular/answers.py), built where a C compiler
is found; without one the install still succeeds and the pure path answers. Everything else about the package is in pyproject.toml."""
from setuptools import Extension, setup

setup(ext_modules=[
    Extension("mahjong_core.engine.shapes._kernel", ["csrc/shanten_kernel.c"], optional=True),
    Extension("mahjong_core.engine.shapes._splits", ["csrc/wild_splits.c"], optional=True),
    Extension("mahjong_guobiao.fastpath._fans", ["csrc/guobiao_fans.c"], optional=True),
    Extension("mahjong_popular._patterns", ["csrc/popular_patterns.c"], optional=True),
])
