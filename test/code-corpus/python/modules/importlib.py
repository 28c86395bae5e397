import importlib
m = importlib.import_module('pkg.geometry')
print(m.__name__, hasattr(m, 'Point'))
