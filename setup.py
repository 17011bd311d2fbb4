"""Builds `import bellwether`'s extension with the project's CMake for `pip install .`.

The version is CMakeLists.txt's project(VERSION). With BELLWETHER_BUILD_DIR set to a build that
already made the module (e.g. build/release), that module is installed as it is, without a second
build of the engine."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(bellwether VERSION ([0-9.]+)", text)
    if not match:
        sys.exit("setup.py: no project(bellwether VERSION ...) in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """The module as CMake builds it (pybind11, the engine's static libraries, LTO)."""

    def build_extension(self, ext):
        given = os.environ.get("BELLWETHER_BUILD_DIR")
        if given:
            build = pathlib.Path(given).resolve()
        else:
            build = pathlib.Path(self.build_temp).resolve() / "cmake"
            # The release preset's flags. Warnings stay warnings here: -Werror is
            # for the project's own builds, and a newer compiler's new warning
            # must not stop an install.
            subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                                   "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG",
                                   "-DBELLWETHER_PYTHON=ON", "-DBELLWETHER_WERROR=OFF",
                                   f"-DPython_EXECUTABLE={sys.executable}"])
            subprocess.check_call(["cmake", "--build", str(build), "--target", "_bellwether"])
        built = sorted((build / "python" / "bellwether").glob("_bellwether*.so"))
        if not built:
            sys.exit(f"setup.py: no _bellwether module in {build}/python/bellwether (build it with "
                     "BELLWETHER_PYTHON=ON, or leave BELLWETHER_BUILD_DIR unset)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(version=project_version(), ext_modules=[Extension("bellwether._bellwether", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
