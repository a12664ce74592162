import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { findCurrentParallelIndex, findServerDataDir } from '../servers';

/**
 * The e-mails the API under test "sends": each one is an .eml file in DATA_DIR/mail of this
 * worker's server (playwright.config.ts gives each a fresh DATA_DIR on every run).
 */
const mailDirectory = path.join(findServerDataDir(findCurrentParallelIndex()), 'mail');

export interface ReceivedEmail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
}

/** Quoted-printable: soft line breaks (`=` at a line end) vanish and `=XX` are bytes of UTF-8. */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const character = joined[index] ?? '';
    const hex = joined.slice(index + 1, index + 3);
    if (character === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) of a header, decoded. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_whole, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function readHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with leading white space.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHeadersAndBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  const encoding = (transferEncoding ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain part of a message (single part or multipart), decoded. */
function readPlainText(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return decodeBody(body, headers.get('content-transfer-encoding'));
  for (const part of body.split(`--${boundary}`)) {
    const [partHeaderBlock, partBody] = splitHeadersAndBody(part.replace(/^\r?\n/, ''));
    const partHeaders = readHeaders(partHeaderBlock);
    const partType = partHeaders.get('content-type') ?? '';
    if (/^multipart\//i.test(partType)) {
      const nested = readPlainText(partHeaders, partBody);
      if (nested) return nested;
    } else if (/^text\/plain/i.test(partType)) {
      return decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    }
  }
  return '';
}

export function parseEmail(file: string, raw: string): ReceivedEmail {
  const [headerBlock, body] = splitHeadersAndBody(raw);
  const headers = readHeaders(headerBlock);
  return {
    file,
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: readPlainText(headers, body),
  };
}

/** Every e-mail addressed to `recipient`, oldest first (the file names start with the time sent). */
export async function readEmailsTo(recipient: string): Promise<ReceivedEmail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDirectory)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const emails: ReceivedEmail[] = [];
  for (const file of files) {
    const email = parseEmail(file, await readFile(path.join(mailDirectory, file), 'utf8'));
    if (email.to.toLowerCase().includes(recipient.toLowerCase())) emails.push(email);
  }
  return emails;
}

/** The newest e-mail addressed to `recipient`, or null when none came yet. */
export async function readNewestEmailTo(recipient: string): Promise<ReceivedEmail | null> {
  const emails = await readEmailsTo(recipient);
  return emails.at(-1) ?? null;
}

/** The e-mail-confirmation link (http…/{organization}/confirmar/{token}) of a message, or null. */
export function findConfirmationLink(email: ReceivedEmail): string | null {
  return /https?:\/\/\S+?\/confirmar\/[A-Za-z0-9_-]+/.exec(email.text)?.[0] ?? null;
}

/** The confirmation link of the newest e-mail to `recipient`, or null while none came. */
export async function readConfirmationLinkTo(recipient: string): Promise<string | null> {
  const email = await readNewestEmailTo(recipient);
  return email ? findConfirmationLink(email) : null;
}
