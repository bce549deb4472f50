import pathlib
import sys

# tests import their shared builders (tests/builders.py) as a plain module
sys.path.insert(0, str(pathlib.Path(__file__).parent))
