import label, { double } from './util.mts';
const values: readonly number[] = [1, 2, 3];
console.log(values.map(double).map(label).join(' '));
