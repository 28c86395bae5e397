import os
os.remove('words.txt')
print(os.path.exists('words.txt'))
