const log = [];
let count = 0;
const timer = setInterval(async () => {
  count++;
  log.push(`tick ${count}`);
  await null;
  log.push(`after await ${count}`);
  if (count === 2) {
    clearInterval(timer);
    setTimeout(() => console.log(log), 5);
  }
}, 5);
