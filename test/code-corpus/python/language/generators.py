def gen(n):
    for i in range(n):
        yield i * i
print(list(gen(5)), sum(x for x in gen(100) if x % 2))
