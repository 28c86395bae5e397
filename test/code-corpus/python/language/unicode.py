s = 'naïve café ☕'
print(len(s), s.upper(), s.encode('utf-8')[:8], s[::-1])
