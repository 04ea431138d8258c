import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AGENCY_API_KEY_HEADER,
  IMPORT_FILE_ITEM_TYPES,
  IMPORT_ITEM_TYPES,
  type ImportFileItemType,
  type ImportItemType,
} from '@reseau/contracts';

/** A mistake in the command line or its environment: one French sentence, exit code 1. */
export class CommandError extends Error {}

export interface ImportOptions {
  agencyId: number;
  type: ImportItemType;
  csvPath: string | null;
  pdfDir: string | null;
  url: string;
  /** Where the key is read from: a file (`--key-file`) or the environment. */
  keySource: { file: string } | { env: string | undefined };
  errorsCsvPath: string | null;
}

const DEFAULT_URL = 'http://localhost:3000';
export const KEY_ENV = 'RESEAU_API_KEY';

export const USAGE = `Usage : npm run import -- --agency N --type TYPE [fichier.csv] [--dir dossier-de-pdf]

Envoie un fichier CSV et/ou un dossier de PDF (nommés <référence>.pdf) à l'API d'import du serveur
en marche, avec la clé d'API de l'agence (${AGENCY_API_KEY_HEADER}).

  --agency N          numéro de l'agence : la clé doit être la sienne, sinon rien n'est envoyé
  --type TYPE         ${IMPORT_ITEM_TYPES.join(', ')} (--dir : ${IMPORT_FILE_ITEM_TYPES.join(', ')})
  --dir DOSSIER       joint chaque DOSSIER/<référence>.pdf à l'élément importé de cette référence
  --url URL           adresse du serveur (défaut : PUBLIC_URL, sinon ${DEFAULT_URL})
  --key-file FICHIER  fichier qui contient la clé (sinon la variable ${KEY_ENV})
  --errors-csv SORTIE écrit les éléments refusés dans un fichier CSV
  --help              cette aide

Codes de sortie : 0 tout est importé, 2 des éléments ont été refusés, 1 l'import a échoué.`;

/** Options that would put the key on the command line, where `ps` and the shell history show it. */
const KEY_ON_COMMAND_LINE = /^--(api-?key|key)(=|$)/;

/**
 * Reads the command line. `cwd` is where the user ran npm (INIT_CWD): npm runs the script from the
 * project root, but the user's paths are relative to their own folder. Returns null for --help.
 */
export function readImportArgs(argv: string[], env: Record<string, string | undefined>, cwd: string): ImportOptions | null {
  if (argv.some((a) => KEY_ON_COMMAND_LINE.test(a))) {
    throw new CommandError(
      `La clé ne se donne pas sur la ligne de commande (elle resterait visible dans ps et l'historique) : mettez-la dans la variable ${KEY_ENV} ou dans un fichier (--key-file).`,
    );
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    const option = /'([^']+)'/.exec((err as Error).message)?.[1];
    throw new CommandError(option ? `Option inconnue ou incomplète : ${option} (voir --help).` : `${(err as Error).message}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;

  const agencyId = Number(values.agency);
  if (values.agency === undefined) throw new CommandError("Indiquez l'agence : --agency N (son numéro).");
  if (!/^\d+$/.test(values.agency) || agencyId < 1)
    throw new CommandError(`--agency attend un numéro d'agence, pas « ${values.agency} ».`);

  const type = values.type as ImportItemType | undefined;
  if (!type) throw new CommandError(`Indiquez le type des éléments : --type ${IMPORT_ITEM_TYPES.join(', ')}.`);
  if (!IMPORT_ITEM_TYPES.includes(type)) {
    throw new CommandError(`Type inconnu « ${type} » : les types possibles sont ${IMPORT_ITEM_TYPES.join(', ')}.`);
  }
  if (positionals.length > 1) throw new CommandError('Un seul fichier CSV par commande (un type par fichier).');
  const [csv] = positionals;
  if (!csv && !values.dir) throw new CommandError('Indiquez un fichier CSV, un dossier de PDF (--dir), ou les deux.');
  if (values.dir && !IMPORT_FILE_ITEM_TYPES.includes(type as ImportFileItemType)) {
    throw new CommandError(`--dir joint les PDF des types ${IMPORT_FILE_ITEM_TYPES.join(', ')}, pas ${type}.`);
  }

  const url = values.url ?? env.PUBLIC_URL ?? DEFAULT_URL;
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) throw new CommandError(`Adresse du serveur invalide : « ${url} ».`);

  return {
    agencyId,
    type,
    csvPath: csv ? resolve(cwd, csv) : null,
    pdfDir: values.dir ? resolve(cwd, values.dir) : null,
    url: url.replace(/\/+$/, ''),
    keySource: values['key-file'] ? { file: resolve(cwd, values['key-file']) } : { env: env[KEY_ENV] },
    errorsCsvPath: values['errors-csv'] ? resolve(cwd, values['errors-csv']) : null,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      agency: { type: 'string' },
      type: { type: 'string' },
      dir: { type: 'string' },
      url: { type: 'string' },
      'key-file': { type: 'string' },
      'errors-csv': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** The agency key, from its file or the environment; never from argv. */
export async function readKey(source: ImportOptions['keySource']): Promise<string> {
  if ('env' in source) {
    const key = source.env?.trim();
    if (!key) {
      throw new CommandError(
        `Clé d'API manquante : mettez-la dans la variable ${KEY_ENV} ou dans un fichier (--key-file). Elle se crée dans Mon agence → Connexion à votre logiciel.`,
      );
    }
    return key;
  }
  let text: string;
  try {
    text = await readFile(source.file, 'utf8');
  } catch {
    throw new CommandError(`Le fichier de la clé est illisible : ${source.file}`);
  }
  const key = text.trim();
  if (!key) throw new CommandError(`Le fichier de la clé est vide : ${source.file}`);
  return key;
}
