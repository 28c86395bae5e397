import { Fragment, type ReactNode } from 'react';
import type { InlineNode } from './inline-node';
import { safeUrl } from './safe-url';

/** Link attributes: a link in a chat message never gets the opener or a referrer, nor ranking. */
const LINK_TARGET = '_blank';
const LINK_REL = 'noopener noreferrer nofollow';

function renderLink(key: number, url: string, title: string | undefined, children: ReactNode, insideLink: boolean, className?: string): ReactNode {
  // Refused URLs, and links nested in a link (invalid HTML), render their label only.
  const href = insideLink ? null : safeUrl(url);
  if (href === null) return <Fragment key={key}>{children}</Fragment>;
  return (
    <a key={key} href={href} title={title} target={LINK_TARGET} rel={LINK_REL} className={className}>
      {children}
    </a>
  );
}

function renderNode(node: InlineNode, key: number, insideLink: boolean): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return <strong key={key}>{renderInline(node.children, insideLink)}</strong>;
    case 'emphasis':
      return <em key={key}>{renderInline(node.children, insideLink)}</em>;
    case 'strike':
      return <del key={key}>{renderInline(node.children, insideLink)}</del>;
    case 'link':
      return renderLink(key, node.url, node.title, renderInline(node.children, true), insideLink);
    case 'image':
      // Never an <img>: loading a remote image would tell its host who reads the message.
      return renderLink(key, node.url, node.title, node.alt || node.url, insideLink, 'rak-md-image-link');
    case 'hard-break':
      return <br key={key} />;
    case 'soft-break':
      return '\n';
  }
}

/**
 * Renders inline nodes to React elements; text is always a React text child, so markup in
 * the source can never become HTML.
 *
 * @example
 * <p>{renderInline(parseInline('**Hi** [docs](https://example.com)'))}</p>
 */
export function renderInline(nodes: readonly InlineNode[], insideLink = false): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, insideLink));
}
