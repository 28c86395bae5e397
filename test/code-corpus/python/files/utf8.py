open('u.txt', 'w', encoding='utf-8').write('héllo wörld ✓\n')
data = open('u.txt', 'rb').read()
print(len(data), open('u.txt', encoding='utf-8').read().strip())
