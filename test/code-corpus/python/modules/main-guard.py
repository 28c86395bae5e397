import textutil
print(textutil.__name__, __name__)
