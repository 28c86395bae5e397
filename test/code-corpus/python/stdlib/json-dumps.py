import json
print(json.dumps({'b': [1, 2.5, None, True], 'a': 'x'}, sort_keys=True))
print(json.loads('[1, {"k": "v"}]'))
