function main() {
  try {
    console.log('validating');
    process.exit(3);
  } catch (error) {
    console.log('caught something:', typeof error);
  }
  console.log('after try');
}
main();
console.log('after main');
