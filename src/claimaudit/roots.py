"""Where a project starts: the folder that holds its claimaudit.toml, pyproject.toml or claims/.

Its own module because both the configuration (which reads files there) and the bounded file
reader (which confines reads to the project) need it, and neither may import the other.
"""

from __future__ import annotations

from pathlib import Path


def find_root(start: Path | None = None) -> Path:
    """The nearest folder upwards holding claimaudit.toml, a pyproject.toml or a claims/ folder."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if ((folder / "claimaudit.toml").is_file() or (folder / "claims").is_dir()
                or (folder / "pyproject.toml").is_file()):
            return folder
    return here
