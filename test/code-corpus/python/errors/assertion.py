assert 1 + 1 == 3, 'math is broken'
