enum Direction {
  Up,
  Down,
  Left = 10,
  Right,
}
enum Color {
  Red = 'RED',
  Green = 'GREEN',
}
const enum Flag {
  A = 1 << 0,
  B = 1 << 1,
}
console.log(Direction.Up, Direction.Right, Direction[11], Direction[0]);
console.log(Color.Green, Object.keys(Color));
console.log(Flag.A | Flag.B);
function move(direction: Direction): string {
  switch (direction) {
    case Direction.Up:
      return 'going up';
    default:
      return `going ${Direction[direction].toLowerCase()}`;
  }
}
console.log(move(Direction.Up), move(Direction.Left));
