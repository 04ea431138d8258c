// Gzipped JavaScript each entry route loads (the budget: login ≤ 150 KB, area chunks ≤ 350 KB).
// Run after `vite build`: node scripts/bundle-report.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

function total(keys) {
  return [...closure(keys)].reduce((sum, key) => sum + (manifest[key]?.file?.endsWith('.js') ? gz(manifest[key].file) : 0), 0);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = {
  'login (entry + login page)': [entry, 'src/features/auth/LoginPage.tsx'],
  'first connection form (extra)': ['src/features/auth/FirstConnectionForm.tsx'],
  'intranet shell + home': [entry, 'src/app/intranet/IntranetShell.tsx', 'src/features/intranet/home/HomePage.tsx'],
  'extranet shell + home': [entry, 'src/app/extranet/ExtranetShell.tsx', 'src/features/extranet/home/ExtranetHomePage.tsx'],
};
const extranetShell = [entry, 'src/app/extranet/ExtranetShell.tsx'];
for (const [name, page] of [
  ['contract', 'src/features/extranet/contract/ContractPage.tsx'],
  ['faq', 'src/features/extranet/faq/FaqPage.tsx'],
  ['personal info', 'src/features/extranet/personal-info/PersonalInfoPage.tsx'],
  ['payment return', 'src/features/extranet/payment/PaymentReturnPage.tsx'],
  ['payment cancel', 'src/features/extranet/payment/PaymentCancelPage.tsx'],
]) {
  routes[`extranet shell + ${name}`] = [...extranetShell, page];
}
for (const [name, keys] of Object.entries(routes)) {
  const missing = keys.filter((k) => !manifest[k]);
  if (missing.length) console.log(`${name}: missing ${missing.join(', ')}`);
  else console.log(`${name.padEnd(34)} ${(total(keys) / 1024).toFixed(1)} KB gzip`);
}
