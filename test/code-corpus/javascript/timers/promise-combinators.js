const delay = (ms, value, fail = false) => new Promise((resolve, reject) => setTimeout(() => (fail ? reject(new Error(value)) : resolve(value)), ms));
(async () => {
  console.log(await Promise.all([delay(20, 'slow'), delay(1, 'fast')]));
  console.log(await Promise.race([delay(30, 'late'), delay(5, 'early')]));
  console.log(await Promise.any([delay(1, 'fails', true), delay(10, 'succeeds')]));
  const settled = await Promise.allSettled([delay(1, 'yes'), delay(2, 'no', true)]);
  console.log(settled.map((entry) => entry.status + ':' + (entry.value ?? entry.reason.message)));
  try {
    await Promise.all([delay(1, 'boom', true), delay(50, 'ignored')]);
  } catch (error) {
    console.log('all rejected with', error.message);
  }
})();
