class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f'{self.name} makes a sound'
class Dog(Animal):
    def speak(self):
        return super().speak() + ' (woof)'
print(Dog('rex').speak())
