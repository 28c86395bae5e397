import hashlib
print(hashlib.sha256(b'hello').hexdigest())
print(hashlib.md5(open('data.csv', 'rb').read()).hexdigest())
