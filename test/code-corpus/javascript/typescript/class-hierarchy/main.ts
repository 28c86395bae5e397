import { Animal } from './animal.ts';
class Dog extends Animal {
  constructor(name: string) {
    super(name, 4);
  }
  sound(): string {
    return 'woof';
  }
}
class Bird extends Animal {
  sound() {
    return 'tweet';
  }
}
const animals: Animal[] = [new Dog('Rex'), new Bird('Tweety', 2)];
for (const animal of animals) console.log(animal.describe());
console.log(Animal.total(), animals[0] instanceof Animal);
console.log(animals[0]);
