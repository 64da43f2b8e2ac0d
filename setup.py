"""Copies the game's files (data/, maps/, sprites/, sounds/, fonts/, and docs/balance.md for the
start screen's win rates) into the built package as faeriell/_files/<name>, where
faeriell/resources.py looks for them once installed. Everything else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
FILES = ("data", "maps", "sprites", "sounds", "fonts")
SINGLE_FILES = ("docs/balance.md",)      # read by faeriell/win_rates.py


class BuildWithFiles(build_py):
    def run(self):
        super().run()
        for name in FILES:
            src = ROOT / name
            if src.is_dir():
                dst = Path(self.build_lib) / "faeriell" / "_files" / name
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in SINGLE_FILES:
            dst = Path(self.build_lib) / "faeriell" / "_files" / name
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dst)


setup(cmdclass={"build_py": BuildWithFiles})
