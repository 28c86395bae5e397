import io, csv
buffer = io.StringIO()
writer = csv.writer(buffer)
writer.writerows([['a', 'b,c'], [1, 2]])
print(repr(buffer.getvalue()))
