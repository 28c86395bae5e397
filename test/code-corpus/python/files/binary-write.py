open('out.bin', 'wb').write(bytes([0, 255, 128, 10]))
print(list(open('out.bin', 'rb').read()))
