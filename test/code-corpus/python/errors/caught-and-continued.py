for value in ['1', 'x', '3']:
    try:
        print(int(value))
    except ValueError as e:
        print('skip', type(e).__name__)
