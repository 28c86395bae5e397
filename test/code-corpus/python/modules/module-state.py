import textutil
import textutil as again
textutil.words('a b')
again.words('c')
print(textutil.COUNTER, textutil is again)
