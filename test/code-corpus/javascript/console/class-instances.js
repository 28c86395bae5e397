class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}
class Empty {}
class Labeled extends Point {
  label = 'here';
}
console.log(new Point(1, 2), new Empty(), new Labeled(3, 4));
console.log(Point, Empty, class {});
console.log([new Point(0, 0)], { p: new Point(5, 6) });
const anonymous = new (class {})();
console.log(anonymous);
