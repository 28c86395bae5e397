from datetime import date, datetime, timedelta
d = date(2024, 2, 28) + timedelta(days=2)
print(d, d.weekday(), d.strftime('%A %d %B %Y'))
t = datetime(2020, 1, 1, 12, 30) - datetime(2019, 12, 31, 23, 0)
print(t, t.total_seconds())
print(datetime.fromisoformat('2023-05-06T07:08:09').isoformat())
