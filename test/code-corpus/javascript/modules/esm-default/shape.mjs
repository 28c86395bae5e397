export default class Shape {
  constructor(name) { this.name = name; }
  describe() { return `a ${this.name}`; }
}
export const kinds = ['circle', 'square'];
