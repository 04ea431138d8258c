import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/**
 * The landing screens that name the kits, each one or more keys of the landings map: `login` is
 * the first, and takes whatever it loads; every other shared chunk goes to the kit named by the
 * exact set of landings that load it (`kit-intranet`, `kit-extranet-contract`…).
 */
export type KitLandings = Array<[name: string, landings: string[]]>;

/** The kit of the shared code that every signed-in landing loads. */
const WIDEST = 'kit-signed-in';
/** The app's code that the entry loads from a file of its own (see kitGroups). */
const ENTRY_SHARED = 'app-core';
/** A kit smaller than this (minified, before compression) joins the widest one. */
const MIN_KIT_BYTES = 8 * 1024;

/** Set while the first pass runs, so that its configuration does not start a first pass again. */
const FIRST_PASS = 'RESEAU_CHUNK_FIRST_PASS';

/**
 * Shared code in a few chunks per landing screen instead of the bundler's one chunk per set of
 * screens sharing it. Left alone, rolldown gave the intranet's home 107 script files, most of
 * them 1 to 2 KB (one Mantine component, one icon, one API client): on a phone, 150 ms away and
 * six connections at a time, their round trips and headers cost more than their bytes.
 *
 * Which module a screen really loads is known only once the bundler has shaken the unused
 * exports out (the UI kit and the contracts are reached through barrel files that import
 * everything), so the build runs twice: a first pass, not written, with the automatic chunks;
 * then each module of a shared chunk goes to the kit of the landings that load that chunk. A
 * landing loads the same bytes as before (no more), in a few files; a screen that is not a
 * landing may load a kit with more than it needs (the kits are small, and cached by then).
 * Shared code no landing takes stays automatic.
 *
 * Returns the `codeSplitting.groups` entry of the second pass, or nothing during the first.
 */
