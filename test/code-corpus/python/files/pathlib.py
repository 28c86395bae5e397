from pathlib import Path
p = Path('pkg')
print(sorted(x.name for x in p.glob('*.py')))
Path('made.txt').write_text('hello')
print(Path('made.txt').read_text(), Path('made.txt').stat().st_size)
