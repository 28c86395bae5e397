import os
os.makedirs('out/a/b', exist_ok=True)
open('out/a/b/c.txt', 'w').write('c')
print(os.path.isdir('out/a'), os.path.exists('out/a/b/c.txt'))
