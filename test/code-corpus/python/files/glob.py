import glob
print(sorted(glob.glob('**/*.txt', recursive=True)))
