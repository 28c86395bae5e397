class Shape {
  static #created = 0;
  #id;
  constructor(name) {
    this.name = name;
    this.#id = ++Shape.#created;
  }
  get id() {
    return this.#id;
  }
  static count() {
    return Shape.#created;
  }
  toString() {
    return `${this.constructor.name}(${this.name}#${this.#id})`;
  }
}
class Circle extends Shape {
  constructor(radius) {
    super('circle');
    this.radius = radius;
  }
  area() {
    return +(Math.PI * this.radius ** 2).toFixed(2);
  }
  toString() {
    return `${super.toString()} r=${this.radius}`;
  }
}
const shapes = [new Shape('blob'), new Circle(2)];
console.log(shapes.map(String), Shape.count(), shapes[1].area(), shapes[1].id);
console.log(Object.getOwnPropertyNames(Circle.prototype));
