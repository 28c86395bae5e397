data = open('binary.bin', 'rb').read()
print(len(data), data[:4], data[-2:], sum(data))
