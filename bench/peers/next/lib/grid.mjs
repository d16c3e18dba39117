// The peer's data and markup: Фреш's query on a pool of its own, its cards as React elements from the
// templates the bench cut (PEER_CONFIG). peer-runtime.mjs is bundled by the bench from bench/peers/peer-runtime.ts.
// Read on the first request: `next build` imports this module without a configuration.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cardOf, cardValues, parseTemplate, signature, templateElements } from './peer-runtime.mjs';

let peer;

function setUp() {
  if (peer) return peer;
  const config = JSON.parse(readFileSync(process.env.PEER_CONFIG, 'utf8'));
  peer = {
    config,
    pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
    templates: new Map(Object.entries(config.templates).map(([shape, html]) => [shape, parseTemplate(html)])),
    gridClass: /class="([^"]*)"/.exec(config.gridOpen)?.[1],
  };
  return peer;
}

export async function query() {
  const { config, pool } = setUp();
  const result = await pool.query({ text: config.sql, values: config.params, rowMode: 'array' });
  return result.rows;
}

export function renderGrid(rows, h) {
  const { config, templates, gridClass } = setUp();
  const now = new Date();
  const cards = rows.map((row, index) => {
    const card = cardOf(row, config.fields, now);
    const shape = signature(card, index, config.eagerCount);
    const template = templates.get(shape);
    if (!template) throw new Error(`no template for a card of shape ${shape}`);
    return templateElements(template, cardValues(card, `c${index}`), h, card._id)[0];
  });
  return h('ul', { className: gridClass }, cards);
}
