class Tagged {
  get [Symbol.toStringTag]() {
    return 'CustomTag';
  }
}
class WithFields {
  static count = 3;
  name = 'field';
  #hidden = 1;
}
console.log(new Tagged(), new WithFields(), WithFields);
console.log(Object.prototype.toString.call(new Tagged()));

