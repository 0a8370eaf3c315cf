"""setup.py - only the part pyproject.toml cannot say: build the kit's C
library with the kit's own Makefile (`make build/libcvkit.so` in the
checkout this directory belongs to) and put it inside the package, so
`pip install ./python` gives a self-contained `cvkit`."""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithKitLibrary(build_py):
    def run(self):
        super().run()
        if not os.path.isfile(os.path.join(ROOT, "Makefile")):
            raise SystemExit("cvkit: build from the kit's checkout (python/ beside the Makefile)")
        subprocess.check_call(["make", "--no-print-directory", "-C", ROOT, "build/libcvkit.so"])
        dest = os.path.join(self.build_lib, "cvkit")
        os.makedirs(dest, exist_ok=True)
        shutil.copy2(os.path.join(ROOT, "build", "libcvkit.so"), dest)


class BinaryDistribution(Distribution):
    """The wheel carries a shared library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithKitLibrary}, distclass=BinaryDistribution)
