#!/usr/bin/env node
/**
 * How much JavaScript a page needs before it shows: for each page below, the chunks index.html
 * loads (the entry and its static imports, transitively) plus the chunks of the screens the
 * router loads lazily for that page (and their static imports), measured raw, gzipped (level 9)
 * and with Brotli (quality 11) as the server sends them.
 *
 *   node scripts/route-weight.mjs            build into node_modules/.cache/route-weight, then measure
 *   node scripts/route-weight.mjs --dist DIR measure an existing build made with `vite build --manifest`
 *   node scripts/route-weight.mjs --max-kb N exit 1 when /login's gzipped JS is over N KB (1 KB = 1000 bytes)
 *
 * `npm run weight` runs the first form (docs/bench.md, 'First route weight'). The build's manifest
 * (.vite/manifest.json) names the chunks; the app's own build (npm run build) writes none, so
 * the server does not embed one. No dependencies beyond Vite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('..', import.meta.url));

/** The signed-in frame (navigation), loaded lazily with every signed-in page. */
const SHELL = 'src/features/shell/routes/index.ts';
/** The application's section pages. */
const SECTIONS = 'src/app/routes/SectionRoutes.tsx';

/**
 * The pages measured, each with the modules the router imports lazily to show it (the keys of
 * the manifest: source paths from web/). The layouts and guards are in the entry.
 */
const PAGES = [
  { page: '/login', lazy: ['src/features/auth/routes/index.ts'] },
  { page: '/remortgaging (case list)', lazy: [SHELL, 'src/features/cases/routes/index.ts'] },
  { page: '/remortgaging/{caseId} (case page)', lazy: [SHELL, 'src/app/routes/CaseRoutes.tsx'] },
  { page: '/remortgaging/{caseId}/application/…', lazy: [SHELL, SECTIONS] },
  { page: '/staff/… (back office)', lazy: ['src/features/staff/routes/index.ts'] },
];

function parseArgs(argv) {
  const args = { dist: null, maxKb: null, top: 12 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dist') args.dist = resolve(argv[++i]);
    else if (arg === '--max-kb') args.maxKb = Number(argv[++i]);
    else if (arg === '--top') args.top = Number(argv[++i]);
    else {
      console.error(`unknown argument: ${arg}`);
      process.exit(2);
    }
  }
  return args;
}

async function build(outDir) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    root: WEB,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Every chunk file `keys` need: the chunks themselves and their static imports. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key} (update PAGES)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

function measure(dist, file, cache) {
  if (!cache.has(file)) {
    const bytes = readFileSync(join(dist, file));
    cache.set(file, {
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    });
  }
  return cache.get(file);
}

function sum(rows, field) {
  return rows.reduce((total, row) => total + row[field], 0);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let dist = args.dist;
  if (!dist) {
    dist = join(WEB, 'node_modules', '.cache', 'route-weight');
    await build(dist);
  }
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: build with \`vite build --manifest\``);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const cache = new Map();

  const results = PAGES.map(({ page, lazy }) => {
    const rows = [...closure(manifest, [entry, ...lazy])].map((f) => measure(dist, f, cache));
    return { page, rows };
  });
  const first = closure(manifest, [entry]);

  console.log('JavaScript a page needs before it shows (KB = 1000 bytes)\n');
  console.log(
    `${'page'.padEnd(40)} ${'chunks'.padStart(6)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`,
  );
  const line = (label, rows) =>
    console.log(
      `${label.padEnd(40)} ${String(rows.length).padStart(6)} ${kb(sum(rows, 'raw')).padStart(8)} ${kb(sum(rows, 'gzip')).padStart(8)} ${kb(sum(rows, 'brotli')).padStart(8)}`,
    );
  line(
    'index.html (entry + static imports)',
    [...first].map((f) => measure(dist, f, cache)),
  );
  results.forEach(({ page, rows }) => line(page, rows));

  const login = results[0];
  console.log(`\nLargest chunks of ${login.page} (gzip):`);
  [...login.rows]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, args.top)
    .forEach((row) => {
      const where = first.has(row.file) ? 'entry' : 'lazy';
      console.log(`  ${kb(row.gzip).padStart(7)}  ${where.padEnd(5)}  ${row.file}`);
    });

  if (args.maxKb !== null) {
    const total = sum(login.rows, 'gzip') / 1000;
    if (total > args.maxKb) {
      console.error(`\n${login.page}: ${total.toFixed(1)} KB gzipped, over ${args.maxKb} KB`);
      process.exit(1);
    }
  }
}

await main();
