import csv
with open('data.csv', newline='') as f:
    rows = list(csv.DictReader(f))
print(len(rows), sum(int(r['score']) for r in rows))
for row in rows:
    if row['city'] == 'london':
        print(row['name'])
