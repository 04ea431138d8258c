import type { SignatureRequestStatus } from '../../integrations/esign/provider.js';
import type { SandboxRequest } from '../../integrations/esign/sandbox.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f4f8;color:#1f2937}
header{background:#1d3557;color:#fff;padding:14px 24px;display:flex;align-items:center;gap:12px}
header strong{font-size:17px}
.badge{background:#f4a261;color:#1d3557;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
main.confirming aside{order:-1}
main{max-width:1080px;margin:24px auto;padding:0 16px;display:grid;grid-template-columns:1fr 320px;gap:20px}
@media (max-width:860px){main{grid-template-columns:1fr}}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:20px}
aside.card{align-self:start}
h1{font-size:20px;margin:0 0 6px}
.muted{color:#4b5563;font-size:14px}
.viewer{height:75vh;min-height:420px;padding:0;overflow:hidden}
.viewer iframe{width:100%;height:100%;border:0}
dl{margin:16px 0;font-size:14px}dt{color:#4b5563}dd{margin:0 0 10px}
form{margin:0}
button{width:100%;padding:12px;border-radius:8px;border:0;font-size:15px;font-weight:600;cursor:pointer;margin-top:10px}
.sign{background:#1f7a70;color:#fff}.sign:hover{background:#19665d}
.decline{background:#fff;color:#b42318;border:1px solid #e4a29b}.decline:hover{background:#fef3f2}
.state{border-radius:8px;padding:12px;font-weight:600;margin-top:12px}
.ok{background:#e8f6f0;color:#11643d}.ko{background:#fef3f2;color:#b42318}
.notice{font-size:12px;color:#5b6370;margin-top:16px;line-height:1.5}
.confirm{border:1px solid #e4a29b;border-radius:8px;padding:12px;background:#fffbfa}
.confirm h2{font-size:16px;margin:0 0 6px;color:#b42318}
a{color:#1d3557}
`;

const STATE_TEXT: Partial<Record<SignatureRequestStatus, { text: string; ok: boolean }>> = {
  signed: { text: 'Document signé. Merci !', ok: true },
  declined: { text: 'Vous avez refusé de signer ce document.', ok: false },
  expired: { text: 'Cette demande de signature a expiré.', ok: false },
  cancelled: { text: 'Cette demande de signature a été annulée.', ok: false },
};

/** The hosted signing page of the sandbox provider: the document, then "Signer" or "Refuser". */
export function renderSandboxPage(
  row: SandboxRequest,
  status: SignatureRequestStatus,
  basePath: string,
  back: { success: string; decline: string },
  confirmDecline = false,
): string {
  const id = encodeURIComponent(row.id);
  const signer = `${row.signerFirstName} ${row.signerLastName}`;
  const state = STATE_TEXT[status];
  // A request with no way back (an agency's document sent to anyone) ends on this page.
  const ownPage = `${basePath}/${id}`;
  const backUrl = status === 'signed' ? back.success : back.decline;
  const isQuote = back.success !== ownPage;
  // "Refuser" is final: it first asks to confirm (a page of its own, no script needed).
  const ongoing = confirmDecline
    ? `<div class="confirm" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <h2 id="confirm-title">Refuser définitivement ce document ?</h2>
      <p id="confirm-text" class="muted">Ce choix est définitif : ${isQuote ? 'le devis sera marqué refusé' : 'le document sera marqué refusé'} et ne pourra plus être signé.</p>
      <form method="post" action="${basePath}/${id}:decline"><button class="decline" type="submit" autofocus>Confirmer le refus</button></form>
      <p class="muted"><a href="${basePath}/${id}">Annuler et revenir au document</a></p></div>`
    : `<form method="post" action="${basePath}/${id}:sign"><button class="sign" type="submit">Signer</button></form>
      <form method="get" action="${basePath}/${id}"><input type="hidden" name="refuser" value="1"><button class="decline" type="submit">Refuser</button></form>`;
  const actions =
    status === 'ongoing'
      ? ongoing
      : `<div class="state ${state?.ok ? 'ok' : 'ko'}">${escapeHtml(state?.text ?? 'Cette demande ne peut plus être signée.')}</div>
      ${backUrl === ownPage ? '' : `<p class="muted"><a href="${escapeHtml(backUrl)}">Revenir à mon espace client</a></p>`}`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signature électronique – ${escapeHtml(row.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Signature électronique</strong><span class="badge">Bac à sable</span></header>
<main${confirmDecline && status === 'ongoing' ? ' class="confirming"' : ''}>
  <section class="card viewer" aria-label="Document à signer">
    <iframe src="${basePath}/${id}/document" title="${escapeHtml(row.documentName)}"></iframe>
  </section>
  <aside class="card">
    <h1>${escapeHtml(row.name)}</h1>
    <p class="muted">Lisez le document, puis signez-le ou refusez-le.</p>
    <dl>
      <dt>Signataire</dt><dd>${escapeHtml(signer)}<br>${escapeHtml(row.signerEmailAddress)}</dd>
      <dt>Document</dt><dd><a href="${basePath}/${id}/document" target="_blank" rel="noopener">${escapeHtml(row.documentName)}</a></dd>
    </dl>
    ${actions}
    <p class="notice">Environnement de démonstration : aucune signature n'a de valeur juridique. En production, la signature passe par Yousign.</p>
  </aside>
</main>
</body>
</html>`;
}

export function renderSandboxNotFound(): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Demande introuvable</title><style>${STYLE}</style></head>
<body><header><strong>Signature électronique</strong><span class="badge">Bac à sable</span></header>
<main style="display:block;max-width:560px"><div class="card"><h1>Demande de signature introuvable</h1>
<p class="muted">Ce lien de signature n'existe pas ou n'est plus valable. Revenez à votre espace client pour relancer la signature.</p>
<p><a href="/extranet">Aller à mon espace client</a></p></div></main></body></html>`;
}
