import sys
sys.exit('fatal: message')
