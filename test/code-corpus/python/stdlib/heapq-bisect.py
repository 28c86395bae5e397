import heapq, bisect
h = [5, 1, 8, 3]
heapq.heapify(h)
print([heapq.heappop(h) for _ in range(4)], heapq.nlargest(2, [4, 9, 2, 7]))
print(bisect.bisect_left([1, 3, 5, 7], 5))
