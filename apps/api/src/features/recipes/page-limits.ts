/**
 * What a recipe page may be before it is read (issue 39 item 2). A 3.4 MB page of 200,000 nested `<strong>` held the
 * whole process for 6 minutes and ended in a stack overflow; JSON-LD steps nested 20,000 arrays deep overflowed the
 * steps' walk. These caps are checked by cheap linear scans before any DOM or object tree is built (htmlparser2's
 * streaming tokenizer keeps only a stack of open tag names; the JSON scan keeps a counter), and each stops at the
 * first element or bracket past its cap.
 *
 * Real recipe pages have 2,000–20,000 elements nested fewer than 60 deep, and JSON-LD about 10 deep: the caps are far
 * above them. Past a cap the page answers 422 with a message naming the cap.
 */
import { Parser } from 'htmlparser2';

/** fetch-page.ts's MAX_BYTES (not imported: this module runs in the page threads, which need none of the fetching). */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PAGE_ELEMENTS = 100_000;
export const MAX_PAGE_DEPTH = 512;
export const MAX_JSON_LD_DEPTH = 64;

/** A page past one of the caps; the worker's error comes back to the API by this name (extract-pool.ts). */
export class PageLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageLimitError';
  }
}

export const tooDeep = () => new PageLimitError(`This page is too deeply nested to read (more than ${MAX_PAGE_DEPTH} levels)`);
const tooManyElements = () => new PageLimitError(`This page has too many elements to read (more than ${MAX_PAGE_ELEMENTS.toLocaleString('en-US')})`);
const tooLarge = () => new PageLimitError(`This page is too large to read (more than ${MAX_PAGE_BYTES / 1024 / 1024} MB)`);
const jsonTooDeep = () => new PageLimitError(`This page's recipe data is too deeply nested to read (more than ${MAX_JSON_LD_DEPTH} levels)`);

/**
 * Throws PageLimitError when `html` is larger, has more elements or nests deeper than the caps. htmlparser2 closes
 * void elements and the tags the HTML rules close implicitly (a `<p>` before a `<div>`, an `<li>` before the next), so
 * its depth follows what the DOM will have. Script and style contents are text to it, as to the browser.
 */
export function checkMarkup(html: string): void {
  // A page decoded from at most MAX_PAGE_BYTES bytes has at most as many UTF-16 units (an invalid byte is one U+FFFD).
  if (html.length > MAX_PAGE_BYTES) throw tooLarge();
  if (!html.includes('<')) return;
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++elements > MAX_PAGE_ELEMENTS) throw tooManyElements();
        if (++depth > MAX_PAGE_DEPTH) throw tooDeep();
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
}

/** Throws PageLimitError when a JSON text nests arrays and objects deeper than MAX_JSON_LD_DEPTH (brackets inside strings do not count). */
export function checkJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_LD_DEPTH) throw jsonTooDeep();
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}
