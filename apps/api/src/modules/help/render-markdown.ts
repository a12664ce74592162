import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

/**
 * What an article may contain once rendered: text formatting, lists, tables, links and images.
 * No script, style, frame, form or event attribute survives, and links and images keep only
 * http(s), mailto and same-site addresses — a `javascript:` link loses its address.
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave Prumo in another tab, without telling the other site where they came from.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};
allowed.allowedAttributes = { ...allowed.allowedAttributes, a: ['href', 'title', 'target', 'rel'] };

/** An article's Markdown as HTML that runs nothing, whoever wrote it. */
export function renderArticleMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), allowed);
}
