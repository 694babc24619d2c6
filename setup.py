"""Only for the opt-in compiled build (build_support/tavola_build.py); the rest of the package's
metadata is in pyproject.toml."""

from setuptools import setup
from tavola_build import extensions

setup(ext_modules=extensions())
