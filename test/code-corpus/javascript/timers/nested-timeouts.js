const events = [];
setTimeout(() => {
  events.push('outer 5');
  setTimeout(() => events.push('inner 5+20'), 20);
  setTimeout(() => events.push('inner 5+1'), 1);
}, 5);
setTimeout(() => events.push('outer 150'), 150);
setTimeout(() => console.log(events), 170);
