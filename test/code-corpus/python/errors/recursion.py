import sys
sys.setrecursionlimit(200)
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError:
    print('recursion stopped')
