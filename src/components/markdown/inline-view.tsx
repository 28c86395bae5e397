import { Fragment, type ReactNode } from 'react';
import type { InlineNode } from './inline-node';
import { safeUrl } from './safe-url';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { revealText } from '../visible-text/visible-text';

/** Link attributes: a link in a chat message never gets the opener or a referrer, nor ranking. */
const LINK_TARGET = '_blank';
const LINK_REL = 'noopener noreferrer nofollow';

function renderLink(key: number, url: string, title: string | undefined, children: ReactNode, insideLink: boolean, className?: string): ReactNode {
  // Refused URLs, and links nested in a link (invalid HTML), render their label only.
  const href = insideLink ? null : safeUrl(url);
  if (href === null) return <Fragment key={key}>{children}</Fragment>;
  return (
    <a key={key} href={href} title={title === undefined ? undefined : escapeInvisible(title, 'prose')} target={LINK_TARGET} rel={LINK_REL} className={className}>
      {children}
    </a>
  );
}

function renderNode(node: InlineNode, key: number, insideLink: boolean): ReactNode {
  switch (node.type) {
    case 'text':
      // Prose: what a reply can use to mislead (direction overrides, tags) is marked; emoji stay.
      return revealText(node.text, 'prose', key);
    case 'code':
      return <code key={key}>{revealText(node.text)}</code>;
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
      return renderLink(key, node.url, node.title, revealText(node.alt || node.url, 'prose'), insideLink, 'rak-md-image-link');
    case 'hard-break':
      return <br key={key} />;
    case 'soft-break':
      return '\n';
  }
}

/**
 * Renders inline nodes to React elements; text is always a React text child, so markup in
 * the source can never become HTML. Invisible characters show as `U+XXXX` marks: every one in
 * code, and in prose those that can mislead (see `revealInvisible`); a text without any costs
 * one regular-expression test and no extra nodes.
 *
 * @example
 * <p>{renderInline(parseInline('**Hi** [docs](https://example.com)'))}</p>
 */
export function renderInline(nodes: readonly InlineNode[], insideLink = false): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, insideLink));
}
