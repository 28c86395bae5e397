// Timers set inside a timer run by their own delays. The outer ones are far apart, so that a
// loaded machine that starts the program late still runs them in the same order.
const events = [];
setTimeout(() => {
  events.push('outer 5');
  setTimeout(() => events.push('inner 5+20'), 20);
  setTimeout(() => events.push('inner 5+1'), 1);
}, 5);
setTimeout(() => events.push('outer 400'), 400);
setTimeout(() => console.log(events), 450);
