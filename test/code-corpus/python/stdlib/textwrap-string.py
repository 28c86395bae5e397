import textwrap, string
print(textwrap.fill('the quick brown fox jumps over the lazy dog ' * 2, width=30))
print(string.ascii_lowercase[:5], string.Template('$x+$y').substitute(x=1, y=2))
