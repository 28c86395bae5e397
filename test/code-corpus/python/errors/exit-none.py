import sys
sys.exit()
