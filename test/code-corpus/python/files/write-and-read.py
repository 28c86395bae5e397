with open('out.txt', 'w') as f:
    for i in range(3):
        f.write(f'line {i}\n')
print(open('out.txt').read(), end='')
