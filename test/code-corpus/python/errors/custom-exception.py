class AppError(Exception):
    pass
try:
    raise AppError('inner')
except AppError as e:
    raise RuntimeError('outer') from e
