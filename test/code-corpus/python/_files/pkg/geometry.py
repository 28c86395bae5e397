import math


def area(radius):
    return math.pi * radius ** 2


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def distance(self, other):
        return math.hypot(self.x - other.x, self.y - other.y)

    def __repr__(self):
        return f'Point({self.x}, {self.y})'
