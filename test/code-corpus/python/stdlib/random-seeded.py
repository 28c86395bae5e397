import random
r = random.Random(42)
print([r.randint(1, 100) for _ in range(5)])
print(r.choice('abcdef'))
