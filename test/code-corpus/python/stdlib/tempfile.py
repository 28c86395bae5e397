import tempfile, os
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'x.txt')
    open(path, 'w').write('temp')
    print(open(path).read(), os.path.exists(path))
print(os.path.exists(path))
