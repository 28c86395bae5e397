print('before')
raise ValueError('bad value')
