const text = 'The quick brown fox';
console.log(text.padStart(25, '*'), text.padEnd(22, '.') + '|');
console.log(text.at(-1), text.slice(-3), text.substring(4, 9), text.split(' ').reverse().join(' '));
console.log('a,b,,c'.split(','), 'aXbXc'.replaceAll('X', '-'), '  trim me  '.trim() + '|');
console.log('abc'.localeCompare('abd'), 'ß'.toUpperCase(), 'İ'.toLowerCase().length, 'Ǆ'.toLowerCase());
console.log('na'.repeat(4), 'abc'.includes('bc'), 'abc'.startsWith('b', 1), String.fromCharCode(72, 105));
console.log('😀'.length, [...'😀'].length, 'e\u0301' === 'é', 'e\u0301'.normalize('NFC') === 'é');
console.log(String.raw`C:\new\table`, `multi
line`.split('\n').length);
const tag = (strings, ...values) => strings.raw.map((part, index) => part + (values[index] ?? '')).join('|');
console.log(tag`a${1}b${2}c`);
