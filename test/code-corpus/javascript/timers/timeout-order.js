const order = [];
setTimeout(() => order.push('30ms'), 30);
setTimeout(() => order.push('0ms-a'), 0);
setTimeout(() => order.push('10ms'), 10);
setTimeout(() => order.push('0ms-b'));
setTimeout(() => order.push('1ms'), 1);
setTimeout(() => console.log(order.join(' ')), 50);
console.log('sync first');
