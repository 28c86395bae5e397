const attempts = [
  () => null.x,
  () => JSON.parse('{bad json'),
  () => new Array(-1),
  () => BigInt(1.5),
  () => { throw new URIError('bad uri'); },
  () => decodeURIComponent('%'),
];
for (const attempt of attempts) {
  try {
    attempt();
  } catch (error) {
    console.log(error.constructor.name, error instanceof Error);
  }
}
