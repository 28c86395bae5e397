/**
 * How replies show their sources (`AgentChat`'s `sources`). Sources show by default, without
 * icons: a site's icon is loaded only from origins you list, so a reply cannot make the page
 * fetch from anywhere it likes.
 */
export interface SourceOptions {
  /** Origins (`https://en.wikipedia.org`) whose `/favicon.ico` may be shown beside their sources. Default none. */
  faviconOrigins?: readonly string[];
}
