import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { webCacheControl } from './web-cache.js';

/** Written by the web build (apps/web/vite-route-preloads.ts): page path -> the chunks it loads first. */
const ROUTE_PRELOADS = '.vite/route-preloads.json';
/** A hashed script of the build's assets: the only thing the file may add to a page. */
const ASSET_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

const routePreloads = async (webDist: string): Promise<Record<string, unknown>> => {
  try {
    return JSON.parse(await fs.readFile(path.join(webDist, ROUTE_PRELOADS), 'utf8')) as Record<string, unknown>;
  } catch {
    // An older build or none: every page gets index.html as it is.
    return {};
  }
};

/**
 * The console's HTML for a page path the build lists (sign-in, the dashboard, the projects list):
 * index.html with a modulepreload link for each chunk that page loads first, so the browser fetches
 * them beside the entry rather than after it has run. Null for any other page. The request's path
 * only picks an entry of the build's file; nothing of the request is written into the page. Read on
 * each request, like the build's other files, so a rebuilt console is served without a restart.
 */
export const pageWithPreloads = async (webDist: string, pagePath: string): Promise<string | null> => {
  const files = (await routePreloads(webDist))[pagePath];
  if (!Array.isArray(files) || files.length === 0) return null;
  const links = files
    .filter((file): file is string => typeof file === 'string' && ASSET_SCRIPT.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const html = await fs.readFile(path.join(webDist, 'index.html'), 'utf8');
  return html.replace('</head>', `${links}</head>`);
};

/** Answers a GET of one of the console's pages (the single-page app's routes, '/' included). */
export const sendConsolePage = async (reply: FastifyReply, webDist: string, pagePath: string) => {
  const html = await pageWithPreloads(webDist, pagePath);
  if (html === null) return reply.sendFile('index.html');
  return reply.type('text/html; charset=utf-8').header('cache-control', webCacheControl('index.html')).send(html);
};
