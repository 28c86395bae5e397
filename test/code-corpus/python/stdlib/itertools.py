import itertools
print(list(itertools.permutations('abc', 2)))
print(list(itertools.accumulate([1, 2, 3, 4])))
print([(k, len(list(g))) for k, g in itertools.groupby('aaabbc')])
print(list(itertools.islice(itertools.count(10, 5), 4)))
