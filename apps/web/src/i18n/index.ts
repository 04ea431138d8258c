/**
 * The French catalogue and its `t()`. One language, so no i18next: keys with dots, `{{name}}`
 * interpolation and `_one` / `_other` plurals by `count` (French rules) are all the app uses,
 * and this costs a few hundred bytes on the login route instead of 15 KB (see decisions.md).
 *
 * The catalogue is five files: fr.json (sign-in, errors: what every route needs) here,
 * fr.shell.json (menus, page titles, the shells' texts) and fr.intranet.json or fr.extranet.json
 * added by each area's shell when its chunk loads (./shell.ts, ./intranet.ts, ./extranet.ts), and
 * fr.account.json by the forgot-password, set-password and
 * verify-email screens (./account.ts), so the login page does not carry texts it never shows.
 */
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };

const catalogue: Tree = {};
const plurals = new Intl.PluralRules('fr-FR');

/**
 * Adds `source` into `target`. A section new to the catalogue is kept as it is (no deep copy: an
 * area's catalogue is tens of KB, and copying it took about 25 ms of the phone's first load); a
 * section merged into is copied first, one level, so that no imported file is ever changed.
 */
function merge(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === 'object' && typeof current === 'object') {
      const copy = { ...current };
      merge(copy, value);
      target[key] = copy;
    } else target[key] = value;
  }
}

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key`, interpolated; the key itself when missing (visible in review, never a crash). */
export function t(key: string, options?: TOptions): string {
  const count = options?.count;
  const text =
    (count === undefined ? undefined : (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`))) ??
    lookup(key) ??
    options?.defaultValue;
  if (text === undefined) return key;
  if (!options) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
}

export type TFunction = typeof t;

const i18n = {
  language: 'fr',
  t,
  /** Adds an area's sections to the catalogue (same call shape as i18next's). */
  addResourceBundle(_language: 'fr', _namespace: 'translation', resources: Tree, _deep = true, _overwrite = false) {
    merge(catalogue, resources);
  },
};
i18n.addResourceBundle('fr', 'translation', fr as Tree);

/** The hook the components use: texts never change at run time, so nothing re-renders. */
export function useTranslation() {
  return { t, i18n };
}

export default i18n;
