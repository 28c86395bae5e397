try:
    open('nope.txt')
except FileNotFoundError as e:
    print('missing', e.filename)
