from pkg.geometry import Point, area
print(round(area(2), 4))
print(Point(0, 0).distance(Point(3, 4)), Point(1, 2))
