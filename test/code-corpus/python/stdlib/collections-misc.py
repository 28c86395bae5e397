from collections import defaultdict, deque, namedtuple, OrderedDict
d = defaultdict(list)
for w in ['ab', 'ac', 'bd']:
    d[w[0]].append(w)
print(dict(d))
q = deque([1, 2, 3], maxlen=3)
q.append(4)
print(list(q))
P = namedtuple('P', 'x y')
print(P(1, 2)._replace(y=5))
