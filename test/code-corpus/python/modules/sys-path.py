import sys, os
print(os.path.basename(sys.path[0]) == os.path.basename(os.getcwd()))
