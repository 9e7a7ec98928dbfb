import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from '@typescript/typescript6';
import { describe, expect, it } from 'vitest';

/*
 * The documents a newcomer reads stay true to the repository: their links and `path:line`
 * references resolve inside it, the configuration they list is what the code reads, the
 * requirement ids the code cites exist, and the entry documents stay short.
 */

const root = path.resolve(__dirname, '..');
const self = path.relative(root, __filename);
/** Folders of tools, builds, data and test output: never the project's own text. */
const SKIPPED = new Set(['node_modules', '.git', '.data', 'test-results', 'reports', 'playwright-report', 'blob-report', 'out', '.stryker-tmp', 'bench/.work']);

function filesUnder(dir = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const relative = path.relative(root, file);
    if (SKIPPED.has(entry.name) || SKIPPED.has(relative) || entry.name.startsWith('.next')) continue;
    if (entry.isDirectory()) found.push(...filesUnder(file));
    else found.push(relative);
  }
  return found;
}

const files = filesUnder();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const markdownFiles = files.filter((file) => file.endsWith('.md'));
/** Source, configuration and data the code is made of (the documents' checks leave themselves out). */
const codeFiles = files.filter((file) => file !== self && /\.(ts|tsx|mts|mjs|cjs|js|json|css|sh|ya?ml|template)$|(^|\/)Dockerfile$|^\.ci\/run$/.test(file) && file !== 'package-lock.json');

/** Markdown without its fenced blocks and inline code: what a reader sees as prose and links. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors of a Markdown file's headings. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count ? `${slug}-${count}` : slug);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Every problem with the links of one Markdown file: outside the repository, missing, or a missing anchor. */
function linkProblems(file: string, text: string, exists: (relative: string) => boolean, anchors: (relative: string) => Set<string>): string[] {
  const problems: string[] = [];
  const visible = prose(text);
  const targets = [
    ...[...visible.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...visible.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!),
    ...[...visible.matchAll(/<((?:https?|ftp|mailto):[^>\s]+)>/g)].map((match) => match[1]!),
    ...[...visible.matchAll(/(?<![(<\w])\b(https?:\/\/[^\s)>\]]+)/g)].map((match) => match[1]!),
  ];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
      problems.push(`${file}: ${target} leaves the repository`);
      continue;
    }
    const [pathPart, anchor] = target.split('#') as [string, string | undefined];
    const resolved = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart))) : file;
    if (resolved.startsWith('..') || path.posix.isAbsolute(resolved)) {
      problems.push(`${file}: ${target} leaves the repository`);
      continue;
    }
    if (!exists(resolved)) {
      problems.push(`${file}: ${target} does not exist`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) problems.push(`${file}: ${target} names no heading of ${resolved}`);
  }
  return problems;
}

