from collections import Counter
c = Counter(open('words.txt').read().split())
print(c.most_common(3))
