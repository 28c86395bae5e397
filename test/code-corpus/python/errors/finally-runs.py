try:
    raise KeyError('k')
finally:
    print('cleanup')
