import re
text = open('words.txt').read()
print(re.findall(r'\b[a-c]\w+', text))
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'user@example'))