/** `path/to/file.ts:12` (or `:12-20`) references whose file is missing or shorter than the line named. */
function lineProblems(file: string, text: string, lines: (relative: string) => number | undefined): string[] {
  const problems: string[] = [];
  const pattern = /(?<![\w/.@-])((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.(?:tsx?|mts|mjs|cjs|js|json|md|css|sh|ya?ml|template|conf)):(\d+)(?:-(\d+))?\b/g;
  for (const [reference, target, first, last] of text.matchAll(pattern)) {
    const candidates = [target!, path.posix.join(path.posix.dirname(file), target!)];
    const length = candidates.map(lines).find((count) => count !== undefined);
    if (length === undefined) problems.push(`${file}: ${reference} names no file of the repository`);
    else if (Number(last ?? first) > length) problems.push(`${file}: ${reference} is past the end of ${target} (${length} lines)`);
  }
  return problems;
}

const existsInRepo = (relative: string) => existsSync(path.join(root, relative));
const anchorsIn = (relative: string) => anchorsOf(read(relative));
const lineCount = (relative: string) => {
  const file = path.join(root, relative);
  return existsSync(file) && statSync(file).isFile() ? read(relative).split('\n').length : undefined;
};

describe('links and references in the Markdown files', () => {
  it('finds the documents', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'SECURITY.md', 'BENCHMARKS.md', 'docs/architecture.md', 'docs/requirements.md', 'docs/operations.md']));
  });

  it('resolve inside the repository, anchors included', () => {
    expect(markdownFiles.flatMap((file) => linkProblems(file, read(file), existsInRepo, anchorsIn))).toEqual([]);
  });

  it('name existing lines where they say file:line', () => {
    expect(markdownFiles.flatMap((file) => lineProblems(file, read(file), lineCount))).toEqual([]);
  });

  it('tell a link out of the repository, a missing file and a missing anchor apart', () => {
    const text = '[a](https://example.com) [b](../../elsewhere.md) [c](docs/missing.md) [d](README.md#no-such-heading) [e](README.md) `[f](https://in-code.example)`';
    expect(linkProblems('x.md', text, (relative) => relative === 'README.md', () => new Set(['run-it']))).toEqual([
      'x.md: https://example.com leaves the repository',
      'x.md: ../../elsewhere.md leaves the repository',
      'x.md: docs/missing.md does not exist',
      'x.md: README.md#no-such-heading names no heading of README.md',
    ]);
    expect(lineProblems('x.md', 'see `lib/a.ts:12` and lib/b.ts:3-40', (relative) => ({ 'lib/a.ts': 10, 'lib/b.ts': 50 })[relative])).toEqual(['x.md: lib/a.ts:12 is past the end of lib/a.ts (10 lines)']);
  });

  it('no file points outside the repository: no sibling checkout, no brief kept elsewhere', () => {
    const outside = new RegExp(['\\.\\./shared', 'DESIGN' + '\\.md', 'STYLE' + '\\.md', 'product-spec' + '\\.md'].join('|'));
    expect([...markdownFiles, ...codeFiles].filter((file) => outside.test(read(file)))).toEqual([]);
  });

  it('paths to the documents named in code comments exist', () => {
    const named = codeFiles.flatMap((file) =>
      [...read(file).matchAll(/(?<![\w/.-])((?:docs\/[\w./-]+|README|SECURITY|BENCHMARKS|CONTRIBUTING|CHANGELOG)\.md)\b/g)].map((match) => ({ file, target: match[1]! })),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ target }) => !existsInRepo(target)).map(({ file, target }) => `${file}: ${target}`)).toEqual([]);
  });
});

/** Set by the platform, not by whoever runs the site: the OS, Next.js and Stryker write these. */
const PLATFORM_VARIABLES = new Set(['HOME', 'PATH', 'TMPDIR', 'XDG_CACHE_HOME', 'NEXT_RUNTIME', 'NEXT_PHASE', 'STRYKER_MUTATOR_WORKER']);

