import { renderMail } from '../../integrations/mail/layout.js';

const link = (base: string, path: string, params: Record<string, string>) => {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

export const authMails = {
  adminPasswordReset: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Réinitialisation de votre mot de passe',
      greeting: `Bonjour ${firstName},`,
      paragraphs: ["Vous avez demandé à réinitialiser le mot de passe de votre compte de l'intranet Réseau Énergie."],
      action: { label: 'Choisir un nouveau mot de passe', url: link(base, '/intranet/reset-password', { token }) },
      footnote:
        "Ce lien est valable une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    }),
  adminConnectionLink: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: "Votre accès à l'intranet Réseau Énergie",
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        "Un compte a été préparé pour vous sur l'intranet Réseau Énergie. Définissez votre mot de passe pour vous connecter.",
      ],
      action: { label: 'Définir mon mot de passe', url: link(base, '/intranet/reset-password', { token, init: 'true' }) },
      footnote: "Ce lien est valable 7 jours et ne sert qu'une fois.",
    }),
  clientPasswordReset: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Réinitialisation de votre mot de passe',
      greeting: `Bonjour ${firstName},`,
      paragraphs: ['Vous avez demandé à réinitialiser le mot de passe de votre espace client.'],
      action: { label: 'Choisir un nouveau mot de passe', url: link(base, '/extranet/reset-password', { token }) },
      footnote:
        "Ce lien est valable une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    }),
  clientEmailVerification: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Confirmez votre adresse email',
      greeting: `Bonjour ${firstName},`,
      paragraphs: ['Pour activer votre espace client, confirmez votre adresse email.'],
      action: { label: 'Confirmer mon adresse email', url: link(base, '/extranet/verify-email', { token }) },
      footnote: "Ce lien est valable 24 heures et ne sert qu'une fois.",
    }),
  clientEmailChange: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Confirmez votre nouvelle adresse email',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        'Vous avez demandé à utiliser cette adresse pour votre espace client. Confirmez-la pour terminer le changement.',
      ],
      action: { label: 'Confirmer cette adresse', url: link(base, '/extranet/verify-email', { token }) },
      footnote:
        "Ce lien est valable 24 heures et ne sert qu'une fois. Tant qu'il n'est pas utilisé, votre ancienne adresse reste active.",
    }),
};
