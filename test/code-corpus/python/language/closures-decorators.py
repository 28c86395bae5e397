def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc
c = counter(); c(); print(c())
def twice(f):
    def wrapper(*a):
        return f(f(*a))
    return wrapper
@twice
def add3(x):
    return x + 3
print(add3(1))
