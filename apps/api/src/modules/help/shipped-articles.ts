import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ShippedArticle {
  slug: string;
  title: string;
  markdown: string;
}

const articlesDirectory = path.join(import.meta.dirname, 'articles');
let shippedArticles: ReadonlyMap<string, ShippedArticle> | undefined;

/** Splits a Markdown file into its first-level heading (the title) and the rest. */
export function splitArticle(slug: string, text: string): ShippedArticle {
  const match = /^#\s+(.+)\r?\n/.exec(text);
  if (!match?.[1]) throw new Error(`help article ${slug}.md must start with "# Title"`);
  return { slug, title: match[1].trim(), markdown: text.slice(match[0].length).trim() };
}

/** Prumo's pt-BR article of each screen, one Markdown file per route name, read once. */
export function listShippedArticles(): ReadonlyMap<string, ShippedArticle> {
  if (!shippedArticles) {
    const articles = new Map<string, ShippedArticle>();
    for (const name of readdirSync(articlesDirectory)
      .filter((file) => file.endsWith('.md'))
      .sort()) {
      const slug = name.slice(0, -'.md'.length);
      articles.set(slug, splitArticle(slug, readFileSync(path.join(articlesDirectory, name), 'utf8')));
    }
    shippedArticles = articles;
  }
  return shippedArticles;
}
