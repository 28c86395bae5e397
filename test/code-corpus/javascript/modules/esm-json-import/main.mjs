import data from './data.json' with { type: 'json' };
console.log(data.name, data.list.length);
