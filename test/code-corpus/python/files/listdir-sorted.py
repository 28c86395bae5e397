import os
print(sorted(n for n in os.listdir('.') if not n.endswith('.py')))
print(sorted(os.listdir('pkg')))
