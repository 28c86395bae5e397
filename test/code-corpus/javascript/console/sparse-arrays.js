const sparse = [1, , 3];
sparse[7] = 8;
console.log(sparse);
console.log(new Array(3));
const withProps = [1, 2];
withProps.extra = 'yes';
console.log(withProps);
console.log([undefined, , null]);
