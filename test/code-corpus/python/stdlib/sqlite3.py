import sqlite3
db = sqlite3.connect(':memory:')
db.execute('create table t (name text, score int)')
db.executemany('insert into t values (?, ?)', [('a', 3), ('b', 5)])
print(db.execute('select sum(score), max(name) from t').fetchone())
