import sys
try:
    sys.exit(2)
finally:
    print('finally before exit')
