import shutil
shutil.copy('data.csv', 'copy.csv')
print(open('copy.csv').read() == open('data.csv').read())
