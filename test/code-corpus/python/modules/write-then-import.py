open('generated.py', 'w').write('VALUE = 42\n')
import generated
print(generated.VALUE)
