const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Already sanitized rich text (lib/rich-text.ts) shown after the paragraphs, with its plain words for the text part. */
  richText?: { html: string; text: string };
  /** The button; a mail that only informs (a job offer to its recipients) has none. */
  action?: { label: string; url: string };
  footnote: string;
}

const actionHtml = (action: { label: string; url: string }) =>
  `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#0b7a75;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#64748b">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${escapeHtml(action.url)}" style="color:#0b4f6c">${escapeHtml(action.url)}</a></p>`;

/** One branded layout for every mail: a plain-text part and an HTML part with the same content. */
export function renderMail(c: MailContent): { subject: string; text: string; html: string } {
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.richText ? [c.richText.text, ''] : []),
    ...(c.action ? [`${c.action.label} : ${c.action.url}`, ''] : []),
    c.footnote,
    '',
    "L'équipe Réseau Énergie",
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0b4f6c;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">Réseau Énergie</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(c.greeting)}</p>
${c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${c.richText ? `<div style="border-top:1px solid #e2e8f0;padding-top:12px">${c.richText.html}</div>` : ''}
${c.action ? actionHtml(c.action) : ''}
<p style="font-size:13px;color:#64748b">${escapeHtml(c.footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}
