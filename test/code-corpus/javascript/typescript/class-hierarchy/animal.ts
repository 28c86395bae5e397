export abstract class Animal {
  protected static count = 0;
  constructor(public readonly name: string, private legs: number) {
    Animal.count++;
  }
  abstract sound(): string;
  describe(): string {
    return `${this.name} has ${this.legs} legs and says ${this.sound()}`;
  }
  static total(): number {
    return Animal.count;
  }
}
