from functools import lru_cache, reduce, partial
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), reduce(lambda a, b: a * b, range(1, 10)))
print(partial(int, base=2)('1011'))
