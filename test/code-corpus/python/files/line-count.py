total = 0
with open('notes.txt') as f:
    for number, line in enumerate(f, 1):
        total += len(line)
print(number, total)
