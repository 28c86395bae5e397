def describe(value):
    match value:
        case {'type': 'point', 'x': x, 'y': y}:
            return f'point {x},{y}'
        case [first, *rest]:
            return f'list starting {first} and {len(rest)} more'
        case int() | float() as n if n > 0:
            return 'positive'
        case _:
            return 'other'
for v in [{'type': 'point', 'x': 1, 'y': 2}, [1, 2, 3], 5, -1]:
    print(describe(v))
