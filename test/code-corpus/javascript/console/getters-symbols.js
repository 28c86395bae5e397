const object = {
  plain: 1,
  get computed() {
    return 2;
  },
  set writeOnly(value) {},
  [Symbol('hidden')]: 3,
};
console.log(object);
Object.defineProperty(object, 'invisible', { value: 4, enumerable: false });
console.log(object, Object.keys(object));
class WithAccessor {
  get area() {
    return 10;
  }
}
console.log(new WithAccessor());
