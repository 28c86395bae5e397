const encoded = new TextEncoder().encode('hé✓');
console.log(encoded, encoded.length);
console.log(new TextDecoder().decode(encoded));
console.log(Buffer.from('hello world').toString('base64'), Buffer.from('aGVsbG8=', 'base64').toString());
console.log(btoa('binary'), atob('YmluYXJ5'), Buffer.from('ff00', 'hex'));
const buffer = Buffer.concat([Buffer.from('ab'), Buffer.from([99])]);
console.log(buffer.toString(), buffer.length, Buffer.alloc(3, 1), buffer.slice(1).toString());
console.log(JSON.stringify(Buffer.from('hi')), Buffer.compare(Buffer.from('a'), Buffer.from('b')));
