async function retry<T>(attempts: number, task: (attempt: number) => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await task(attempt);
    } catch (error: unknown) {
      last = error;
      console.log(`attempt ${attempt} failed: ${(error as Error).message}`);
    }
  }
  throw last;
}
async function* countdown(from: number): AsyncGenerator<number, void, undefined> {
  for (let value = from; value > 0; value--) yield value;
}
async function main(): Promise<void> {
  const result = await retry(3, async (attempt) => {
    if (attempt < 3) throw new Error(`try ${attempt}`);
    return { attempt };
  });
  console.log(result);
  const seen: number[] = [];
  for await (const value of countdown(3)) seen.push(value);
  console.log(seen);
}
void main();
