print('never')
def broken(:
    pass
