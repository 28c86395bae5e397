console.log((1234567.891).toLocaleString(), (1234.5).toLocaleString('en-US'), (0.5).toLocaleString());
console.log((1234.5678).toLocaleString('en-US', { maximumFractionDigits: 2 }), (42).toLocaleString('en-US', { minimumFractionDigits: 2 }));
console.log(new Intl.NumberFormat('en-US').format(9876543.21));
