from enum import Enum, auto
from typing import NamedTuple
class Color(Enum):
    RED = auto()
    GREEN = auto()
class Pair(NamedTuple):
    a: int
    b: str
print(Color.GREEN, Color.GREEN.value, list(Color), Pair(1, 'x'))
