function recurse(depth) {
  return recurse(depth + 1) + 1;
}
try {
  recurse(0);
} catch (error) {
  console.log(error instanceof RangeError, error.message);
}
