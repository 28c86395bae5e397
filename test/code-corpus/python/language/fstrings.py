value = 3.14159
name = 'pi'
print(f'{name!r:>6} = {value:.3f} {value:10.2e} {255:#x} {1234567:,}')
