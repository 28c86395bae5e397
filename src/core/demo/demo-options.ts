/** How the demo model streams (`demoModel(options)`). */
export interface DemoModelOptions {
  /**
   * `'normal'` (default) streams like a real model: a short wait, then a chunk of 1-3 words
   * every 25-40 ms. `'instant'` sets no timers at all (for tests and screenshots).
   */
  speed?: 'instant' | 'normal';
  /** A fixed delay before each chunk, overriding `speed`. */
  chunkDelayMs?: number;
}