export async function kitGroups(options: {
  root: string;
  landings: Record<string, string[]>;
  kits: KitLandings;
  /**
   * The modules the landings load right after their first paint (the shells' header controls,
   * the confirmation dialog): the shared code they need and no landing loads goes to one kit
   * too, `kit-<name>`, instead of a dozen small files fetched once the screen is up.
   */
  later?: { name: string; modules: string[] };
}) {
  if (process.env[FIRST_PASS]) return [];
  const { chunks, imports } = await firstPass(options.root);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));

  /** The chunk files a landing loads: its modules' chunks and everything they import statically. */
  const loadedBy = (landing: string): Set<string> => {
    const modules = options.landings[landing];
    if (!modules) throw new Error(`chunk-groups: no landing ${landing} (see vite.config.ts)`);
    return loadedByModules(modules);
  };
  /** The chunk files that `modules` load: their chunks and everything they import statically. */
  const loadedByModules = (modules: string[]): Set<string> => {
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    for (const module of modules) {
      const start = chunks.find((c) => c.facadeModuleId === resolve(options.root, module));
      if (!start) throw new Error(`chunk-groups: no chunk for ${module} (renamed? update vite.config.ts)`);
      visit(start);
    }
    return files;
  };
  const kits = options.kits.map(([name, landings]) => {
    const files = landings.map(loadedBy);
    return { name, loads: (file: string) => files.some((f) => f.has(file)) };
  });

  // Each shared chunk's kit: the login's if the login loads it, else the one of its exact takers.
  const later = options.later ? { kit: `kit-${options.later.name}`, files: loadedByModules(options.later.modules) } : null;
  const screensLoad = new Set(Object.keys(options.landings).flatMap((landing) => [...loadedBy(landing)]));
  const [login, ...signedIn] = kits;
  if (!login) throw new Error('chunk-groups: no landings for the kits (see vite.config.ts)');
  const loginKit = `kit-${login.name}`;
  const isVendor = (chunk: OutputChunk) => /^(react|router|query|rolldown-runtime)$/.test(chunk.name);
  // The app's own code that the entry loads but that the bundler put beside it (shared with the
  // screens: the API client, the session, the early requests' paths) is one more file of the
  // entry's, never a kit's: a kit that the login loads imports the entry, and the entry would
  // import that kit back.
  const entryShared = new Set<string>();
  const takeEntryImports = (chunk: OutputChunk) => {
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (!next || isVendor(next) || entryShared.has(file)) continue;
      entryShared.add(file);
      takeEntryImports(next);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) takeEntryImports(chunk);
  const kitOfChunk = new Map<OutputChunk, string>();
  for (const chunk of chunks) {
    // The entry and its vendor chunks, and each screen's own chunk, are already one file.
    if (chunk.isEntry || chunk.isDynamicEntry || isVendor(chunk)) continue;
    if (entryShared.has(chunk.fileName)) {
      kitOfChunk.set(chunk, ENTRY_SHARED);
      continue;
    }
    if (login.loads(chunk.fileName)) {
      kitOfChunk.set(chunk, loginKit);
      continue;
    }
    const takers = signedIn.filter((kit) => kit.loads(chunk.fileName));
    if (takers.length === 0) {
      // Only what no screen loads for its first paint: a hook or a checkbox that a list needs
      // would otherwise bring the whole kit (menus, pop-overs, their positioning) into that list.
      if (later?.files.has(chunk.fileName) && !screensLoad.has(chunk.fileName)) kitOfChunk.set(chunk, later.kit);
      continue;
    }
    kitOfChunk.set(chunk, takers.length === signedIn.length ? WIDEST : `kit-${takers.map((k) => k.name).join('-')}`);
  }
  // A kit of a few hundred bytes would cost its landings a round trip for nothing: it goes to the
  // kit that every signed-in landing loads, a little more for some of them but no more files.
  const size = new Map<string, number>();
  for (const [chunk, kit] of kitOfChunk) size.set(kit, (size.get(kit) ?? 0) + chunk.code.length);
  const kitOf = new Map<string, string>();
  for (const [chunk, kit] of kitOfChunk) {
    const kept = kit === loginKit || kit === later?.kit || kit === ENTRY_SHARED;
    const merged = !kept && (size.get(kit) ?? 0) < MIN_KIT_BYTES ? WIDEST : kit;
    for (const id of chunk.moduleIds) if (!id.startsWith('\0')) kitOf.set(id, merged);
  }
  // A module merged into the widest kit may import one that sits in a narrower kit (Mantine's Tabs,
  // used by the contract's page only, imports the direction context that the extranet's kit
  // holds): the widest kit would import that kit, which imports the widest one, and in that cycle
  // one of them runs before the other's exports exist. What the widest kit imports joins it.
  const pending = [...kitOf].filter(([, kit]) => kit === WIDEST).map(([id]) => id);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const dependency of imports.get(id) ?? []) {
      const kit = kitOf.get(dependency);
      if (kit === undefined || kit === WIDEST || kit === loginKit || kit === ENTRY_SHARED) continue;
      kitOf.set(dependency, WIDEST);
      pending.push(dependency);
    }
  }
  return [
    {
      name: (id: string) => kitOf.get(id) ?? null,
      test: (id: string) => kitOf.has(id),
      priority: 5,
      // A kit's modules only: by default a group also takes the modules they import, which would
      // pull the entry's own modules (the session, the HTTP client) into a kit, and the kit into
      // the entry. Each module's imports already sit in a kit of the same landings, or wider.
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * The chunks of the automatic split (this very configuration, without kits), not written, and
 * each module's static imports.
 */
async function firstPass(root: string): Promise<{ chunks: OutputChunk[]; imports: Map<string, readonly string[]> }> {
  process.env[FIRST_PASS] = '1';
  const imports = new Map<string, readonly string[]>();
  const moduleGraph: Plugin = {
    name: 'reseau-module-graph',
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  try {
    const config: InlineConfig = { root, logLevel: 'silent', build: { write: false }, plugins: [moduleGraph] };
    const result = await build(config);
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const chunks = outputs.flatMap((o) => o.output).filter((c): c is OutputChunk => c.type === 'chunk');
    return { chunks, imports };
  } finally {
    delete process.env[FIRST_PASS];
  }
}

/**
 * Fails the build if two chunks import each other, directly or not: in such a cycle one chunk
 * runs before the other's exports exist, and the app breaks in the browser only ("cannot read
 * properties of undefined"). The kits above are built not to make one; this checks that they don't.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'reseau-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const importsOf = new Map<string, string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') importsOf.set(file.fileName, file.imports);
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (file: string) => {
        const open = path.indexOf(file);
        if (open >= 0) this.error(`chunks import each other: ${[...path.slice(open), file].join(' -> ')}`);
        if (done.has(file)) return;
        path.push(file);
        for (const next of importsOf.get(file) ?? []) visit(next);
        path.pop();
        done.add(file);
      };
      for (const file of importsOf.keys()) visit(file);
    },
  };
}
