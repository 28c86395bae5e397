/**
 * Reads what is left of a stream the caller is done with (16 reads, 2 seconds at most), then lets
 * go. Reading a finished response to its end, rather than cancelling it, keeps the browser's
 * network panel from showing the request as cancelled (`net::ERR_ABORTED`) when nothing failed;
 * the bound keeps a server that never closes from holding anything. Never rejects.
 *
 * @example
 * ```ts
 * if (gotTheFinalPart) void drainReader(reader);
 * ```
 */
export async function drainReader(reader: ReadableStreamDefaultReader<unknown>): Promise<void> {
  const giveUp = setTimeout(() => void reader.cancel().catch(() => {}), 2_000);
  try {
    for (let reads = 0; reads < 16; reads++) if ((await reader.read()).done) return;
    await reader.cancel();
  } catch {
    // Cancelled at the time limit, or the connection closed first: nothing left to read.
  } finally {
    clearTimeout(giveUp);
  }
}
