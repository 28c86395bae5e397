import json
config = json.load(open('config.json'))
config['version'] += 1
json.dump(config, open('config.json', 'w'), indent=2, sort_keys=True)
print(open('config.json').read())
