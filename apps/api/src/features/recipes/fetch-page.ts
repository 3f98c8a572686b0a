/**
 * Fetches a recipe page for the server, safely (SSRF): http(s) only, no credentials in the address, the
 * host on the allowed list, DNS resolved once and the connection pinned to the checked address, at most
 * 5 redirects (each checked again), 5 MB and 10 s. Every refusal is a 4xx with a message a person reads.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WorkAbortedError, isAbort } from '../../lib/fair-share.ts';
import { HttpError, badRequest, forbidden, unavailable } from '../../lib/http-error.ts';

export const MAX_BYTES = 5 * 1024 * 1024;
export const TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export const DEFAULT_RECIPE_DOMAINS = [
  'allrecipes.com', 'bbcgoodfood.com', 'bbc.co.uk', 'seriouseats.com', 'foodnetwork.com', 'food.com',
  'epicurious.com', 'bonappetit.com', 'simplyrecipes.com', 'delish.com', 'tasty.co', 'budgetbytes.com',
  'cookieandkate.com', 'loveandlemons.com', 'minimalistbaker.com', 'smittenkitchen.com', 'thekitchn.com',
  'jamieoliver.com', 'nytimes.com', 'eatingwell.com', 'tasteofhome.com', 'bettycrocker.com',
  'kingarthurbaking.com', 'recipetineats.com', 'skinnytaste.com', 'pinchofyum.com', 'chefkoch.de',
  'marmiton.org', 'giallozafferano.it', 'taste.com.au', 'olivemagazine.com', 'delicious.com.au',
];

export interface FetchOptions {
  /** Host names (a site and its subdomains); `*` allows any public host. */
  allowedDomains: string[];
  /** Tests only: loopback addresses may be fetched. Private, link-local and metadata addresses never. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** The request's: when its client goes away the download stops (an AbortError, which the API answers 499). */
  signal?: AbortSignal;
}

export interface FetchedPage {
  url: string;
  html: string;
}

export const domainOf = (host: string) => host.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');

export function isAllowedDomain(host: string, allowed: string[]): boolean {
  if (allowed.includes('*')) return true;
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((d) => {
    const dom = d.toLowerCase().replace(/^\*?\./, '');
    return h === dom || h.endsWith('.' + dom);
  });
}

/**
 * Only global unicast addresses. ipaddr.js names every special range (private, loopback, linkLocal — which
 * holds the 169.254.169.254 metadata address —, carrierGradeNat, multicast, uniqueLocal, ipv4Mapped, …).
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  // ::/96, the deprecated IPv4-compatible form ("::7f00:1" is 127.0.0.1), which ipaddr.js calls unicast.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  return addr.range() === 'unicast';
}

function isLoopback(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.parse(ip).range() === 'loopback';
}

/** Checks the address syntax and the site; throws the refusal a person reads. */
export function checkUrl(raw: string, allowedDomains: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('This is not a valid web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('Only http and https addresses can be imported');
  if (url.username || url.password) throw badRequest('Web addresses with a user name or password are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw badRequest('This is not a valid web address');
  if (!isAllowedDomain(host, allowedDomains)) throw forbidden(`Recipes from ${domainOf(host)} are not supported`);
  return url;
}

/** Resolves once; refuses when any answer is not public, so a rebinding name cannot choose later. */
async function resolveChecked(host: string, allowLoopback: boolean): Promise<{ address: string; family: number }> {
  let answers: { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      // Only "no such name" is the address's fault; a resolver that cannot be reached (EAI_AGAIN, no network) is ours.
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new HttpError(422, `The site ${host} could not be found`);
      throw unavailable(`The site ${host} could not be reached: the server could not look the name up. Try again later.`);
    }
  }
  if (!answers.length) throw new HttpError(422, `The site ${host} could not be found`);
  for (const a of answers) {
    if (!isPublicAddress(a.address) && !(allowLoopback && isLoopback(a.address))) {
      throw forbidden('This address points to a private or local network and cannot be fetched');
    }
  }
  return answers[0]!;
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
}

function requestOnce(url: URL, pinned: { address: string; family: number }, deadline: number, maxBytes: number, signal?: AbortSignal): Promise<Hop> {
  // The socket connects to the address we checked, whatever the resolver would answer now.
  const pin: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as any)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) return reject(tooSlow());
    if (signal?.aborted) return reject(new WorkAbortedError(signal.reason));
    const req = mod.get(url, { lookup: pin, headers: { 'user-agent': 'NutritionTracker/0.1 (recipe import)', accept: 'text/html,application/xhtml+xml' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        clearTimeout(timer);
        return resolve({ status, location: res.headers.location });
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        req.destroy();
        clearTimeout(timer);
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          req.destroy(tooLarge());
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status, body: Buffer.concat(chunks) });
      });
      res.on('error', (e) => reject(signal?.aborted ? new WorkAbortedError(signal.reason) : e instanceof HttpError ? e : unavailable(`The recipe page could not be loaded (${(e as { code?: string }).code ?? e.message}). Try again later.`)));
    });
    const timer = setTimeout(() => req.destroy(tooSlow()), left);
    const onAbort = () => req.destroy(new WorkAbortedError(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => signal?.removeEventListener('abort', onAbort));
    req.on('error', (e) => {
      clearTimeout(timer);
      // The site's side (refused, reset, TLS): not the request's fault, so 503 as for other services we cannot reach.
      reject(e instanceof HttpError || isAbort(e) ? e : unavailable(`The recipe page could not be loaded (${(e as { code?: string }).code ?? e.message}). Try again later.`));
    });
  });
}

const tooLarge = () => new HttpError(413, 'The recipe page is larger than 5 MB');
const tooSlow = () => new HttpError(422, 'The recipe page took longer than 10 seconds to load');

export async function fetchPage(raw: string, opts: FetchOptions): Promise<FetchedPage> {
  const deadline = Date.now() + (opts.timeoutMs ?? TIMEOUT_MS);
  let url = checkUrl(raw, opts.allowedDomains);
  for (let hops = 0; ; hops++) {
    const pinned = await resolveChecked(url.hostname.replace(/^\[|\]$/g, ''), opts.allowLoopback);
    const hop = await requestOnce(url, pinned, deadline, opts.maxBytes ?? MAX_BYTES, opts.signal);
    if (hop.location) {
      if (hops >= MAX_REDIRECTS) throw badRequest('The recipe page redirected more than 5 times');
      url = checkUrl(new URL(hop.location, url).toString(), opts.allowedDomains);
      continue;
    }
    if (hop.status >= 500) throw unavailable(`The recipe site answered ${hop.status}. Try again later.`);
    if (hop.status < 200 || hop.status >= 300) throw new HttpError(422, `The recipe page answered ${hop.status}`);
    return { url: url.toString(), html: hop.body!.toString('utf8') };
  }
}
