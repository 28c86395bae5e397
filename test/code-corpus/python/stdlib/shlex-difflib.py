import shlex, difflib
print(shlex.split('cmd --flag "two words" x'))
print(list(difflib.unified_diff(['a', 'b'], ['a', 'c'], lineterm='')))
