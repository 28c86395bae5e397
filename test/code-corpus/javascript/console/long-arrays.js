console.log(Array.from({ length: 30 }, (_, i) => i * 3));
console.log(Array.from({ length: 120 }, (_, i) => i));
console.log(Array.from({ length: 8 }, (_, i) => `item-${i}`));
console.log(['a much longer string value here', 'another long string value there', 'and a third one to break the line']);
console.log(Array.from({ length: 27 }, (_, i) => -i * 1.5));
