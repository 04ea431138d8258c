import { formatEuros } from '../../lib/french.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface SandboxPageData {
  id: string;
  amount: number;
  merchantName: string;
  reference: string;
  emailAddress: string;
  status: string;
  returnUrl: string;
  cancelUrl: string;
}

const styles = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef2f6;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e}
main{width:100%;max-width:440px;margin:24px;background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(11,79,108,.12);overflow:hidden}
header{background:#0b4f6c;color:#fff;padding:18px 24px}
header p{margin:0;font-size:13px;opacity:.85}
header h1{margin:4px 0 0;font-size:19px}
.banner{background:#fff4e0;color:#8a5300;font-size:13px;padding:10px 24px;border-bottom:1px solid #f5d9a8}
section{padding:24px}
.amount{font-size:34px;font-weight:700;margin:0;color:#0b4f6c}
.amount small{font-size:15px;font-weight:600;color:#495057;margin-left:6px}
dl{margin:18px 0 0;display:grid;grid-template-columns:auto 1fr;gap:8px 16px;font-size:14px}
dt{color:#6c757d}dd{margin:0;text-align:right;word-break:break-all}
.card{margin-top:20px;border:1px dashed #ced4da;border-radius:10px;padding:12px 14px;font-size:13px;color:#495057;background:#f8f9fa}
.actions{display:flex;gap:12px;margin-top:24px}
form{flex:1;margin:0}
button{width:100%;font-family:inherit;padding:13px 16px;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;border:1px solid transparent}
.pay{background:#0b7a75;color:#fff}.pay:hover{background:#096662}
.cancel{background:#fff;color:#495057;border-color:#ced4da}.cancel:hover{background:#f1f3f5}
.state{font-size:15px;line-height:1.5}
a.back{display:inline-block;margin-top:16px;color:#0b4f6c;font-weight:600}
footer{padding:0 24px 20px;font-size:12px;color:#5f676f;text-align:center}
`;

/** The sandbox's hosted payment page: French, self-contained (inline CSS, no script). */
export function renderSandboxPage(p: SandboxPageData): string {
  const base = `/api/payment-sandbox/${encodeURIComponent(p.id)}`;
  const body =
    p.status === 'pending'
      ? `<div class="actions">
<form method="post" action="${base}:pay"><button class="pay" type="submit">Payer</button></form>
<form method="post" action="${base}:cancel"><button class="cancel" type="submit">Annuler</button></form>
</div>`
      : `<p class="state">${p.status === 'paid' ? 'Ce paiement a déjà été effectué.' : 'Ce paiement a été annulé.'}</p>
<a class="back" href="${escapeHtml(p.status === 'paid' ? p.returnUrl : p.cancelUrl)}">Retour à votre espace client</a>`;
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Paiement sécurisé — ${escapeHtml(p.merchantName)}</title><style>${styles}</style></head>
<body><main>
<header><p>Paiement par carte bancaire</p><h1>${escapeHtml(p.merchantName)}</h1></header>
<div class="banner">Environnement de démonstration : aucun paiement réel n'est effectué.</div>
<section>
<p class="amount">${escapeHtml(formatEuros(p.amount))}<small>TTC</small></p>
<dl><dt>Référence</dt><dd>Facture ${escapeHtml(p.reference)}</dd><dt>Email</dt><dd>${escapeHtml(p.emailAddress)}</dd></dl>
<div class="card">Carte de test acceptée d'office : aucune saisie n'est demandée.</div>
${body}
</section>
<footer>Page de paiement simulée par Réseau Énergie</footer>
</main></body></html>`;
}
