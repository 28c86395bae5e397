const data = require('./data.json');
const again = require('./data');
console.log(data.total, data.items.map((item) => item.id), data === again);
console.log(data);
