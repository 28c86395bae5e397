print({k: v for k, v in zip('abc', range(3))})
print(sorted({x % 3 for x in range(10)}))
print([[i * j for j in range(3)] for i in range(3)])
