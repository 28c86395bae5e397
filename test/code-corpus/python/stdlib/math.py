import math
print(math.factorial(20), math.gcd(84, 36), math.isqrt(99))
print(round(math.sqrt(2), 10), math.floor(-2.5), math.ceil(2.1))
print(math.comb(10, 3), math.inf > 10**100)
