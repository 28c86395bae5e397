import os
for root, dirs, names in os.walk('nested'):
    dirs.sort()
    print(root, sorted(dirs), sorted(names))
