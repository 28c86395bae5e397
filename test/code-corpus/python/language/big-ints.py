print(2 ** 200)
print(int('9' * 50) % 97, divmod(-7, 2))
