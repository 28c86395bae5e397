/**
 * A `ReadableStream` that pulls from an async generator: one value per read, so a slow reader
 * slows the network read too. Cancelling the stream returns the generator, whose `finally`
 * blocks release the connection. (`ReadableStream.from` does this, but not in every browser.)
 *
 * @example
 * ```ts
 * async function* parts() { yield { type: 'text-delta', id: '0', delta: 'Hi' }; }
 * return { stream: toReadableStream(parts()) };
 * ```
 */
export function toReadableStream<T>(source: AsyncGenerator<T, void, undefined>): ReadableStream<T> {
  return new ReadableStream<T>({
    async pull(controller) {
      try {
        const { done, value } = await source.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      // Not awaited: a read in flight would hold the cancel until the next network chunk.
      source.return(undefined).catch(() => {});
    },
  });
}
