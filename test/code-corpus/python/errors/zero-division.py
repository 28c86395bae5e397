def f(x):
    return 1 / x
print(f(1))
f(0)
