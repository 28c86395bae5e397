import os
os.rename('notes.txt', 'renamed.txt')
print(os.path.exists('notes.txt'), open('renamed.txt').readline().strip())
