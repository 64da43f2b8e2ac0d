"""Copies the game's files (data/, maps/, sprites/, sounds/, fonts/) into the built package as
faeriell/_files/<name>, where faeriell/resources.py looks for them once installed. Everything
else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
FILES = ("data", "maps", "sprites", "sounds", "fonts")


class BuildWithFiles(build_py):
    def run(self):
        super().run()
        for name in FILES:
            src = ROOT / name
            if src.is_dir():
                dst = Path(self.build_lib) / "faeriell" / "_files" / name
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithFiles})
