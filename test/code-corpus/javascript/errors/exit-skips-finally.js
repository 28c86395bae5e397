try {
  console.log('in try');
  process.exit(2);
} finally {
  console.log('finally should not run');
}
