people = [('ada', 36), ('bob', 25), ('cy', 36)]
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted('Banana apple Cherry'.split(), key=str.lower))
