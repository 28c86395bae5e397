function named() {}
const arrow = () => {};
async function asyncNamed() {}
function* generator() {}
async function* asyncGenerator() {}
class Klass {}
class Child extends Klass {}
console.log(named, arrow, asyncNamed, generator, asyncGenerator);
console.log(Klass, Child, Math.max, [function () {}, () => {}]);
const withProps = Object.assign(function tagged() {}, { version: 2 });
console.log(withProps);
console.log({ method() {}, short: () => 1 });
