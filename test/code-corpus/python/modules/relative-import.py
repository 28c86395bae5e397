from pkg import strings
print(strings.shout('hi'), strings.described_area(1))
