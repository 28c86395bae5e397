import zlib, gzip
data = b'abc' * 100
c = zlib.compress(data)
print(len(data), zlib.decompress(c) == data)
gzip.open('out.gz', 'wb').write(b'gz content')
print(gzip.open('out.gz').read())
