from dataclasses import dataclass, field, asdict
@dataclass(order=True)
class Item:
    price: float
    name: str = field(compare=False)
items = sorted([Item(3.5, 'b'), Item(1.25, 'a')])
print(items[0], asdict(items[1]))
