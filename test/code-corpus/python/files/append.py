with open('notes.txt', 'a') as f:
    f.write('appended\n')
print(open('notes.txt').read().splitlines()[-2:])
