/**
 * Reads what is left of a stream the caller is done with (16 reads, 10 seconds at most), then
 * lets go. Reading a finished response to its end, rather than cancelling it, keeps the browser's
 * network panel from showing the request as cancelled (`net::ERR_ABORTED`) when nothing failed.
 * The server has written its last line and closes at once, unless it is busy (a dev server
 * transforming modules on a first load was seen taking over 2 s): hence the generous time; the
 * bound keeps a server that never closes from holding a connection. Never rejects.
 *
 * @example
 * ```ts
 * if (gotTheFinalPart) void drainReader(reader);
 * ```
 */
export async function drainReader(reader: ReadableStreamDefaultReader<unknown>): Promise<void> {
  const giveUp = setTimeout(() => void reader.cancel().catch(() => {}), 10_000);
  // In Node, this wait must not keep a process alive that has nothing else to do.
  (giveUp as { unref?: () => void }).unref?.();
  try {
    for (let reads = 0; reads < 16; reads++) if ((await reader.read()).done) return;
    await reader.cancel();
  } catch {
    // Cancelled at the time limit, or the connection closed first: nothing left to read.
  } finally {
    clearTimeout(giveUp);
  }
}