/** Every environment variable a file reads, by the ways this code reads them. */
function variablesRead(file: string, text: string): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => name && names.add(name);
  if (/\.(tsx?|mts|mjs|cjs|js)$|(^|\/)Dockerfile$/.test(file)) {
    for (const match of text.matchAll(/process\.env\??\.([A-Z][A-Z0-9_]*)|process\.env\[['"`]([A-Z][A-Z0-9_]*)['"`]\]|\b(?:env|e)\.([A-Z][A-Z0-9_]+)\b/g)) add(match[1] ?? match[2] ?? match[3]);
  }
  if (/\.sh$|^\.ci\/run$/.test(file)) for (const match of text.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) add(match[1]);
  // A stack (compose) file reads `${NAME…}` from the operator's environment; `$${NAME}` is left for the container.
  if (/(compose|stack(\.\w+)?)\.ya?ml$/.test(file)) for (const match of text.matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)) add(match[1]);
  // lib/server/config.ts reads them through one zod schema; lib/server/limits.ts names each budget's setting.
  if (file === 'lib/server/config.ts') {
    const start = text.indexOf('const envSchema');
    for (const match of text.slice(start, text.indexOf('\n});', start)).matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) add(match[1]);
    // And each secret's file twin, <NAME>_FILE, of the FILE_VARIABLES list.
    const list = /FILE_VARIABLES = \[([^\]]*)\]/.exec(text)?.[1] ?? '';
    for (const match of list.matchAll(/'([A-Z][A-Z0-9_]+)'/g)) add(`${match[1]}_FILE`);
  }
  if (file === 'lib/server/limits.ts') for (const match of text.matchAll(/\benv: '([A-Z][A-Z0-9_]+)'/g)) add(match[1]);
  return [...names].filter((name) => !PLATFORM_VARIABLES.has(name));
}

/** The variables a Markdown file documents: the names in the first cell of its tables' rows. */
function variablesInTables(text: string): string[] {
  const names = new Set<string>();
  for (const [, cell] of text.matchAll(/^\|([^|\n]+)\|/gm)) for (const [, name] of cell!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  return [...names];
}

/** The variables `.env.example` lists, set or commented out. */
const variablesInEnvExample = (text: string) => [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);

describe('the environment variables', () => {
  const readByCode = [...new Set(codeFiles.flatMap((file) => variablesRead(file, read(file))))].sort();
  const inOperations = new Set(variablesInTables(read('docs/operations.md')));
  const inExample = new Set(variablesInEnvExample(read('.env.example')));

  it('are found where the code reads them', () => {
    expect(readByCode).toEqual(expect.arrayContaining(['API_BASE_URL', 'SESSION_SECRET', 'RATE_LIMIT_READS_PER_IP', 'SANDBOX_PORT', 'E2E_PORT', 'EDGE_CACHE_SECONDS']));
    expect(variablesRead('x.ts', 'process.env.A_B; process.env["C"]; const e = process.env; e.D_E; env.FG')).toEqual(['A_B', 'C', 'D_E', 'FG']);
    expect(variablesRead('x.sh', 'echo "${G:-1}" $H')).toEqual(['G', 'H']);
  });

  it('every one the code reads is in docs/operations.md and .env.example', () => {
    expect(readByCode.filter((name) => !inOperations.has(name)).map((name) => `${name}: not in docs/operations.md`)).toEqual([]);
    expect(readByCode.filter((name) => !inExample.has(name)).map((name) => `${name}: not in .env.example`)).toEqual([]);
  });

  it('every one documented is read somewhere', () => {
    const readSet = new Set(readByCode);
    const documented = [...new Set([...inOperations, ...inExample])];
    expect(documented.filter((name) => !readSet.has(name)).map((name) => `${name}: documented, read nowhere`)).toEqual([]);
  });
});

describe('the requirement ids', () => {
  const requirements = read('docs/requirements.md');
  const { rules } = JSON.parse(read('e2e/spec-rules.json')) as { rules: { id: string }[] };

  it('every rule id of e2e/spec-rules.json is listed in docs/requirements.md', () => {
    expect(rules.length).toBeGreaterThan(100);
    expect(rules.filter((rule) => !requirements.includes(`\`${rule.id}\``)).map((rule) => rule.id)).toEqual([]);
  });

  it('every section the code cites (spec §N, §N) has its heading in docs/requirements.md', () => {
    const sections = new Set([...requirements.matchAll(/^## §(\d+) /gm)].map((match) => match[1]));
    const cited = codeFiles.flatMap((file) => [...read(file).matchAll(/§\s?(\d+)/g)].map((match) => ({ file, section: match[1]! })));
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ section }) => !sections.has(section)).map(({ file, section }) => `${file}: §${section}`)).toEqual([]);
  });
});

describe('what the documents say of the code', () => {
  it('docs/architecture.md names every module of lib/ the sandbox imports, and no other', () => {
    const architecture = read('docs/architecture.md');
    const from = architecture.indexOf('The sandbox imports from `lib/` only');
    const paragraph = from < 0 ? '' : architecture.slice(from, architecture.indexOf('\n\n', from));
    const named = [...paragraph.matchAll(/`(lib\/[\w./-]+?)(?:\.ts|\/)?`/g)].map((match) => match[1]!).filter((name) => name !== 'lib');
    const imported = files
      .filter((file) => file.startsWith('sandbox/') && /\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'sandbox/test-support.ts')
      .flatMap((file) => [...read(file).matchAll(/from '@\/(lib\/[\w./-]+)'/g)].map((match) => match[1]!));
    expect(named.length).toBeGreaterThan(3);
    expect([...new Set(named)].sort()).toEqual([...new Set(imported)].sort());
  });

  it('SECURITY.md names every route of app/api among its entry points, and no other', () => {
    const security = read('SECURITY.md');
    const from = security.indexOf('**Entry points.**');
    const paragraph = from < 0 ? '' : security.slice(from, security.indexOf('\n\n', from));
    const named = [...paragraph.matchAll(/`(\/api\/[^`]*)`/g)].map((match) => match[1]!.replace(/\/<[^>]*>$/, ''));
    const routes = files
      .filter((file) => /^app\/api\/.*\/route\.ts$/.test(file))
      .map((file) => `/${path.posix.dirname(file).slice('app/'.length)}`.replace(/(\/\[[^\]]+\])+$/, '').replace(/\/\[\[?\.{3}[^\]]+\]\]?$/, ''));
    expect(routes.length).toBeGreaterThan(10);
    expect([...new Set(named)].sort()).toEqual([...new Set(routes)].sort());
  });
});

/** A count as the documents write it: a word up to twelve, or digits. */
function countOf(written: string): number {
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
  return /^\d+$/.test(written) ? Number(written) : words.indexOf(written.toLowerCase());
}

/** Whether this checkout has its history (an exported tree has none to check against). */
const hasHistory = spawnSync('git', ['rev-parse', '--git-dir'], { cwd: root }).status === 0;

describe('the changelog', () => {
  const changelog = read('CHANGELOG.md');
  const versions = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\][^\n]*\n+([^\n]*)/gm)].map((match) => ({ version: match[1]!, cut: /^Cut from ([0-9a-f]{7,40})\b/.exec(match[2]!)?.[1] }));

  it('names the commit each version was cut from, no git tag standing for it', () => {
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter(({ cut }) => !cut).map(({ version }) => `${version}: no "Cut from <commit>"`)).toEqual([]);
  });

  it.skipIf(!hasHistory)('names commits that exist', () => {
    const missing = versions.filter(({ cut }) => cut && spawnSync('git', ['cat-file', '-e', `${cut}^{commit}`], { cwd: root }).status !== 0);
    expect(missing.map(({ version, cut }) => `${version}: ${cut} is no commit of this repository`)).toEqual([]);
  });
});

describe('the counts the documents quote', () => {
  it('CONTRIBUTING.md counts the Playwright projects playwright.config.ts has, and names each', async () => {
    const { default: config } = await import('../playwright.config');
    const names = (config.projects ?? []).map((project) => project.name!);
    const contributing = read('CONTRIBUTING.md');
    const counts = [...contributing.matchAll(/\b(\w+) (?:Playwright )?projects\b/gi)].map((match) => match[1]!).filter((word) => countOf(word) >= 0);
    expect(names.length).toBeGreaterThan(1);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((word) => countOf(word) !== names.length).map((word) => `CONTRIBUTING.md says ${word} projects; playwright.config.ts has ${names.length}`)).toEqual([]);
    expect(names.filter((name) => !contributing.includes(`**${name}**`)).map((name) => `${name}: not named in CONTRIBUTING.md`)).toEqual([]);
  });

  it('README.md and CONTRIBUTING.md quote no number of tests, which nothing would keep current', () => {
    const quoted = (file: string) => [...prose(read(file)).matchAll(/\b\d[\d,]*\s+(?:\w+\s+)?tests\b/g)].map((match) => `${file}: ${match[0]}`);
    expect(['README.md', 'CONTRIBUTING.md'].flatMap(quoted)).toEqual([]);
    expect(countOf('six')).toBe(6);
    expect(countOf('12')).toBe(12);
  });
});

describe('the decision records', () => {
  const records = files.filter((file) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(file)).sort();
  const numberOf = (file: string) => path.posix.basename(file).slice(0, 4);
  /** A record's status paragraph, its links reduced to the numbers they name. */
  const statusOf = (file: string) =>
    (/^Status: ([\s\S]*?)\n\n/m.exec(read(file))?.[1] ?? '').replace(/\[(\d{4})\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ');
  /** proposed, accepted or superseded by NNNN: how a status begins. */
  const stateOf = (status: string) => /^(proposed|accepted|superseded by \d{4})\b/.exec(status)?.[1];
  /** What a status says another record did to this one: `superseded by 0014`, `amended by 0023`. */
  const marks = (status: string) => [...status.matchAll(/\b(superseded|amended) by (\d{4})\b/g)].map((match) => `${match[1]} by ${match[2]}`).sort();
  /** What a status says this record does to others: [kind, number]. */
  const claims = (status: string) => [...status.matchAll(/\b(supersedes|amends)\b[^;]*?\b(0\d{3})\b/g)].map((match) => [match[1]!, match[2]!] as const);
  const table = new Map([...read('docs/decisions/README.md').matchAll(/^\| \[(\d{4}) [^\]]*\]\([^)]+\) \| ([^|]+) \|$/gm)].map((match) => [match[1]!, match[2]!.trim()]));

  it('each opens with its status: proposed, accepted or superseded', () => {
    expect(records.length).toBeGreaterThan(20);
    expect(records.filter((file) => !stateOf(statusOf(file)))).toEqual([]);
  });

  it('docs/decisions/README.md lists every record with its state and what superseded or amended it', () => {
    expect([...table.keys()].sort()).toEqual(records.map(numberOf));
    const differ = records.filter((file) => {
      const cell = table.get(numberOf(file)) ?? '';
      const status = statusOf(file);
      return stateOf(cell) !== stateOf(status) || marks(cell).join() !== marks(status).join();
    });
    expect(differ.map((file) => `${numberOf(file)}: the README says "${table.get(numberOf(file))}", the record "${statusOf(file)}"`)).toEqual([]);
  });

  it('a record superseded or amended by another is named by it as such, and the other way round', () => {
    const byNumber = new Map(records.map((file) => [numberOf(file), statusOf(file)]));
    const problems: string[] = [];
    for (const [number, status] of byNumber) {
      for (const mark of marks(status)) {
        const [kind, , other] = mark.split(' ');
        const verb = kind === 'superseded' ? 'supersedes' : 'amends';
        if (!claims(byNumber.get(other!) ?? '').some(([claimed, target]) => claimed === verb && target === number)) problems.push(`${number} is ${mark}, which does not say it ${verb} ${number}`);
      }
      for (const [verb, target] of claims(status)) {
        const kind = verb === 'supersedes' ? 'superseded' : 'amended';
        if (!marks(byNumber.get(target) ?? '').includes(`${kind} by ${number}`)) problems.push(`${number} ${verb} ${target}, whose status does not say ${kind} by ${number}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The comments of a source file: parsed for code (a `//` in a string is none), by their markers elsewhere. */
function commentsOf(file: string, text: string): string[] {
  if (/\.(tsx?|mts|cts|mjs|cjs|js)$/.test(file)) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.Unknown);
    const found = new Map<number, string>();
    const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((range) => found.set(range.pos, text.slice(range.pos, range.end)));
    const visit = (node: ts.Node) => {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
      for (const child of node.getChildren(source)) visit(child);
    };
    visit(source);
    return [...found.values()];
  }
  if (file.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
  if (file.endsWith('.json')) return [];
  return [...text.matchAll(/(?:^|[ \t])#(?!!)[^\n]*/gm)].map((match) => match[0]);
}

/**
 * A run told as a story in a comment: what one run once got, a before-and-after figure. Such
 * figures belong in the commit's body or a decision record, with the commit that measured them;
 * the comment keeps the reason.
 */
const DIARY_IN_COMMENTS = [
  /\bonce got\b/i,
  /\b(?:an?|the|one) (?:e2e|test|CI|bench) run once\b/i,
  /\b\d[\d.,]*\s*[a-zA-Zµ%-]*\s+before,\s+[\d.,]+\s*[a-zA-Zµ%-]*\s+after\b/i,
  /\d\s?(?:→|->)\s?\d[\d.,]*\s?(?:ms|s|KB|KiB|MB|MiB|CPU-seconds|minutes|req\/s)\b/,
];

/** A path out of the repository: a developer's checkout or home, a file URL, or `../` past the root (quoted: an example of code). */
function outsidePaths(file: string, comment: string): string[] {
  const found = [...comment.matchAll(/(?<![\w.~-])\/(?:home|root|work|Users)\/[^\s'"`),;]*|file:\/\/\S*/g)].map((match) => match[0]);
  for (const [relative] of comment.matchAll(/(?<![\w.'"])(?:\.\.\/)+[\w.@-]+/g)) {
    if (path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)).startsWith('../')) found.push(relative);
  }
  return found;
}

describe('the code comments', () => {
  const suspect = [...DIARY_IN_COMMENTS.map((pattern) => pattern.source), '/(?:home|root|work|Users)/', 'file://', '\\.\\./'].join('|');

  it('keep no diary of runs', () => {
    const found = codeFiles
      .filter((file) => new RegExp(suspect, 'i').test(read(file)))
      .flatMap((file) => commentsOf(file, read(file)).flatMap((comment) => DIARY_IN_COMMENTS.map((pattern) => pattern.exec(comment)?.[0]).filter(Boolean).map((match) => `${file}: ${match}`)));
    expect(found).toEqual([]);
  });

  it('point at no path outside the repository', () => {
    const found = codeFiles
      .filter((file) => new RegExp(suspect, 'i').test(read(file)))
      .flatMap((file) => commentsOf(file, read(file)).flatMap((comment) => outsidePaths(file, comment).map((target) => `${file}: ${target}`)));
    expect(found).toEqual([]);
  });

  it('tell a diary and an outside path from a reason and a path of the repository', () => {
    const code = [
      '// the likely cause of the 502 an e2e run once got',
      '/* a run of x.test.ts: 405 ms before, 380 after */',
      "const url = 'http://a//b'; // a CPU's share, 417 → 227 CPU-seconds",
      '// see ../../../elsewhere/notes.md and /work/main/lib/x.ts, but ../ui/button.tsx is ours',
      "const s = '// 1 ms before, 2 after'; // maps 16 MB -> 4 MB: the rule's arithmetic",
    ].join('\n');
    const comments = commentsOf('lib/x/y.ts', code);
    expect(comments).toHaveLength(5);
    expect(comments.filter((comment) => DIARY_IN_COMMENTS.some((pattern) => pattern.test(comment))).map((comment) => comment.slice(0, 12))).toEqual(['// the likel', '/* a run of ', "// a CPU's s"]);
    expect(comments.flatMap((comment) => outsidePaths('lib/x/y.ts', comment))).toEqual(['/work/main/lib/x.ts', '../../../elsewhere']);
    // A quoted specifier is an example of code, not a reference: eslint.config.mjs's '../account/login-popup'.
    expect(outsidePaths('x.mjs', "// so '../account/login-popup' is refused")).toEqual([]);
    expect(commentsOf('x.sh', 'echo "#1" # a comment\n#!/bin/sh')).toEqual([' # a comment']);
  });
});

describe('the documents themselves', () => {
  it('keep the entry documents short: README at most 8 KB, BENCHMARKS at most 20 KB', () => {
    expect(statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(8 * 1024);
    expect(statSync(path.join(root, 'BENCHMARKS.md')).size).toBeLessThanOrEqual(20 * 1024);
  });

  it('keep SECURITY.md\'s table cells to 250 characters, its figures between the markers the suite\'s writer fills', () => {
    const security = read('SECURITY.md');
    const cells = [...security.matchAll(/^\|(.+)\|$/gm)].flatMap((row) => row[1]!.split(' | ').map((cell) => cell.trim()));
    expect(cells.filter((cell) => cell.length > 250)).toEqual([]);
    const figures = security.slice(security.indexOf('<!-- figures:'), security.indexOf('<!-- /figures -->'));
    expect(figures).toMatch(/^Measured by `e2e\/attack\.spec\.ts` in the run that ended \d{4}-\d{2}-\d{2} /m);
    expect(figures).toMatch(/^\| attack \| requests \| refused \| outcome \|$/m);
  });

  it('no comment, test title or document names an issue number; no document keeps a diary', () => {
    const issue = /\bissues? #?\d+/i;
    expect(codeFiles.filter((file) => issue.test(read(file)))).toEqual([]);
    const diary = /\bissues? #?\d+|\bthis stop\b|\bstop \d+\b|\btonight\b|\bthis morning\b|\bthe run of \d{4}-/i;
    expect(markdownFiles.filter((file) => diary.test(read(file)))).toEqual([]);
  });
});
