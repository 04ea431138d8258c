import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandError, readImportArgs, readKey } from './args.js';

const read = (argv: string[], env: Record<string, string> = {}) => readImportArgs(argv, env, '/home/agence/exports');
const refusal = (argv: string[]) => {
  try {
    read(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(CommandError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

describe('readImportArgs', () => {
  it('resolves the paths against the folder the user ran npm in, and takes the server from PUBLIC_URL', () => {
    const options = read(
      ['--agency', '3', '--type', 'quotation', 'devis.csv', '--dir', '../pdfs', '--errors-csv', 'erreurs.csv'],
      {
        PUBLIC_URL: 'https://reseau.example.fr/',
        RESEAU_API_KEY: 'rk_1',
      },
    );
    expect(options).toEqual({
      agencyId: 3,
      type: 'quotation',
      csvPath: '/home/agence/exports/devis.csv',
      pdfDir: '/home/agence/pdfs',
      url: 'https://reseau.example.fr',
      keySource: { env: 'rk_1' },
      errorsCsvPath: '/home/agence/exports/erreurs.csv',
    });
    expect(read(['--agency', '3', '--type', 'contract', 'c.csv', '--url', 'http://127.0.0.1:3000'])?.url).toBe(
      'http://127.0.0.1:3000',
    );
    expect(read(['--agency', '3', '--type', 'contract', 'c.csv'])?.url).toBe('http://localhost:3000');
    expect(read(['--agency', '3', '--type', 'contract', 'c.csv', '--key-file', 'cle.txt'])?.keySource).toEqual({
      file: '/home/agence/exports/cle.txt',
    });
    expect(read(['--help'])).toBeNull();
  });

  it('refuses the key on the command line, where ps and the shell history would show it', () => {
    for (const option of ['--key', '--key=rk_1', '--api-key', '--apikey=rk_1']) {
      expect(refusal(['--agency', '3', '--type', 'contract', 'c.csv', option])).toContain(
        'ne se donne pas sur la ligne de commande',
      );
    }
  });

  it('says what is missing or wrong, in French', () => {
    expect(refusal(['--type', 'contract', 'c.csv'])).toBe("Indiquez l'agence : --agency N (son numéro).");
    expect(refusal(['--agency', 'trois', '--type', 'contract', 'c.csv'])).toBe(
      "--agency attend un numéro d'agence, pas « trois ».",
    );
    expect(refusal(['--agency', '3', 'c.csv'])).toContain('Indiquez le type des éléments');
    expect(refusal(['--agency', '3', '--type', 'contrat', 'c.csv'])).toContain('Type inconnu « contrat »');
    expect(refusal(['--agency', '3', '--type', 'contract'])).toBe(
      'Indiquez un fichier CSV, un dossier de PDF (--dir), ou les deux.',
    );
    expect(refusal(['--agency', '3', '--type', 'contract', 'a.csv', 'b.csv'])).toContain('Un seul fichier CSV');
    expect(refusal(['--agency', '3', '--type', 'client', '--dir', 'pdfs'])).toContain('pas client');
    expect(refusal(['--agency', '3', '--type', 'contract', 'c.csv', '--url', 'localhost:3000'])).toContain(
      'Adresse du serveur invalide',
    );
    expect(refusal(['--agency', '3', '--type', 'contract', 'c.csv', '--force'])).toBe(
      'Option inconnue ou incomplète : --force (voir --help).',
    );
  });
});

describe('readKey', () => {
  it('reads the key from the environment or a file, trimmed; refuses none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'import-key-'));
    await writeFile(join(folder, 'cle.txt'), 'rk_dans_un_fichier\n');
    await writeFile(join(folder, 'vide.txt'), '\n');
    expect(await readKey({ env: ' rk_1 ' })).toBe('rk_1');
    expect(await readKey({ file: join(folder, 'cle.txt') })).toBe('rk_dans_un_fichier');
    await expect(readKey({ env: undefined })).rejects.toThrow(/^Clé d'API manquante : mettez-la dans la variable RESEAU_API_KEY/);
    await expect(readKey({ file: join(folder, 'vide.txt') })).rejects.toThrow('Le fichier de la clé est vide');
    await expect(readKey({ file: join(folder, 'absent.txt') })).rejects.toThrow('Le fichier de la clé est illisible');
  });
});
