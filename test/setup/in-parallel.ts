/**
 * `work` over `items`, at most `limit` at a time, results in the items' order. For tests that run
 * many compilers or installs: on a 2-core machine more at once only thrashes.
 */
export async function inParallel<Item, Result>(items: readonly Item[], limit: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }));
  return results;
}
