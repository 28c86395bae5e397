import sys
print(len(sys.argv), sys.argv[0].endswith('.py'))
