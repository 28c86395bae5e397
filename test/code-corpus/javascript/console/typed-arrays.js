console.log(new Uint8Array([1, 2, 3]));
console.log(new Float64Array(2));
console.log(Buffer.from('hello'));
console.log(new Int16Array([-1, 300]));
console.log([new Uint8Array(0)]);
console.log(new ArrayBuffer(4));
