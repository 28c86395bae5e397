import type { Message, SourcePart } from '../../core/index';
import { useWords } from '../strings/strings-context';
import { sourceText } from './source-text';
import type { SourceOptions } from './source-options';

export interface SourceListProps {
  /** The reply whose `source` parts are listed. */
  message: Message;
  options?: SourceOptions;
}

/**
 * The sources a reply drew on, under it, numbered as its citations name them: each page's title
 * (or its site) linking to it in a new tab, with its site, and a document's title and file. Only
 * `http:` and `https:` pages are links (the rest is text); a site's icon shows only for origins in
 * `faviconOrigins`. Each item has the id `rak-source-<message id>-<source id>`, for citations to
 * point at. A lazy part of `MessageView`.
 *
 * @example
 * ```tsx
 * <SourceList message={message} options={{ faviconOrigins: ['https://en.wikipedia.org'] }} />
 * ```
 */
export function SourceList({ message, options }: SourceListProps) {
  const words = useWords('sources', sourceText);
  const sources = message.parts.filter((part): part is SourcePart => part.type === 'source');
  if (sources.length === 0) return null;
  return (
    <section className="rak-sources" aria-label={words.label}>
      <ol className="rak-sources-list">
        {sources.map((source) => (
          <li key={source.id} id={sourceAnchor(message.id, source.sourceId)} className="rak-source">
            <SourceItem source={source} options={options} words={words} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The id of a source's item in the list, which a citation's link points at. */
export function sourceAnchor(messageId: string, sourceId: string): string {
  return `rak-source-${messageId}-${sourceId}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

function SourceItem({ source, options, words }: { source: SourcePart; options: SourceOptions | undefined; words: typeof sourceText }) {
  if (source.sourceType === 'document') {
    return (
      <>
        <span className="rak-source-title">{source.title ?? source.filename ?? words.document}</span>
        {source.filename !== undefined && source.filename !== source.title && <span className="rak-source-site">{source.filename}</span>}
      </>
    );
  }
  const url = webUrl(source.url);
  const site = url?.hostname.replace(/^www\./, '') ?? source.url ?? '';
  const title = source.title ?? site;
  if (url === undefined) return <span className="rak-source-title">{title}</span>;
  const icon = options?.faviconOrigins?.includes(url.origin) ? `${url.origin}/favicon.ico` : undefined;
  return (
    <>
      {icon !== undefined && <img className="rak-source-icon" src={icon} alt="" width={16} height={16} loading="lazy" referrerPolicy="no-referrer" />}
      <a className="rak-source-title rak-source-link" href={url.href} target="_blank" rel="noopener noreferrer">
        {title}
        <span className="rak-visually-hidden"> {words.opensInNewTab}</span>
      </a>
      {title !== site && <span className="rak-source-site">{site}</span>}
    </>
  );
}

/** The page's URL when it is one a link may open: `http:` or `https:` as the browser's own parser reads it. */
function webUrl(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
